import { useState } from 'react';
import { toast } from 'react-toastify';
import { STATUS_LETTER } from '@hirecast/domain/applicants';
import {
  StatusEmailDialog,
  statusChangedToast,
  type TStatusEmailChoice,
} from '../../../components/status-email-dialog.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useChangeStatus } from '../api/change-status.ts';
import { useSendLetter } from '../api/send-letter.ts';
import { candidateName, draftFor, type TLetterSource } from './letter-draft.ts';

export type TLetterStatus = 'rejected' | 'interviewing' | 'hired' | 'shortlisted';

/**
 * spec 2 §2 and §4: the rejection, connection (interview), hire and shortlist email dialogs of the applicant
 * page: the same dialog and toasts as the applicants list, with this page's letter and calls.
 */
export function StatusLetterDialog({
  status,
  applicant,
  job,
  me,
  letters,
  onClose,
}: {
  status: TLetterStatus;
  onClose: () => void;
} & TLetterSource) {
  const kind = STATUS_LETTER[status]!;
  const [letter] = useState(() => draftFor(kind, { applicant, job, me, letters }));
  const [pending, setPending] = useState<'status' | 'email' | null>(null);
  const change = useChangeStatus();
  const send = useSendLetter();
  const ref = { jobId: job._id, id: applicant._id };
  const name = candidateName(applicant);

  const choose = async (choice: TStatusEmailChoice) => {
    const which = choice.kind === 'status-only' ? 'status' : 'email';
    setPending(which);
    try {
      if (choice.kind === 'status-only') await change.mutateAsync({ ...ref, status });
      else {
        const { isIncludeCalendarLink, ...rest } = choice.letter;
        await send.mutateAsync({
          ...ref,
          body: { status, ...rest, ...(status === 'interviewing' && { isIncludeCalendarLink }) },
        });
      }
      toast.success(statusChangedToast(name, status, which === 'email'));
      onClose();
    } catch (err) {
      // The status changed but its email did not go: the dialog's work is done, the history offers the email.
      if (err instanceof ApiError && err.code === 'MAIL_FAILED') {
        toast.warning(err.message);
        onClose();
        return;
      }
      toast.error(errorMessage(err));
      setPending(null);
    }
  };

  return (
    <StatusEmailDialog
      applicantName={name}
      email={applicant._profile._user.email}
      status={status}
      letter={letter}
      calendarLink={me.calendarLink ?? null}
      busy={Boolean(pending)}
      pending={pending}
      onChoose={(choice) => void choose(choice)}
      onClose={onClose}
    />
  );
}
