import { useRef, type ReactNode, type SyntheticEvent } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { playableUrl, type TImageAsset, type TVideoAsset } from '@hirecast/domain/asset';
import { recordEngagement } from '../api/record-engagement.ts';
import { CaptionedVideo } from '../../../components/media/captioned-video.tsx';
import { beaconSeconds, playbackSessionId } from './engagement-beacon.ts';

function ViewerFrame({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="viewer-title" maxWidth="md" fullWidth>
      <DialogTitle id="viewer-title" sx={{ pr: 7 }}>
        <Typography component="span" variant="h6" noWrap sx={{ display: 'block' }}>
          {title}
        </Typography>
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ p: { xs: 1, sm: 2 }, pt: 0 }}>{children}</DialogContent>
    </Dialog>
  );
}

// spec 3 §2 Dialogs: view video.

export function ViewVideoDialog({ asset, onClose }: { asset: TVideoAsset; onClose: () => void }) {
  const lastSent = useRef(0);
  const onTimeUpdate = (event: SyntheticEvent<HTMLVideoElement>) => {
    const marks = beaconSeconds(lastSent.current, event.currentTarget.currentTime);
    if (marks.length === 0) return;
    lastSent.current = marks[marks.length - 1] ?? lastSent.current;
    const sessionId = playbackSessionId();
    for (const second of marks) void recordEngagement(asset._id, { second, sessionId });
  };
  const portrait = asset.dimension === 'portrait';
  return (
    <ViewerFrame title={asset.title} onClose={onClose}>
      <CaptionedVideo
        assetId={asset._id}
        src={playableUrl(asset)}
        poster={asset.data.customThumbnailUrl || asset.data.image640 || undefined}
        onTimeUpdate={onTimeUpdate}
        label={asset.title}
        sx={{
          maxHeight: '70vh',
          bgcolor: 'common.black',
          borderRadius: 1,
          aspectRatio: portrait ? '9 / 16' : '16 / 9',
        }}
      />
    </ViewerFrame>
  );
}

export function ViewImageDialog({ asset, onClose }: { asset: TImageAsset; onClose: () => void }) {
  return (
    <ViewerFrame title={asset.title} onClose={onClose}>
      <Box
        component="img"
        src={asset.url}
        alt={asset.title}
        sx={{ display: 'block', maxWidth: '100%', maxHeight: '75vh', mx: 'auto', borderRadius: 1 }}
      />
    </ViewerFrame>
  );
}
