import { useId } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { applicantMessages, deleteApplicantText } from '@hirecast/domain/applicants';
import type { TApplicant } from '@hirecast/domain/application';
import { privacyMessages } from '@hirecast/domain/privacy';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import type { TApplicationRef } from '../api/application-path.ts';
import { useDeleteApplicant } from '../api/delete-applicant.ts';

/**
 * spec 2 §7 DELETE application; §8 'The candidate has been successfully deleted.'; then back to the list. It names
 * only what the applicant has; under legal hold (issue 33) it says so before anyone tries, and offers no delete.
 */
export function DeleteApplicantDialog({
  application,
  applicant,
  name,
  listLink,
  onClose,
}: {
  application: TApplicationRef;
  applicant: TApplicant;
  name: string;
  listLink: string;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const remove = useDeleteApplicant();
  const titleId = useId();
  if (applicant.legalHold)
    return (
      <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{`${name} cannot be deleted`}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {privacyMessages.heldCannotDelete(applicant.legalHold.reason)}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={onClose}>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    );
  // A failure keeps the question open.
  const confirm = async () => {
    try {
      await remove.mutateAsync(application);
    } catch (err) {
      toast.error(errorMessage(err));
      throw err;
    }
    toast.success(applicantMessages.deleted);
    await navigate(listLink, { replace: true });
  };
  const info = applicant._profile.personalInfo;
  return (
    <ConfirmDialog
      open
      title={`Delete ${name}?`}
      confirmLabel="Delete applicant"
      destructive
      onConfirm={confirm}
      onClose={onClose}
    >
      {deleteApplicantText({
        cv: Boolean(info.cvUrl),
        video: applicant._profile._introduction !== null,
        interview: Boolean(applicant.interview),
        notes: applicant.noteCount > 0,
        ratings: applicant.markAvg !== null,
      })}
    </ConfirmDialog>
  );
}
