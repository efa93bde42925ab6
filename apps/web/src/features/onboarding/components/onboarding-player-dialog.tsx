import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { TVideoAsset } from '@hirecast/domain/asset';

/** The best rendition the browser can play everywhere: 720p MP4, then 480p, then the original. */
export const playableUrl = (video: TVideoAsset) =>
  video.data.videoMp4Url_720p ?? video.data.videoMp4Url ?? video.data.videoUrl ?? null;

export function OnboardingPlayerDialog({
  video,
  onClose,
}: {
  video: TVideoAsset | null;
  onClose: () => void;
}) {
  const src = video ? playableUrl(video) : null;
  return (
    <Dialog open={video !== null} onClose={onClose} fullWidth maxWidth="md">
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogTitle sx={{ pr: 6 }}>{video?.title}</DialogTitle>
      <DialogContent>
        {src ? (
          <Box
            component="video"
            src={src}
            poster={video?.data.image640 ?? undefined}
            controls
            autoPlay
            playsInline
            aria-label={video?.title}
            sx={{ width: '100%', aspectRatio: '16 / 9', bgcolor: 'grey.900', borderRadius: 2 }}
          />
        ) : (
          <Typography color="text.secondary">
            This video is still being prepared. Please try again soon.
          </Typography>
        )}
      </DialogContent>
    </Dialog>
  );
}
