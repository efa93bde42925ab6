import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { checkMediaFile } from '@hirecast/domain/asset';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateImageAsset } from '../api/upload-image.ts';

// spec 3 §5 Files, Image library upload: png, jpeg, webp up to 10 MB, with the table's messages.
export function UploadImageDialog({ onClose }: { onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const create = useCreateImageAsset();

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const wrong = checkMediaFile('imageLibrary', file);
    setError(wrong);
    if (wrong) return;
    abort.current = new AbortController();
    setProgress(0);
    try {
      await create.mutateAsync({
        file,
        fileName: file.name,
        onProgress: setProgress,
        signal: abort.current.signal,
      });
      toast.success('Your file has been uploaded and saved');
      onClose();
    } catch (err) {
      if (!(err instanceof DOMException && err.name === 'AbortError')) setError(errorMessage(err));
    }
  };

  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby="upload-image-title"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="upload-image-title">Add an image</DialogTitle>
      <DialogContent>
        <Box
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            if (!create.isPending) void upload(event.dataTransfer.files[0]);
          }}
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging ? 'primary.main' : 'divider',
            bgcolor: dragging ? 'action.hover' : 'background.default',
            borderRadius: 2,
            p: { xs: 3, sm: 5 },
            textAlign: 'center',
          }}
        >
          <CloudUploadOutlinedIcon color="primary" sx={{ fontSize: 48 }} aria-hidden="true" />
          <Typography sx={{ mt: 1 }}>Drag and drop an image here, or</Typography>
          <Button
            variant="contained"
            sx={{ mt: 1.5 }}
            onClick={() => input.current?.click()}
            disabled={create.isPending}
          >
            Choose a file
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            PNG, JPEG or WEBP, up to 10 MB
          </Typography>
          <input
            ref={input}
            type="file"
            hidden
            data-testid="image-file-input"
            accept="image/png,image/jpeg,image/webp"
            onChange={(event) => {
              void upload(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Box>
        {create.isPending && (
          <Box sx={{ mt: 2 }}>
            <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />
            <Typography variant="caption" color="text.secondary">
              {progress}%
            </Typography>
          </Box>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => (create.isPending ? abort.current?.abort() : onClose())}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
