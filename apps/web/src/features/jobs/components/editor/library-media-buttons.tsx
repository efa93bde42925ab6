import { useState } from 'react';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import VideoLibrary from '@mui/icons-material/VideoLibraryOutlined';
import PhotoLibrary from '@mui/icons-material/PhotoLibraryOutlined';
import { toEmbedUrl } from '@hirecast/domain/video-link';
import type { TJob } from '@hirecast/domain/job';
// Issue 4 item 8: the job editor reuses the media chooser; the dialog is the media feature's public entry.
import { MediaChooserDialog } from '../../../media/components/media-chooser-dialog.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useUpdateJob } from '../../api/update-job.ts';

// For now the job's _video holds a URL: a library video is saved as its 720p (else 480p) MP4 rendition.
// spec 1 §6: viewers cannot add or replace a video (the editor passes disabled for them).
export function ChooseVideoFromLibrary({ job, disabled }: { job: TJob; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateJob();
  const libraryVideo = job._video && !toEmbedUrl(job._video) ? job._video : null;
  return (
    <Box>
      <Button
        variant="outlined"
        startIcon={<VideoLibrary />}
        onClick={() => setOpen(true)}
        disabled={disabled || update.isPending}
      >
        Choose from library
      </Button>
      {libraryVideo && (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="caption" color="text.secondary">
            Library video
          </Typography>
          <Box
            component="video"
            src={libraryVideo}
            controls
            playsInline
            aria-label="Job video"
            sx={{
              display: 'block',
              width: '100%',
              maxWidth: 800,
              aspectRatio: '16 / 9',
              borderRadius: 2,
              bgcolor: 'grey.900',
            }}
          />
        </Box>
      )}
      <MediaChooserDialog
        open={open}
        kinds={['video']}
        onClose={() => setOpen(false)}
        onChoose={(chosen) => {
          if (chosen.kind !== 'video') return;
          const { data } = chosen.asset;
          // A just-created video ('new') has only its original until the MP4 renditions are made.
          const url = data.videoMp4Url_720p ?? data.videoMp4Url ?? data.videoUrl;
          if (!url) return;
          update.mutate(
            { id: job._id, patch: { _video: url } },
            { onSuccess: () => setOpen(false), onError: (err) => toast.error(errorMessage(err)) },
          );
        }}
      />
    </Box>
  );
}

export function ChooseImageFromLibrary({
  onChange,
  disabled,
}: {
  onChange: (url: string) => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PhotoLibrary />}
        onClick={() => setOpen(true)}
        disabled={disabled}
      >
        Choose from library
      </Button>
      <MediaChooserDialog
        open={open}
        kinds={['image']}
        onClose={() => setOpen(false)}
        onChoose={(chosen) => {
          if (chosen.kind !== 'image') return;
          onChange(chosen.asset.url);
          setOpen(false);
        }}
      />
    </>
  );
}
