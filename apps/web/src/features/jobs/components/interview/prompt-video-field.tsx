import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import VideoLibraryOutlined from '@mui/icons-material/VideoLibraryOutlined';
import { playableUrl } from '@hirecast/domain/asset';
import { CaptionedVideo } from '../../../../components/media/captioned-video.tsx';
import type { TDraftQuestion } from './interview-draft.ts';

// The chooser (with its recorder) is only loaded when someone opens it, as in the job's video field.
const MediaChooserDialog = lazy(async () => ({
  default: (await import('../../../../components/media/media-chooser-dialog.tsx')).MediaChooserDialog,
}));

/**
 * Issue 25 item 1: "optionally a prompt video from the library". Chosen (or recorded, or uploaded) through the
 * media chooser the job's video uses; shown with the question, replaced or removed. The server checks that the
 * video is the company's own.
 */
export function PromptVideoField({
  label,
  video,
  disabled,
  error,
  onChange,
}: {
  /** 'question 2': names the buttons for screen readers. */
  label: string;
  video: TDraftQuestion['promptVideo'];
  disabled: boolean;
  error?: string;
  onChange: (video: TDraftQuestion['promptVideo']) => void;
}) {
  const [choosing, setChoosing] = useState(false);
  if (disabled && !video) return null;
  return (
    <Box>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
        Prompt video
      </Typography>
      {video ? (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
        >
          <CaptionedVideo
            assetId={video._id}
            preload="metadata"
            src={video.url ?? undefined}
            poster={video.poster ?? undefined}
            label={`Prompt video of ${label}: ${video.title}`}
            frameSx={{ width: { xs: '100%', sm: 240 }, flexShrink: 0 }}
            sx={{ aspectRatio: '16 / 9', borderRadius: 1, bgcolor: 'grey.900', objectFit: 'contain' }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {video.title}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              Candidates watch it when they open the question; their preparation time starts after it.
            </Typography>
          </Box>
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Optional: ask the question on video too, with a video from your library.
        </Typography>
      )}
      {error && (
        <Typography color="error" variant="body2" role="alert">
          {error}
        </Typography>
      )}
      {!disabled && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<VideoLibraryOutlined />}
            onClick={() => setChoosing(true)}
            aria-label={`${video ? 'Replace' : 'Choose'} the prompt video of ${label}`}
          >
            {video ? 'Replace video' : 'Choose prompt video'}
          </Button>
          {video && (
            <Button
              size="small"
              color="inherit"
              startIcon={<DeleteOutline />}
              onClick={() => onChange(null)}
              aria-label={`Remove the prompt video of ${label}`}
            >
              Remove video
            </Button>
          )}
        </Stack>
      )}
      {choosing && (
        <Suspense fallback={null}>
          <MediaChooserDialog
            open
            kinds={['video']}
            onClose={() => setChoosing(false)}
            onChoose={(chosen) => {
              if (chosen.kind === 'video')
                onChange({
                  _id: chosen.asset._id,
                  title: chosen.asset.title,
                  url: playableUrl(chosen.asset) ?? null,
                  poster: chosen.asset.data.image640 ?? chosen.asset.data.thumbnailUrl ?? null,
                });
              setChoosing(false);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
