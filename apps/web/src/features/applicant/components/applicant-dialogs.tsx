import type { TApplicant } from '@hirecast/domain/application';
import type { TManager } from '@hirecast/domain/auth';
import type { TJob } from '@hirecast/domain/job';
import { useCompany } from '../../../lib/company.ts';
import type { TDialog } from './applicant-actions.tsx';
import { DeleteApplicantDialog } from './delete-applicant-dialog.tsx';
import { HistoryDialog } from './history-dialog.tsx';
import { draftFor } from './letter-draft.ts';
import { NotesDialog } from './notes-dialog.tsx';
import { RatingDialog } from './rating-dialog.tsx';
import { StatusLetterDialog } from './status-letter-dialog.tsx';
import { WriteLetterDialog } from './write-letter-dialog.tsx';

/** The one dialog open on the applicant page. */
export function ApplicantDialogs({
  dialog,
  applicant,
  job,
  me,
  canEmail,
  name,
  listLink,
  onClose,
}: {
  dialog: TDialog | null;
  applicant: TApplicant;
  job: TJob;
  me: TManager;
  /** Viewers read the history but send nothing (spec 2 §6); nor does anyone to a candidate who withdrew. */
  canEmail: boolean;
  name: string;
  listLink: string;
  onClose: () => void;
}) {
  const company = useCompany(me._company);
  if (!dialog) return null;
  const application = { jobId: job._id, id: applicant._id };
  const letters = company.data?.letters ?? [];
  const letter = { applicant, job, me, letters, onClose };
  switch (dialog.type) {
    case 'status':
      return <StatusLetterDialog status={dialog.status} {...letter} />;
    case 'write':
      return <WriteLetterDialog kind={dialog.kind} {...letter} />;
    case 'notes':
      return <NotesDialog application={application} meId={me._id} name={name} onClose={onClose} />;
    case 'rating':
      return <RatingDialog application={application} meId={me._id} name={name} onClose={onClose} />;
    case 'history':
      return (
        <HistoryDialog
          application={application}
          name={name}
          draftOf={canEmail ? (kind) => draftFor(kind, letter).text : null}
          onClose={onClose}
        />
      );
    case 'delete':
      return (
        <DeleteApplicantDialog
          application={application}
          applicant={applicant}
          name={name}
          listLink={listLink}
          onClose={onClose}
        />
      );
  }
}
