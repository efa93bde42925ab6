import { useId, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import UploadIcon from '@mui/icons-material/Upload';
import { checkImageFile } from '@hirecast/domain/storage';
import { errorMessage } from '../../lib/api-client.ts';
import { uploadImage, type TImageUploadInput } from '../../lib/upload-image.ts';
import { paletteFromFile } from './logo-colours.ts';

type TProps = {
  value: string | null | undefined;
  onChange: (url: string | null) => void;
  onUploadingChange?: (uploading: boolean) => void;
  onPalette?: (colours: string[]) => void;
  /** The heading above the picker ('Logo', 'Agency logo', 'Photo'). */
  label?: string;
  /** The word in the buttons: 'Upload logo', 'Replace photo'. */
  noun?: string;
  /** 'avatar' for a person's photo; both are limited to 2 MB (spec 1 §5, spec 2 §5). */
  imageType?: 'logo' | 'avatar';
  disabled?: boolean;
};

// An image is usable once the server has checked the stored bytes (lib/upload-image.ts).
const uploadSmallImage = async (input: TImageUploadInput & { imageType: 'logo' | 'avatar' }) =>
  (await uploadImage(input)).url;

// A logo (company, agency) or a photo: png, jpeg or webp up to 2 MB (spec 1 §5), uploaded at once with
// progress, previewed, removable.
export function LogoUpload({
  value,
  onChange,
  onUploadingChange,
  onPalette,
  label = 'Logo',
  noun = 'logo',
  imageType = 'logo',
  disabled = false,
}: TProps) {
  const upload = useMutation({ mutationFn: uploadSmallImage });
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const helpId = useId();

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // picking the same file again must fire change again
    if (!file) return;
    const problem = checkImageFile(file, imageType);
    setError(problem);
    if (problem) return;
    setProgress(0);
    onUploadingChange?.(true);
    if (onPalette) void paletteFromFile(file).then(onPalette);
    upload.mutate(
      { file, onProgress: setProgress, imageType },
      {
        onSuccess: (url) => onChange(url),
        onError: (err) => setError(errorMessage(err)),
        onSettled: () => onUploadingChange?.(false),
      },
    );
  };

  return (
    <Box>
      <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box
          sx={{
            width: 96,
            height: 96,
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'grey.50',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            position: 'relative',
            flexShrink: 0,
          }}
        >
          {value ? (
            <>
              <Box
                component="img"
                src={value}
                alt={`${label} preview`}
                sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', p: 1 }}
              />
              {!disabled && (
                <IconButton
                  aria-label={`Remove ${noun}`}
                  size="small"
                  onClick={() => {
                    onChange(null);
                    onPalette?.([]);
                  }}
                  sx={{
                    position: 'absolute',
                    top: -12,
                    right: -12,
                    bgcolor: 'background.paper',
                    border: 1,
                    borderColor: 'divider',
                    '&:hover': { bgcolor: 'grey.100' },
                  }}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              )}
            </>
          ) : (
            <ImageOutlined sx={{ color: 'text.disabled', fontSize: 36 }} />
          )}
        </Box>
        <Box sx={{ flex: 1, minWidth: 180 }}>
          <input
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            onChange={pick}
            disabled={disabled}
            hidden
            aria-describedby={helpId}
          />
          <Button
            variant="outlined"
            component="label"
            htmlFor={inputId}
            startIcon={<UploadIcon />}
            loading={upload.isPending}
            loadingPosition="start"
            disabled={disabled}
            tabIndex={disabled ? -1 : 0}
            onKeyDown={(e: KeyboardEvent) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                document.getElementById(inputId)?.click();
              }
            }}
          >
            {value ? `Replace ${noun}` : `Upload ${noun}`}
          </Button>
          {upload.isPending && (
            <Box sx={{ mt: 1.5 }} role="status">
              <LinearProgress
                variant="determinate"
                value={progress}
                aria-label={`${label} upload progress`}
              />
              <Typography variant="caption" color="text.secondary">
                Uploading… {progress}%
              </Typography>
            </Box>
          )}
          <FormHelperText id={helpId} error={Boolean(error)}>
            {error ?? 'PNG, JPEG or WEBP, up to 2 MB.'}
          </FormHelperText>
        </Box>
      </Box>
    </Box>
  );
}
