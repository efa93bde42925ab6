import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { playableUrl, type TVideoAsset } from '@hirecast/domain/asset';

export function OnboardingPlayerDialog({
  video,
  onClose,
}: {
  video: TVideoAsset | null;
  onClose: () => void;
}) {
  const src = video ? (playableUrl(video) ?? null) : null;
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
