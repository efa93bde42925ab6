import Box from '@mui/material/Box';
import { useWatch, type Control } from 'react-hook-form';
import { toEmbedUrl } from '@hirecast/domain/video-link';
import { FormTextField } from '../../../../components/form-text-field.tsx';
import type { TJobForm } from './job-form.ts';

// Issue 3: for now the job video is a pasted YouTube or Vimeo link, stored as its embed URL and previewed.
export function VideoLinkField({ control, disabled }: { control: Control<TJobForm>; disabled?: boolean }) {
  const link = useWatch({ control, name: 'videoLink' });
  const embed = toEmbedUrl(link);
  return (
    <Box>
      <FormTextField
        control={control}
        name="videoLink"
        label="Video link"
        placeholder="https://www.youtube.com/watch?v=…"
        hint="Paste a YouTube or Vimeo link"
        disabled={disabled}
      />
      {embed && (
        <Box
          component="iframe"
          src={embed}
          title="Job video preview"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          sx={{
            mt: 1.5,
            width: '100%',
            maxWidth: 800,
            aspectRatio: '16 / 9',
            border: 0,
            borderRadius: 2,
            bgcolor: 'grey.900',
          }}
        />
      )}
    </Box>
  );
}
