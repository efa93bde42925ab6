import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { applicantMessages } from '@hirecast/domain/applicants';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
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
  const navigate = useNavigate();
  const remove = useDeleteApplicant();
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
  return (
    <ConfirmDialog
      open
      title={`Delete ${name}?`}
      confirmLabel="Delete applicant"
      destructive
      onConfirm={confirm}
      onClose={onClose}
    >
      Their application, CV, video, notes and ratings will be deleted for everyone on your team. This cannot
      be undone.
    </ConfirmDialog>
  );
}
