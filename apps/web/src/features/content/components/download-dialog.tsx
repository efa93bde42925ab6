import { toast } from 'react-toastify';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { assetMessages, type TDownloadQuality, type TVideoAsset } from '@hirecast/domain/asset';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDownloadAsset } from '../api/download-asset.ts';

const QUALITY_LABELS: Record<TDownloadQuality, string> = {
  original: 'Original',
  '480p': '480p',
  '720p': '720p',
};

// spec 3 §8: 720p and 480p are disabled until processed, with a tooltip saying processing is in progress.
export function downloadQualities(asset: Pick<TVideoAsset, 'data'>) {
  return [
    { quality: 'original' as const, ready: Boolean(asset.data.videoUrl) },
    { quality: '480p' as const, ready: Boolean(asset.data.videoMp4Url) },
    { quality: '720p' as const, ready: Boolean(asset.data.videoMp4Url_720p) },
  ];
}

const extensionOf = (quality: TDownloadQuality, fileName: string) =>
  quality === 'original' ? (/\.[a-z0-9]+$/i.exec(fileName)?.[0] ?? '') : '.mp4';

export function DownloadDialog({ asset, onClose }: { asset: TVideoAsset; onClose: () => void }) {
  const download = useDownloadAsset();
  const start = (quality: TDownloadQuality) =>
    download.mutate(
      {
        id: asset._id,
        quality,
        filename: `${asset.title}${quality === 'original' ? '' : `-${quality}`}${extensionOf(quality, asset.fileName)}`,
      },
      { onSuccess: onClose, onError: (err) => toast.error(errorMessage(err)) },
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby="download-title" maxWidth="xs" fullWidth>
      <DialogTitle id="download-title">Download</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>Choose the quality of “{asset.title}”.</DialogContentText>
        <Stack spacing={1}>
          {downloadQualities(asset).map(({ quality, ready }) => {
            const button = (
              <Button
                fullWidth
                variant="outlined"
                startIcon={<FileDownloadOutlinedIcon />}
                disabled={!ready || download.isPending}
                loading={download.isPending && download.variables.quality === quality}
                onClick={() => start(quality)}
              >
                {QUALITY_LABELS[quality]}
              </Button>
            );
            return ready ? (
              <div key={quality}>{button}</div>
            ) : (
              <Tooltip key={quality} title={assetMessages.qualityProcessing} placement="right">
                <span>{button}</span>
              </Tooltip>
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
