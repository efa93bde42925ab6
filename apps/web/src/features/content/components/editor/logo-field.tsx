import { useId, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import UploadIcon from '@mui/icons-material/Upload';
import { checkMediaFile, type TImageAsset } from '@hirecast/domain/asset';
import type { TTemplateData } from '@hirecast/domain/video-template';
import { api, errorMessage } from '../../../../lib/api-client.ts';
import { uploadImage } from '../../../../lib/upload-image.ts';

/**
 * Uploads the logo and keeps it as an image of the library: the renderer reads the logo through its image
 * asset (imageId), as it reads clips through their video assets, so the MP4 shows the logo the preview shows.
 */
async function uploadLogo(file: File, onProgress: (percent: number) => void) {
  const stored = await uploadImage({ file, onProgress, imageType: 'logo' });
  const image = await api.post<TImageAsset>('/image-asset', {
    title: 'Animated video logo',
    fileName: file.name.slice(0, 255) || 'logo',
    key: stored.key,
    url: stored.url,
  });
  return { url: image.url, imageId: image._id };
}

// spec 3 §5 Files, the logo row: PNG, JPEG or WEBP up to 2 MB, with the row's messages.
export function LogoField({
  logo,
  onChange,
  onUploadingChange,
}: {
  logo: TTemplateData['logo'];
  onChange: (logo: TTemplateData['logo']) => void;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = checkMediaFile('logo', file);
    setError(problem);
    if (problem) return;
    setProgress(0);
    onUploadingChange(true);
    try {
      onChange(await uploadLogo(file, setProgress));
    } catch (err) {
      setError(errorMessage(err, 'We could not upload your logo. Please try again.'));
    } finally {
      setProgress(null);
      onUploadingChange(false);
    }
  };
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        Logo
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Box
          sx={{
            width: 96,
            height: 56,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'grey.100',
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
            flexShrink: 0,
          }}
        >
          {logo ? (
            <Box component="img" src={logo.url} alt="Logo" sx={{ maxWidth: '100%', maxHeight: '100%' }} />
          ) : (
            <ImageOutlined sx={{ color: 'text.disabled' }} aria-hidden="true" />
          )}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            size="small"
            variant="outlined"
            component="label"
            htmlFor={inputId}
            startIcon={<UploadIcon />}
            disabled={progress !== null}
          >
            {logo ? 'Replace logo' : 'Upload logo'}
          </Button>
          {logo && (
            <Button size="small" color="inherit" onClick={() => onChange(null)} disabled={progress !== null}>
              Remove
            </Button>
          )}
        </Stack>
        <input
          id={inputId}
          type="file"
          hidden
          accept="image/png,image/jpeg,image/webp"
          aria-label="Upload a logo"
          onChange={(e) => void pick(e)}
        />
      </Stack>
      {progress !== null && (
        <LinearProgress
          variant="determinate"
          value={progress}
          sx={{ mt: 1 }}
          aria-label="Logo upload progress"
        />
      )}
      <FormHelperText error={Boolean(error)}>{error ?? 'PNG, JPEG or WEBP, up to 2 MB'}</FormHelperText>
    </Box>
  );
}
