import dayjs from 'dayjs';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TApplicant } from '@hirecast/domain/application';
import { FIT_SCORE_MAX } from '@hirecast/domain/screening';
import { SectionCard } from './section-card.tsx';

const SCORER_LABEL = { offline: 'Scored by the built-in ranker', openai: 'Scored by the AI model' } as const;

/**
 * Issue 6 item 7: the AI fit score with its reasons, so the team sees why and is never handed a bare number:
 * the job's requirements the CV met (with the words that showed it) and those it did not.
 */
export function FitScoreCard({ applicant }: { applicant: TApplicant }) {
  const reasons = applicant.aiFitReasons;
  if (applicant.aiFitScore === null || !reasons) return null;
  const score = applicant.aiFitScore;
  return (
    <SectionCard title="AI fit score" labelId="applicant-fit">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h3" component="p" sx={{ fontWeight: 700, minWidth: 72 }}>
          {score.toFixed(1)}
          <Typography component="span" color="text.secondary" sx={{ fontSize: '1rem', fontWeight: 400 }}>
            {' '}
            / {FIT_SCORE_MAX}
          </Typography>
        </Typography>
        <Box sx={{ flex: 1 }}>
          <LinearProgress
            variant="determinate"
            value={(score / FIT_SCORE_MAX) * 100}
            aria-label={`Fit score ${score.toFixed(1)} of ${FIT_SCORE_MAX}`}
            sx={{ height: 8, borderRadius: 4 }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
            {reasons.summary}
          </Typography>
        </Box>
      </Stack>
      <List dense disablePadding aria-label="Requirements">
        {reasons.matched.map((m) => (
          <ListItem key={`met-${m.requirement}`} disableGutters alignItems="flex-start">
            <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
              <CheckCircleOutlineIcon color="success" fontSize="small" titleAccess="Met" />
            </ListItemIcon>
            <ListItemText
              primary={m.requirement}
              secondary={m.terms.length ? `Matched: ${m.terms.join(', ')}` : undefined}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
        {reasons.missed.map((requirement) => (
          <ListItem key={`missed-${requirement}`} disableGutters alignItems="flex-start">
            <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
              <RemoveCircleOutlineIcon color="disabled" fontSize="small" titleAccess="Not found in the CV" />
            </ListItemIcon>
            <ListItemText
              primary={requirement}
              secondary="Not found in the CV"
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere', color: 'text.secondary' } } }}
            />
          </ListItem>
        ))}
      </List>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {SCORER_LABEL[reasons.scorer]}
        {applicant.screeningProcessDate &&
          ` on ${dayjs(applicant.screeningProcessDate).format('D MMMM YYYY, HH:mm')}`}
        . A guide for your own judgement, not a decision.
      </Typography>
    </SectionCard>
  );
}
