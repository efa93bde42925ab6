import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import { mediaMessages } from './media-messages.ts';
import { formatSeconds } from '@hirecast/recorder/machine';

/** The live camera picture with the countdown or the recording timer laid over it. */
export function CameraStage({
  stream,
  overlay,
  timer,
}: {
  stream: MediaStream | null;
  overlay?: ReactNode;
  timer?: { elapsed: number; max: number };
}) {
  const video = useRef<HTMLVideoElement | null>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);
  return (
    <Box
      sx={{
        position: 'relative',
        width: '100%',
        aspectRatio: '16 / 9',
        bgcolor: 'grey.900',
        borderRadius: 2,
        overflow: 'hidden',
      }}
    >
      <Box
        component="video"
        ref={video}
        autoPlay
        muted
        playsInline
        aria-label="Camera preview"
        sx={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)' }}
      />
      {overlay && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            // Above the live picture, which the browser may draw in its own layer.
            zIndex: 1,
            bgcolor: 'rgba(0,0,0,0.45)',
          }}
        >
          {overlay}
        </Box>
      )}
      {timer && (
        <Box
          role="timer"
          aria-label="Recording time"
          sx={{
            position: 'absolute',
            zIndex: 1,
            top: 12,
            left: 12,
            px: 1.25,
            py: 0.5,
            borderRadius: 5,
            bgcolor: 'rgba(0,0,0,0.6)',
            color: 'common.white',
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'error.main' }} />
          <Typography variant="body2" component="span">
            {formatSeconds(timer.elapsed)} / {formatSeconds(timer.max)}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

export function CountdownNumber({ value }: { value: number }) {
  return (
    <Typography
      aria-live="assertive"
      aria-label={`Recording starts in ${value}`}
      sx={{ color: 'common.white', fontSize: { xs: 64, sm: 96 }, fontWeight: 700, lineHeight: 1 }}
    >
      {value}
    </Typography>
  );
}

// spec 3 §2 Recorder: on save the product shows a success dialog offering Add, Animate or close. Animate
// (where offered) opens the animated video editor with the saved video as its first clip.
export function SaveSuccessView({
  onAdd,
  onAnimate,
  onClose,
}: {
  onAdd: () => void;
  onAnimate?: () => void;
  onClose: () => void;
}) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 3 }}>
      <CheckCircle color="success" sx={{ fontSize: 56 }} />
      <Typography variant="h6" component="h3">
        Your video has been saved
      </Typography>
      <Typography color="text.secondary">
        We are preparing it for every device; it will be ready to play in a moment.
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignSelf: 'stretch', justifyContent: 'center' }}
      >
        <Button variant="contained" onClick={onAdd}>
          Add
        </Button>
        {onAnimate && (
          <Button variant="outlined" onClick={onAnimate}>
            Animate
          </Button>
        )}
        <Button color="inherit" onClick={onClose}>
          Close
        </Button>
      </Stack>
    </Stack>
  );
}

// spec 3 §8: a generic failure in a save flow opens an error dialog with a Return button.
export function SaveFailureView({ onReturn }: { onReturn: () => void }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 3 }}>
      <ErrorOutline color="error" sx={{ fontSize: 56 }} />
      <Typography variant="h6" component="h3">
        {mediaMessages.saveFlowFailed}
      </Typography>
      <Button variant="contained" onClick={onReturn}>
        Return
      </Button>
    </Stack>
  );
}
