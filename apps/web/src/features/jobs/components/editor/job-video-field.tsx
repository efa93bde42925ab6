import { lazy, Suspense, useState } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import VideoLibraryOutlined from '@mui/icons-material/VideoLibraryOutlined';
import { playableUrl, videoAssetStatusLabel, type TVideoAsset } from '@hirecast/domain/asset';
import { toEmbedUrl } from '@hirecast/domain/video-link';
import { FormTextField } from '../../../../components/form-text-field.tsx';
import { usePlanGate } from '../../../../lib/billing.ts';
import { CaptionedVideo } from '../../../../components/media/captioned-video.tsx';
import type { TJobForm } from './job-form.ts';

// The chooser (with its recorder) is only loaded when someone opens it.
const MediaChooserDialog = lazy(async () => ({
  default: (await import('../../../../components/media/media-chooser-dialog.tsx')).MediaChooserDialog,
}));

const frame = {
  mt: 1.5,
  width: '100%',
  maxWidth: 800,
  aspectRatio: '16 / 9',
  border: 0,
  borderRadius: 2,
  bgcolor: 'grey.900',
} as const;

function LibraryVideo({ asset }: { asset: TVideoAsset }) {
  const src = playableUrl(asset);
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {asset.title}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        From your library · {videoAssetStatusLabel(asset.status)}
      </Typography>
      <CaptionedVideo
        assetId={asset._id}
        preload="metadata"
        src={src}
        poster={asset.data.image640 ?? asset.data.customThumbnailUrl ?? undefined}
        label={`Job video: ${asset.title}`}
        sx={{ ...frame, objectFit: 'contain' }}
      />
    </Box>
  );
}

// spec 1 §2, §3 `_video (asset or string)`: a video from the library (chosen, recorded or uploaded through the
// media chooser) or a pasted YouTube/Vimeo link, stored as its embed URL and previewed. spec 1 §8: a plan
// without video job posts cannot add one.
export function JobVideoField({ control, disabled }: { control: Control<TJobForm>; disabled?: boolean }) {
  const { field } = useController({ control, name: 'video' });
  const [choosing, setChoosing] = useState(false);
  // spec 1 §8: locked until the plan is known; the notice only once it says no.
  const gate = usePlanGate('jobVideo');
  // Watched (not field.value) so typing in the nested link field re-renders the preview.
  const { asset, link } = useWatch({ control, name: 'video' });
  const embed = asset ? null : toEmbedUrl(link);
  const locked = disabled || !gate.allowed;

  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Video
      </Typography>
      {gate.refusal && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {gate.refusal}
        </Alert>
      )}
      {asset ? (
        <LibraryVideo asset={asset} />
      ) : (
        <FormTextField
          control={control}
          name="video.link"
          label="Video link"
          placeholder="https://www.youtube.com/watch?v=…"
          hint="Paste a YouTube or Vimeo link, or choose a video from your library"
          disabled={locked}
        />
      )}
      {embed && (
        <Box
          component="iframe"
          src={embed}
          title="Job video preview"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          sx={frame}
        />
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<VideoLibraryOutlined />}
          onClick={() => setChoosing(true)}
          disabled={locked}
        >
          {asset ? 'Replace video' : 'Choose video from library'}
        </Button>
        {asset && (
          <Button
            color="inherit"
            startIcon={<DeleteOutline />}
            onClick={() => field.onChange({ link: '', asset: null })}
            disabled={disabled}
          >
            Remove video
          </Button>
        )}
      </Stack>
      {choosing && (
        <Suspense fallback={null}>
          <MediaChooserDialog
            open
            kinds={['video']}
            onClose={() => setChoosing(false)}
            onChoose={(chosen) => {
              if (chosen.kind === 'video') field.onChange({ link: '', asset: chosen.asset });
              setChoosing(false);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
