import { useState } from 'react';
import { toast } from 'react-toastify';
import type { TApplicant } from '@hirecast/domain/application';
import { DeadlineDialog } from '../../../components/interview/deadline-dialog.tsx';
import { useJobInterview } from '../../../lib/interview.ts';
import { useInviteApplicant } from '../api/invite-applicant.ts';
import { applicantName } from './applicant-display.ts';

/**
 * Issue 25 item 2: "Invite to interview" from a row of the applicants list, when the job's interview takes
 * invitations. `inviteFor` gives a row its action (none for viewers, withdrawn or already invited applicants);
 * `dialog` asks for the deadline and sends.
 */
export function useInviteFromRow(jobId: string, isViewer: boolean) {
  const jobInterview = useJobInterview(jobId);
  const invite = useInviteApplicant(jobId);
  const [inviting, setInviting] = useState<TApplicant | null>(null);
  const canInvite = !isViewer && Boolean(jobInterview.data?.asStage);
  const inviteFor = (a: TApplicant) =>
    canInvite && !a.interview && a.status !== 'withdrawn' ? () => setInviting(a) : undefined;
  const dialog = inviting && (
    <DeadlineDialog
      open
      title="Invite to interview"
      action="Send invitation"
      intro={`${applicantName(inviting)} gets an email with a private link to answer the job’s ${
        jobInterview.data?.questions.length ?? ''
      } interview questions by the deadline.`}
      onClose={() => setInviting(null)}
      onSubmit={(days) =>
        invite
          .mutateAsync({ applicationId: inviting._id, body: { days } })
          .then(() => toast.success(`Invitation sent to ${applicantName(inviting)}`))
      }
    />
  );
  return { inviteFor, dialog };
}
