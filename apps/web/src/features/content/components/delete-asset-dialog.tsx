import { toast } from 'react-toastify';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
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
  const confirm = async () => {
    try {
      await remove.mutateAsync({ id: asset._id, kind });
      toast.success('Successfully deleted');
      onClose();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <Dialog
      open
      onClose={remove.isPending ? undefined : onClose}
      aria-labelledby="delete-asset-title"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="delete-asset-title">Delete this {kind}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          “{asset.title}” will be removed from your library. This cannot be undone.
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
