import { toast } from 'react-toastify';
import type { TJob } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { useDeleteJob } from '../../api/delete-job.ts';

// spec 1 §2 Dialogs: delete confirmation.
export function DeleteJobDialog({ job, onClose }: { job: Pick<TJob, '_id' | 'title'>; onClose: () => void }) {
  const remove = useDeleteJob();
  const title = job.title.trim() || jobMessages.untitledJob;
  // mutateAsync, not mutate with callbacks: the refreshed list drops this card (and this dialog) before
  // per-call callbacks would run, and the toast must still show. A failure keeps the question open.
  const confirm = async () => {
    try {
      await remove.mutateAsync(job._id);
    } catch (err) {
      toast.error(jobMessages.deleteFailure);
      throw err;
    }
    toast.success(jobMessages.deleted);
  };
  return (
    <ConfirmDialog
      open
      title="Delete this job?"
      confirmLabel="Delete"
      destructive
      onConfirm={confirm}
      onClose={onClose}
    >
      “{title}” and its applications will be removed. This cannot be undone.
    </ConfirmDialog>
  );
}
