import { useState } from 'react';
import { toast } from 'react-toastify';
import { STATUS_LETTER, type TApplicationStatus } from '@hirecast/domain/applicants';
import type { TApplicant } from '@hirecast/domain/application';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useChangeStatus } from '../api/change-status.ts';
import { useSendStatusLetter } from '../api/send-status-letter.ts';
import { applicantName } from './applicant-display.ts';
import { startingLetter, type TLetterContext } from './letter-text.ts';
import {
  StatusEmailDialog,
  statusChangedToast,
  type TStatusEmailChoice,
} from '../../../components/status-email-dialog.tsx';

type TPending = { applicant: TApplicant; status: TApplicationStatus };

/**
 * spec 2 §4 Changing status, the status menu's reading: a status with a letter (hired, rejected, interviewing,
 * shortlisted) opens its email dialog; any other changes at once. Returns the picker and the dialog to render.
 */
export function useStatusChange({
  jobId,
  letterContext,
  calendarLink,
}: {
  jobId: string;
  letterContext: TLetterContext;
  calendarLink: string | null;
}) {
  const [pending, setPending] = useState<TPending | null>(null);
  const change = useChangeStatus();
  const send = useSendStatusLetter();

  const changeOnly = (applicant: TApplicant, status: TApplicationStatus) =>
    change.mutate(
      { jobId, applicationId: applicant._id, status },
      {
        onSuccess: () => {
          setPending(null);
          toast.success(statusChangedToast(applicantName(applicant), status, false));
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );

  const pick = (applicant: TApplicant, status: TApplicationStatus) => {
    if (STATUS_LETTER[status]) setPending({ applicant, status });
    else changeOnly(applicant, status);
  };

  const choose = (choice: TStatusEmailChoice) => {
    if (!pending) return;
    const { applicant, status } = pending;
    if (choice.kind === 'status-only') return changeOnly(applicant, status);
    send.mutate(
      { jobId, applicationId: applicant._id, body: { status, ...choice.letter } },
      {
        onSuccess: () => {
          setPending(null);
          toast.success(statusChangedToast(applicantName(applicant), status, true));
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'MAIL_FAILED') {
            setPending(null);
            toast.warning(err.message);
          } else toast.error(errorMessage(err));
        },
      },
    );
  };

  const kind = pending ? STATUS_LETTER[pending.status] : undefined;
  const dialog =
    pending && kind ? (
      <StatusEmailDialog
        // A new pick starts from a fresh letter.
        key={`${pending.applicant._id}-${pending.status}`}
        applicantName={applicantName(pending.applicant)}
        email={pending.applicant._profile._user.email}
        status={pending.status}
        letter={startingLetter(kind, letterContext, applicantName(pending.applicant))}
        calendarLink={calendarLink}
        busy={change.isPending || send.isPending}
        pending={send.isPending ? 'email' : change.isPending ? 'status' : null}
        onChoose={choose}
        onClose={() => setPending(null)}
      />
    ) : null;

  return { pick, dialog, busy: change.isPending };
}
