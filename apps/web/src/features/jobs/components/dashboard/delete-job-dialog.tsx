import { toast } from 'react-toastify';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { TJob } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { useDeleteJob } from '../../api/delete-job.ts';

// spec 1 §2 Dialogs: delete confirmation.
export function DeleteJobDialog({ job, onClose }: { job: Pick<TJob, '_id' | 'title'>; onClose: () => void }) {
  const remove = useDeleteJob();
  const title = job.title.trim() || jobMessages.untitledJob;
  // mutateAsync, not mutate with callbacks: the refreshed list drops this card (and this dialog) before
  // per-call callbacks would run, and the toast must still show.
  const confirm = async () => {
    try {
      await remove.mutateAsync(job._id);
      toast.success(jobMessages.deleted);
      onClose();
    } catch {
      toast.error(jobMessages.deleteFailure);
    }
  };
  return (
    <Dialog
      open
      onClose={remove.isPending ? undefined : onClose}
      aria-labelledby="delete-job-title"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="delete-job-title">Delete this job?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          “{title}” and its applications will be removed. This cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={() => void confirm()} loading={remove.isPending}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
