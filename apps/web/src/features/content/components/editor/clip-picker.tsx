import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import UploadIcon from '@mui/icons-material/Upload';
import VideoLibraryOutlined from '@mui/icons-material/VideoLibraryOutlined';
import type { TVideoAsset } from '@hirecast/domain/asset';
import type { TTemplateClip } from '@hirecast/domain/video-template';
import { formatPlaybackTime } from '@hirecast/domain/video-template-rules';

// The recorder, the uploader and the chooser load only when someone opens them.
const MediaChooserDialog = lazy(async () => ({
  default: (await import('../../../../components/media/media-chooser-dialog.tsx')).MediaChooserDialog,
}));
const RecordVideoDialog = lazy(async () => ({
  default: (await import('../../../../components/media/record-video-dialog.tsx')).RecordVideoDialog,
}));
const UploadVideoDialog = lazy(async () => ({
  default: (await import('../../../../components/media/upload-video-dialog.tsx')).UploadVideoDialog,
}));

type TSource = null | 'library' | 'record' | 'upload';

// spec 3 §2 Animated video editor: each clip comes from the library, a new upload or the recorder.
export function ClipPicker({
  clip,
  label,
  error,
  portrait,
  onPick,
  onDuration,
}: {
  clip: TTemplateClip;
  label: string;
  error?: string;
  portrait: boolean;
  onPick: (asset: TVideoAsset) => void;
  /** The clip's length read from the file, for a library video whose length is not known yet. */
  onDuration: (ms: number) => void;
}) {
  const [source, setSource] = useState<TSource>(null);
  const close = () => setSource(null);
  const pick = (asset: TVideoAsset) => {
    onPick(asset);
    close();
  };
  const duration = formatPlaybackTime(clip.duration);
  return (
    <Box>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Box
          sx={{
            width: portrait ? 54 : 128,
            aspectRatio: portrait ? '9 / 16' : '16 / 9',
            borderRadius: 1,
            overflow: 'hidden',
            bgcolor: 'grey.900',
            flexShrink: 0,
            display: 'grid',
            placeItems: 'center',
            border: error ? 2 : 0,
            borderColor: 'error.main',
          }}
        >
          {clip.url ? (
            <Box
              component="video"
              src={`${clip.url}#t=0.1`}
              muted
              playsInline
              preload="metadata"
              aria-label={`${label} clip`}
              onLoadedMetadata={(e: React.SyntheticEvent<HTMLVideoElement>) => {
                const seconds = e.currentTarget.duration;
                if (clip.duration === 0 && Number.isFinite(seconds) && seconds > 0)
                  onDuration(Math.round(seconds * 1000));
              }}
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            <VideoLibraryOutlined sx={{ color: 'grey.500' }} aria-hidden="true" />
          )}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {clip.url ? `Clip${duration ? ` · ${duration}` : ''}` : 'No clip yet'}
          </Typography>
          {clip.question && (
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {clip.question}
            </Typography>
          )}
        </Box>
      </Stack>
      {error && <FormHelperText error>{error}</FormHelperText>}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<VideoLibraryOutlined />}
          onClick={() => setSource('library')}
          aria-label={`Choose a clip from the library for ${label}`}
        >
          Library
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<FiberManualRecord />}
          onClick={() => setSource('record')}
          aria-label={`Record a clip for ${label}`}
        >
          Record
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<UploadIcon />}
          onClick={() => setSource('upload')}
          aria-label={`Upload a clip for ${label}`}
        >
          Upload
        </Button>
      </Stack>
      <Suspense fallback={null}>
        {source === 'library' && (
          <MediaChooserDialog
            open
            kinds={['video']}
            animated={false}
            onClose={close}
            onChoose={(chosen) => {
              if (chosen.kind === 'video') pick(chosen.asset);
            }}
          />
        )}
        {/* Already in the editor: the recorder's success view offers Add (this clip), not Animate. */}
        {source === 'record' && <RecordVideoDialog open animate={false} onClose={close} onSaved={pick} />}
        {source === 'upload' && <UploadVideoDialog open onClose={close} onSaved={pick} />}
      </Suspense>
    </Box>
  );
}
