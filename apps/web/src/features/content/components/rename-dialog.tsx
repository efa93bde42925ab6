import { useState } from 'react';
import { toast } from 'react-toastify';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ASSET_LIMITS, assetMessages } from '@hirecast/domain/asset';
import { errorMessage } from '../../../lib/api-client.ts';
import type { TAssetKind } from '../api/delete-asset.ts';
import { useUpdateAsset } from '../api/update-asset.ts';
import { useUpdateImageAsset } from '../api/update-image-asset.ts';

// spec 3 §5 Text and tags: a title is at most 90 characters.
export function RenameDialog({
  asset,
  kind,
  onClose,
}: {
  asset: { _id: string; title: string };
  kind: TAssetKind;
  onClose: () => void;
}) {
  const [title, setTitle] = useState(asset.title);
  const [touched, setTouched] = useState(false);
  const video = useUpdateAsset();
  const image = useUpdateImageAsset();
  const pending = video.isPending || image.isPending;
  const error = title.trim() ? null : assetMessages.titleRequired;
  const save = async () => {
    setTouched(true);
    if (error) return;
    try {
      if (kind === 'video') await video.mutateAsync({ id: asset._id, body: { title: title.trim() } });
      else await image.mutateAsync({ id: asset._id, title: title.trim() });
      toast.success('The title has been saved');
      onClose();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby="rename-title"
      maxWidth="xs"
      fullWidth
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <DialogTitle id="rename-title">Rename</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            label="Title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={touched && Boolean(error)}
            helperText={touched && error ? error : `${title.length}/${ASSET_LIMITS.titleMax}`}
            slotProps={{ htmlInput: { maxLength: ASSET_LIMITS.titleMax } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={pending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
