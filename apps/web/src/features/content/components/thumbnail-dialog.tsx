import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import FileUploadOutlinedIcon from '@mui/icons-material/FileUploadOutlined';
import { checkMediaFile, MAX_THUMBNAILS_SHOWN, type TVideoAsset } from '@hirecast/domain/asset';
import { useUpdateAsset } from '../api/update-asset.ts';
import { uploadImageFile } from '../api/upload-image.ts';
import {
  isSixteenByNine,
  readImageSize,
  THUMBNAIL_RATIO_MESSAGE,
  THUMBNAIL_UPLOAD_FAILED,
} from './thumbnail-check.ts';

const gridFor = (portrait: boolean) =>
  ({
    display: 'grid',
    gap: 1.5,
    // room for the selection outline, which the dialog would otherwise clip
    p: 0.5,
    gridTemplateColumns: portrait
      ? { xs: 'repeat(3, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' }
      : { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
  }) as const;

// spec 3 §2 Thumbnail selector: empty, skeleton (generating) and gallery; a custom thumbnail may be uploaded.
export function ThumbnailDialog({ asset, onClose }: { asset: TVideoAsset; onClose: () => void }) {
  const current = asset.data.customThumbnailUrl ?? asset.data.thumbnailUrl ?? null;
  const [selected, setSelected] = useState<string | null>(current);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const update = useUpdateAsset();
  const thumbnails = asset.thumbnails.slice(0, MAX_THUMBNAILS_SHOWN);
  const generating = thumbnails.length === 0 && asset.status === 'in progress';
  const portrait = asset.dimension === 'portrait';
  const grid = gridFor(portrait);
  const ratio = portrait ? '9 / 16' : '16 / 9';
  const gallery = selected && !thumbnails.includes(selected) ? [selected, ...thumbnails] : thumbnails;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const wrong = checkMediaFile('thumbnail', file);
    if (wrong) return setError(wrong);
    try {
      const size = await readImageSize(file);
      if (asset.dimension !== 'portrait' && !isSixteenByNine(size)) return setError(THUMBNAIL_RATIO_MESSAGE);
    } catch {
      return setError(THUMBNAIL_RATIO_MESSAGE);
    }
    abort.current = new AbortController();
    setProgress(0);
    try {
      const { url } = await uploadImageFile({ file, onProgress: setProgress, signal: abort.current.signal });
      setSelected(url);
    } catch (err) {
      if (!(err instanceof DOMException && err.name === 'AbortError')) setError(THUMBNAIL_UPLOAD_FAILED);
    } finally {
      setProgress(null);
    }
  };

  const save = async () => {
    try {
      await update.mutateAsync({
        id: asset._id,
        body: { customThumbnailUrl: selected, customMobileThumbnailUrl: selected },
      });
      toast.success('The thumbnail has been saved');
      onClose();
    } catch {
      toast.error(THUMBNAIL_UPLOAD_FAILED);
    }
  };

  let body;
  if (generating)
    body = (
      <Box sx={grid} role="status" aria-label="Generating thumbnails">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} variant="rounded" sx={{ aspectRatio: ratio, height: 'auto' }} />
        ))}
      </Box>
    );
  else if (gallery.length === 0)
    body = (
      <Typography color="text.secondary" sx={{ py: 5, textAlign: 'center' }}>
        There are no thumbnails for this video yet. Upload your own below.
      </Typography>
    );
  else
    body = (
      <Box sx={grid} role="radiogroup" aria-label="Thumbnails">
        {gallery.map((url, index) => {
          const checked = url === selected;
          return (
            <ButtonBase
              key={url}
              role="radio"
              aria-checked={checked}
              aria-label={`Thumbnail ${index + 1}`}
              onClick={() => setSelected(url)}
              sx={{
                position: 'relative',
                borderRadius: 1,
                overflow: 'hidden',
                outline: checked ? 3 : 1,
                outlineColor: checked ? 'primary.main' : 'divider',
                aspectRatio: ratio,
                bgcolor: 'grey.900',
              }}
            >
              <Box
                component="img"
                src={url}
                alt=""
                sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
              />
              {checked && (
                <CheckCircleIcon
                  color="primary"
                  sx={{
                    position: 'absolute',
                    top: 6,
                    right: 6,
                    bgcolor: 'common.white',
                    borderRadius: '50%',
                  }}
                />
              )}
            </ButtonBase>
          );
        })}
      </Box>
    );

  return (
    <Dialog
      open
      onClose={update.isPending ? undefined : onClose}
      aria-labelledby="thumbnail-title"
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id="thumbnail-title">Thumbnail</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Choose the picture shown before “{asset.title}” plays, or upload your own
          {portrait ? '' : ' (16:9, 1280x720px recommended)'}.
        </Typography>
        {body}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        {progress !== null && (
          <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 2 }}>
            <LinearProgress
              variant="determinate"
              value={progress}
              sx={{ flex: 1 }}
              aria-label="Upload progress"
            />
            <Button size="small" onClick={() => abort.current?.abort()}>
              Cancel
            </Button>
          </Box>
        )}
        <input
          ref={input}
          type="file"
          hidden
          accept="image/jpeg,image/png,image/webp"
          onChange={(event) => {
            void onFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Button
          startIcon={<FileUploadOutlinedIcon />}
          onClick={() => input.current?.click()}
          disabled={progress !== null}
        >
          Upload custom thumbnail
        </Button>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button
            variant="contained"
            onClick={() => void save()}
            loading={update.isPending}
            disabled={!selected || selected === current || progress !== null}
          >
            Save
          </Button>
        </Box>
      </DialogActions>
    </Dialog>
  );
}
