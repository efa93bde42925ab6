import { useId, useState, type DragEvent } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloudUpload from '@mui/icons-material/CloudUploadOutlined';
import { ASSET_LIMITS, assetMessages, checkVideoFile, type TVideoAsset } from '@hirecast/domain/asset';
import { useCreateAsset } from './api/create-asset.ts';
import { mediaMessages } from './media-messages.ts';
import { UploadProgress } from './upload-progress.tsx';
import { useVideoUpload } from './use-video-upload.ts';

type TProps = { open: boolean; onClose: () => void; onSaved: (asset: TVideoAsset) => void };

// spec 3 §5 'Add video dialog': mp4, webm, quicktime, x-msvideo, avi up to 500 MB, with the spec's messages.
export function UploadVideoDialog({ open, onClose, onSaved }: TProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      {open && <UploadForm onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function UploadForm({ onClose, onSaved }: Omit<TProps, 'open'>) {
  const [file, setFile] = useState<File | null>(null);
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const upload = useVideoUpload();
  const createAsset = useCreateAsset();
  const inputId = useId();

  const accept = (picked: File | undefined) => {
    if (!picked) return;
    const problem = checkVideoFile(picked);
    setError(problem);
    if (problem) return;
    setFile(picked);
    if (!title.trim()) setTitle(picked.name.replace(/\.[^.]+$/, '').slice(0, ASSET_LIMITS.titleMax));
    setUploadId(null);
    // The upload starts at once so it runs while the title is typed.
    upload
      .start(picked, picked.name)
      .then((id) => setUploadId(id))
      .catch(() => setError(mediaMessages.saveFlowFailed));
  };

  const remove = () => {
    upload.cancel();
    setFile(null);
    setUploadId(null);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!upload.state.phase.startsWith('upload')) accept(e.dataTransfer.files[0]);
  };

  const titleError = title.length > ASSET_LIMITS.titleMax ? assetMessages.titleTooLong : null;

  const save = () => {
    if (!file || !uploadId) return;
    if (!title.trim()) {
      setError(assetMessages.titleRequired);
      return;
    }
    createAsset.mutate(
      { type: 0, title: title.trim(), fileName: file.name, uploadId },
      {
        onSuccess: (asset) => {
          toast.success(mediaMessages.uploadSaved);
          onSaved(asset);
          onClose();
        },
        onError: () => setError(mediaMessages.saveFlowFailed),
      },
    );
  };

  const progress =
    upload.state.phase === 'uploading' ? upload.state.progress : upload.state.phase === 'done' ? 100 : 0;

  return (
    <>
      <DialogTitle>Add video</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          {!file ? (
            <Box
              component="label"
              htmlFor={inputId}
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              data-testid="video-drop-zone"
              sx={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: 1,
                p: { xs: 3, sm: 5 },
                border: 2,
                borderStyle: 'dashed',
                borderColor: dragging ? 'primary.main' : 'divider',
                borderRadius: 2,
                bgcolor: dragging ? 'action.hover' : 'grey.50',
                cursor: 'pointer',
                textAlign: 'center',
              }}
            >
              <CloudUpload color="primary" sx={{ fontSize: 48 }} />
              <Typography sx={{ fontWeight: 600 }}>Drag and drop a video here, or click to choose</Typography>
              <Typography variant="body2" color="text.secondary">
                MOV, MP4 or WEBM (also AVI), up to 500 MB
              </Typography>
            </Box>
          ) : (
            <Stack spacing={1}>
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                {file.name}
              </Typography>
              <UploadProgress progress={progress} onCancel={remove} onDelete={remove} />
            </Stack>
          )}
          <input
            id={inputId}
            type="file"
            hidden
            accept="video/mp4,video/webm,video/quicktime,video/x-msvideo,video/avi,.mp4,.webm,.mov,.avi"
            aria-label="Video file"
            onChange={(e) => {
              accept(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <TextField
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={Boolean(titleError)}
            helperText={titleError ?? `${title.length}/${ASSET_LIMITS.titleMax}`}
            slotProps={{ htmlInput: { maxLength: ASSET_LIMITS.titleMax } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={save}
          disabled={!uploadId || Boolean(titleError) || createAsset.isPending}
        >
          {createAsset.isPending ? 'Saving…' : 'Save'}
        </Button>
      </DialogActions>
    </>
  );
}
