import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteAsset, type TAssetKind } from '../api/delete-asset.ts';

// spec 3 §2 Dialogs: delete confirmation; §8: 'Successfully deleted'.
export function DeleteAssetDialog({
  asset,
  kind,
  onClose,
}: {
  asset: { _id: string; title: string };
  kind: TAssetKind;
  onClose: () => void;
}) {
  const remove = useDeleteAsset();
  // mutateAsync: the refreshed list drops this card (and this dialog) before per-call callbacks would run.
  // A failure keeps the question open.
  const confirm = async () => {
    try {
      await remove.mutateAsync({ id: asset._id, kind });
    } catch (err) {
      toast.error(errorMessage(err));
      throw err;
    }
    toast.success('Successfully deleted');
  };
  return (
    <ConfirmDialog
      open
      title={`Delete this ${kind}?`}
      confirmLabel="Delete"
      destructive
      onConfirm={confirm}
      onClose={onClose}
    >
      “{asset.title}” will be removed from your library. This cannot be undone.
    </ConfirmDialog>
  );
}
