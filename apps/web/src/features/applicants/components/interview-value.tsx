import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import StarRoundedIcon from '@mui/icons-material/StarRounded';
import type { TApplicant } from '@hirecast/domain/application';
import { INTERVIEW_STATE_LABELS, type TInterviewState } from '@hirecast/domain/interview';
import { BADGE_PALETTE } from './applicant-display.ts';
import { visuallyHidden } from '../../../components/visually-hidden.ts';

const STATE_PALETTE: Record<TInterviewState, keyof typeof BADGE_PALETTE> = {
  invited: 'grey',
  started: 'amber',
  completed: 'green',
  expired: 'red',
};

/**
 * Issue 25 item 4 in the applicants list: the interview's state and its score (the average of the answers'
 * stars), so a list sorted by interview score or filtered by completion shows why; or, for someone not yet
 * invited to a job that invites, the row's "Invite to interview".
 */
export function InterviewValue({
  applicant,
  name,
  onInvite,
}: {
  applicant: TApplicant;
  name: string;
  /** Set when this applicant can be invited (the job invites, the member may, no interview yet). */
  onInvite?: () => void;
}) {
  const interview = applicant.interview;
  if (!interview) {
    if (onInvite)
      return (
        <Button
          size="small"
          variant="outlined"
          onClick={(event) => {
            event.stopPropagation();
            onInvite();
          }}
          aria-label={`Invite ${name} to interview`}
          sx={{ py: 0, minHeight: 28, whiteSpace: 'nowrap' }}
        >
          Invite to interview
        </Button>
      );
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        <span aria-hidden="true">–</span>
        <Box component="span" sx={visuallyHidden}>
          No interview
        </Box>
      </Box>
    );
  }
  const palette = BADGE_PALETTE[STATE_PALETTE[interview.state]];
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
      <Box
        component="span"
        sx={{
          px: 1,
          py: 0.25,
          borderRadius: 999,
          fontSize: '0.8125rem',
          fontWeight: 600,
          bgcolor: palette.bg,
          color: palette.fg,
        }}
      >
        <Box component="span" sx={visuallyHidden}>
          Interview:{' '}
        </Box>
        {INTERVIEW_STATE_LABELS[interview.state]}
        {interview.state === 'started' && ` ${interview.answered}/${interview.total}`}
      </Box>
      {interview.score !== null && (
        <Box
          component="span"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, fontWeight: 600 }}
        >
          <StarRoundedIcon sx={{ fontSize: 18, color: '#B7791F' }} aria-hidden="true" />
          {interview.score.toFixed(1)}
          <Box component="span" sx={visuallyHidden}>
            out of 5 (interview score)
          </Box>
        </Box>
      )}
    </Box>
  );
}
