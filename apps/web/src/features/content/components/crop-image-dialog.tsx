import { useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  CROP_PRESETS,
  cropAspect,
  croppedTitle,
  type TCropPreset,
  type TImageAsset,
} from '@hirecast/domain/asset';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateImageAsset } from '../api/upload-image.ts';
import { croppedFileName, cropToWebp } from './crop-image.ts';

// spec 3 §2 Dialogs: crop image. Presets Free, 1:1, 16:9, 9:16, Original (§9); the result is a new image
// asset titled '{title}-cropped', uploaded like any other image.
export function CropImageDialog({ asset, onClose }: { asset: TImageAsset; onClose: () => void }) {
  const fullScreen = useMediaQuery('(max-width:600px)');
  const [preset, setPreset] = useState<TCropPreset>('original');
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [progress, setProgress] = useState(0);
  const area = useRef<Area | null>(null);
  const abort = useRef<AbortController | null>(null);
  const create = useCreateImageAsset();
  const size = { width: asset.width ?? 1, height: asset.height ?? 1 };
  // Free has no fixed ratio; react-easy-crop always crops to one, so Free offers a ratio slider instead
  // (starting at the image's own).
  const [freeAspect, setFreeAspect] = useState(size.width / size.height);
  const aspect = cropAspect(preset, size) ?? freeAspect;

  const save = async () => {
    if (!area.current) return;
    abort.current = new AbortController();
    try {
      const blob = await cropToWebp(asset.url, area.current);
      await create.mutateAsync({
        file: blob,
        title: croppedTitle(asset.title),
        fileName: croppedFileName(asset.fileName),
        onProgress: setProgress,
        signal: abort.current.signal,
      });
      toast.success('Your file has been uploaded and saved');
      onClose();
    } catch (err) {
      if (!(err instanceof DOMException && err.name === 'AbortError')) toast.error(errorMessage(err));
    }
  };

  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby="crop-title"
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
    >
      <DialogTitle id="crop-title">Crop image</DialogTitle>
      <DialogContent>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={preset}
          onChange={(_e, value: TCropPreset | null) => value && setPreset(value)}
          aria-label="Aspect ratio"
          // One row that scrolls on a phone: wrapped rows break the group's joined borders.
          sx={{ mb: 2, maxWidth: '100%', overflowX: 'auto' }}
        >
          {CROP_PRESETS.map((p) => (
            <ToggleButton key={p.key} value={p.key} sx={{ textTransform: 'none' }}>
              {p.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Box
          sx={{
            position: 'relative',
            height: { xs: 320, sm: 420 },
            bgcolor: 'grey.900',
            borderRadius: 1,
            overflow: 'hidden',
          }}
        >
          <Cropper
            image={asset.url}
            crop={crop}
            zoom={zoom}
            aspect={aspect}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_area, pixels) => {
              area.current = pixels;
            }}
          />
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 2 }}>
          <Typography id="crop-zoom" variant="body2">
            Zoom
          </Typography>
          <Slider
            value={zoom}
            min={1}
            max={3}
            step={0.05}
            onChange={(_e, value) => setZoom(value)}
            aria-labelledby="crop-zoom"
          />
        </Stack>
        {preset === 'free' && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography id="crop-ratio" variant="body2">
              Ratio
            </Typography>
            <Slider
              value={freeAspect}
              min={0.3}
              max={3}
              step={0.01}
              onChange={(_e, value) => setFreeAspect(value)}
              aria-labelledby="crop-ratio"
              valueLabelDisplay="auto"
              valueLabelFormat={(v) => `${v.toFixed(2)}:1`}
            />
          </Stack>
        )}
        {create.isPending && (
          <LinearProgress
            variant="determinate"
            value={progress}
            sx={{ mt: 1 }}
            aria-label="Upload progress"
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => (create.isPending ? abort.current?.abort() : onClose())}>Cancel</Button>
        <Button variant="contained" onClick={() => void save()} loading={create.isPending}>
          Save as new image
        </Button>
      </DialogActions>
    </Dialog>
  );
}
