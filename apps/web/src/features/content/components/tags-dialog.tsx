import { useState } from 'react';
import { toast } from 'react-toastify';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { ASSET_LIMITS, assetMessages, type TVideoAsset } from '@hirecast/domain/asset';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTags } from '../api/get-tags.ts';
import { useUpdateAsset } from '../api/update-asset.ts';

/** Adds typed or chosen tags, trimmed and without duplicates, never more than 10 (spec 3 §5). */
export function nextTags(current: string[], chosen: string[]) {
  const unique = [...new Set(chosen.map((t) => t.trim()).filter(Boolean))];
  return unique.length > ASSET_LIMITS.tagsMax ? current : unique;
}

export function TagsDialog({ asset, onClose }: { asset: TVideoAsset; onClose: () => void }) {
  const [tags, setTags] = useState<string[]>(asset._tags);
  const [input, setInput] = useState('');
  const options = useTags();
  const update = useUpdateAsset();
  const full = tags.length >= ASSET_LIMITS.tagsMax;
  const save = async () => {
    try {
      await update.mutateAsync({ id: asset._id, body: { _tags: tags } });
      toast.success('Tags have been saved');
      onClose();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <Dialog
      open
      onClose={update.isPending ? undefined : onClose}
      aria-labelledby="tags-title"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="tags-title">Tags</DialogTitle>
      <DialogContent>
        <Tooltip title={full ? assetMessages.tooManyTags : ''} placement="top">
          <Autocomplete
            multiple
            freeSolo
            options={options.data?.tags ?? []}
            loading={options.isPending}
            value={tags}
            inputValue={input}
            onInputChange={(_e, value) => setInput(full ? '' : value)}
            onChange={(_e, value) => setTags((current) => nextTags(current, value))}
            getOptionDisabled={() => full}
            renderValue={(value, getItemProps) =>
              value.map((tag, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} label={tag} size="small" {...itemProps} />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label="Tags"
                placeholder={full ? undefined : 'Type a tag and press Enter'}
                helperText={full ? assetMessages.tooManyTags : `${tags.length}/${ASSET_LIMITS.tagsMax}`}
                sx={{ mt: 1 }}
              />
            )}
          />
        </Tooltip>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} loading={update.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
