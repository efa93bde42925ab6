import { useState } from 'react';
import { toast } from 'react-toastify';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ACCOMMODATION_LABEL,
  ACCOMMODATIONS,
  INTERVIEW_STATE_LABELS,
  type TAccommodation,
} from '@hirecast/domain/interview';
import type { TApplicationRef } from '../api/application-path.ts';
import {
  useInviteToInterview,
  useRateAnswer,
  useReopenQuestion,
  useUpdateInterviewSession,
} from '../api/change-interview.ts';
import { DeadlineDialog } from '../../../components/interview/deadline-dialog.tsx';
import { useJobInterview } from '../../../lib/interview.ts';
import { useApplicantInterview } from '../api/get-applicant-interview.ts';
import { InterviewAnswerCard } from './interview-answer-card.tsx';
import { ShareDialog } from './interview-dialogs.tsx';
import { SectionCard } from './section-card.tsx';

const date = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * Issue 25 items 2 and 4 on the applicant page: invite to the interview; then each answer under its question with
 * every member's rating and the averages; extend the deadline, re-open a question, give extra time, share for an
 * outside review. Viewers watch and rate.
 */
export function InterviewSection({
  applicationRef,
  canManage,
  withdrawn,
}: {
  applicationRef: TApplicationRef;
  canManage: boolean;
  withdrawn: boolean;
}) {
  const session = useApplicantInterview(applicationRef);
  const jobInterview = useJobInterview(applicationRef.jobId);
  const invite = useInviteToInterview(applicationRef);
  const update = useUpdateInterviewSession(applicationRef);
  const reopen = useReopenQuestion(applicationRef);
  const rate = useRateAnswer(applicationRef);
  const [dialog, setDialog] = useState<'invite' | 'extend' | 'share' | null>(null);

  if (session.data === undefined) return null;
  const s = session.data;
  if (!s) {
    if (!jobInterview.data?.asStage || !canManage || withdrawn) return null;
    return (
      <SectionCard title="Interview" labelId="applicant-interview">
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          Invite this candidate to answer the job’s {jobInterview.data.questions.length} interview questions.
          They get an email with a private link and a deadline.
        </Typography>
        <Button variant="contained" onClick={() => setDialog('invite')}>
          Invite to interview
        </Button>
        <DeadlineDialog
          open={dialog === 'invite'}
          title="Invite to interview"
          action="Send invitation"
          onClose={() => setDialog(null)}
          onSubmit={(days) => invite.mutateAsync({ days }).then(() => toast.success('Invitation sent'))}
        />
      </SectionCard>
    );
  }

  return (
    <SectionCard
      title="Interview"
      labelId="applicant-interview"
      action={
        <Chip
          label={INTERVIEW_STATE_LABELS[s.state]}
          color={s.state === 'completed' ? 'success' : 'default'}
          size="small"
        />
      }
    >
      <Stack spacing={2}>
        <Typography color="text.secondary">
          {s.answered} of {s.total} answered
          {s.deadline && ` · deadline ${date(s.deadline)}`}
          {s.score !== null && ` · overall score ${s.score.toFixed(1)} / 5`}
          {s.accommodation !== 'none' && ` · extra time ${ACCOMMODATION_LABEL[s.accommodation]}`}
        </Typography>
        {canManage && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
          >
            <Button variant="outlined" onClick={() => setDialog('extend')}>
              {s.state === 'expired' ? 'Re-open with a new deadline' : 'Extend deadline'}
            </Button>
            <TextField
              select
              size="small"
              label="Extra time"
              value={s.accommodation}
              sx={{ minWidth: 160 }}
              onChange={(e) =>
                update.mutate(
                  { accommodation: e.target.value as TAccommodation },
                  {
                    onSuccess: () => toast.success('Extra time saved'),
                    onError: (err) => toast.error(err.message),
                  },
                )
              }
            >
              {ACCOMMODATIONS.map((a) => (
                <MenuItem key={a} value={a}>
                  {a === 'none' ? 'None' : ACCOMMODATION_LABEL[a]}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="outlined" onClick={() => setDialog('share')}>
              Share for review
            </Button>
            {s.link && (
              <Button
                onClick={() =>
                  void navigator.clipboard
                    ?.writeText(s.link ?? '')
                    .then(() => toast.success('Candidate link copied'))
                }
              >
                Copy candidate link
              </Button>
            )}
          </Stack>
        )}
        {s.questions.map((q, i) => (
          <InterviewAnswerCard
            key={q._id}
            question={q}
            index={i}
            jobId={applicationRef.jobId}
            canManage={canManage}
            onRate={(answerId, stars, comment) =>
              rate.mutateAsync({ answerId, stars, comment }).then(
                () => toast.success('Rating saved'),
                (err: Error) => toast.error(err.message),
              )
            }
            onReopen={() =>
              reopen.mutate(q._id, {
                onSuccess: () => toast.success(`Question ${i + 1} re-opened`),
                onError: (err) => toast.error(err.message),
              })
            }
          />
        ))}
      </Stack>
      <DeadlineDialog
        open={dialog === 'extend'}
        title="Extend the deadline"
        action="Save deadline"
        onClose={() => setDialog(null)}
        onSubmit={(days) => update.mutateAsync({ days }).then(() => toast.success('Deadline extended'))}
      />
      {/* Mounted when opened, so its default expiry counts from now. */}
      {dialog === 'share' && (
        <ShareDialog open onClose={() => setDialog(null)} applicationRef={applicationRef} />
      )}
    </SectionCard>
  );
}
