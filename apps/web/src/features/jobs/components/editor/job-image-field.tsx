import { lazy, Suspense, useId, useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import UploadIcon from '@mui/icons-material/Upload';
import { jobMessages } from '@hirecast/domain/job-messages';
import { checkImageFile } from '@hirecast/domain/storage';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useUploadJobImage } from '../../api/upload-job-image.ts';

const MediaChooserDialog = lazy(async () => ({
  default: (await import('../../../../components/media/media-chooser-dialog.tsx')).MediaChooserDialog,
}));

const SIXTEEN_NINE = 9 / 16; // 0.5625: the spec's 0.56

// spec 1 §5: a landscape image whose height/width is not 16:9 will be cropped to it.
export const needsCropWarning = (width: number, height: number) =>
  width > height && Math.abs(height / width - SIXTEEN_NINE) > 0.01;

function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      resolve(null);
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}

type TProps = { value: string | null; onChange: (url: string | null) => void; disabled?: boolean };

// The job image: png/jpeg/webp up to 10 MB (spec 1 §5), uploaded through the storage foundation with progress
// and a cancel button; the verified URL is saved as job.image.
export function JobImageField({ value, onChange, disabled }: TProps) {
  const upload = useUploadJobImage();
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [cropWarning, setCropWarning] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const inputId = useId();
  const [choosing, setChoosing] = useState(false);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file, 'image');
    setError(problem);
    setCropWarning(false);
    if (problem) return;
    const size = await imageSize(file);
    if (!size) {
      setError('Looks like the file specified is invalid.');
      return;
    }
    setCropWarning(needsCropWarning(size.width, size.height));
    setProgress(0);
    const abort = new AbortController();
    controller.current = abort;
    upload.mutate(
      { file, onProgress: setProgress, signal: abort.signal },
      {
        onSuccess: (url) => onChange(url),
        onError: (err) => {
          if (!(err instanceof DOMException && err.name === 'AbortError')) setError(errorMessage(err));
        },
      },
    );
  };

  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Image
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          sx={{
            width: { xs: '100%', sm: 224 },
            aspectRatio: '16 / 9',
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'grey.50',
            overflow: 'hidden',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            flexShrink: 0,
          }}
        >
          {value ? (
            <Box
              component="img"
              src={value}
              alt="Job image"
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            <ImageOutlined sx={{ color: 'text.disabled', fontSize: 40 }} />
          )}
        </Box>
        <Box sx={{ flex: 1 }}>
          <input
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            onChange={(e) => void pick(e)}
            hidden
            disabled={disabled}
            aria-label="Job image file"
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              component="label"
              htmlFor={inputId}
              startIcon={<UploadIcon />}
              disabled={disabled || upload.isPending}
            >
              {value ? 'Replace image' : 'Upload image'}
            </Button>
            <Button
              variant="outlined"
              startIcon={<PhotoLibraryOutlined />}
              onClick={() => setChoosing(true)}
              disabled={disabled || upload.isPending}
            >
              Choose image from library
            </Button>
            {value && !upload.isPending && (
              <Button
                color="inherit"
                startIcon={<DeleteOutline />}
                onClick={() => onChange(null)}
                disabled={disabled}
              >
                Remove
              </Button>
            )}
          </Stack>
          {upload.isPending && (
            <Box sx={{ mt: 1.5, display: 'flex', alignItems: 'center', gap: 1 }} role="status">
              <Box sx={{ flex: 1 }}>
                <LinearProgress variant="determinate" value={progress} aria-label="Image upload progress" />
                <Typography variant="caption" color="text.secondary">
                  Uploading… {progress}%
                </Typography>
              </Box>
              <Button size="small" onClick={() => controller.current?.abort()}>
                Cancel
              </Button>
            </Box>
          )}
          <FormHelperText error={Boolean(error)}>
            {error ?? 'PNG, JPEG or WEBP, up to 10 MB. Shown at 16:9.'}
          </FormHelperText>
          {cropWarning && !error && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {jobMessages.imageCropWarning}
            </Alert>
          )}
        </Box>
      </Stack>
      {choosing && (
        <Suspense fallback={null}>
          <MediaChooserDialog
            open
            kinds={['image']}
            onClose={() => setChoosing(false)}
            onChoose={(chosen) => {
              if (chosen.kind === 'image') {
                setError(null);
                setCropWarning(false);
                onChange(chosen.asset.url);
              }
              setChoosing(false);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
