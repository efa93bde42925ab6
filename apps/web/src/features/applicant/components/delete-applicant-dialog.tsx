import { useId } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { applicantMessages } from '@hirecast/domain/applicants';
import { errorMessage } from '../../../lib/api-client.ts';
import type { TApplicationRef } from '../api/application-path.ts';
import { useDeleteApplicant } from '../api/delete-applicant.ts';

/** spec 2 §7 DELETE application; §8 'The candidate has been successfully deleted.'; then back to the list. */
export function DeleteApplicantDialog({
  application,
  name,
  listLink,
  onClose,
}: {
  application: TApplicationRef;
  name: string;
  listLink: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const navigate = useNavigate();
  const remove = useDeleteApplicant();
  const confirm = async () => {
    try {
      await remove.mutateAsync(application);
      toast.success(applicantMessages.deleted);
      await navigate(listLink, { replace: true });
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <Dialog
      open
      onClose={remove.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Delete {name}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Their application, CV, video, notes and ratings will be deleted for everyone on your team. This
          cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={() => void confirm()} loading={remove.isPending}>
          Delete applicant
        </Button>
      </DialogActions>
    </Dialog>
  );
}
