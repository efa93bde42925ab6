import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/Upload';
import VideocamOff from '@mui/icons-material/VideocamOffOutlined';

const BROWSER_STEPS = [
  {
    name: 'Chrome',
    steps:
      'Click the camera icon (or the lock) at the right or left of the address bar, choose Always allow access to your camera and microphone, then click Done.',
  },
  {
    name: 'Edge',
    steps:
      'Click the lock at the left of the address bar, open Permissions for this site and set Camera and Microphone to Allow.',
  },
  {
    name: 'Firefox',
    steps:
      'Click the crossed-out camera icon in the address bar, remove the Blocked entries for Camera and Microphone, then reload the page.',
  },
] as const;

// spec 3 §8: camera permission denied shows instructions on how to allow access.
export function CameraDeniedView({ onRetry, onUpload }: { onRetry: () => void; onUpload: () => void }) {
  return (
    <Stack spacing={2} sx={{ py: 1 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <VideocamOff color="warning" />
        <Typography variant="h6" component="h3">
          Allow access to your camera
        </Typography>
      </Stack>
      <Typography color="text.secondary">
        Hirecast needs your camera and microphone to record. Your browser is blocking them for this site. To
        allow access:
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 3, '& li': { mb: 1 } }}>
        {BROWSER_STEPS.map((b) => (
          <li key={b.name}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {b.name}:
            </Typography>{' '}
            <Typography component="span" color="text.secondary">
              {b.steps}
            </Typography>
          </li>
        ))}
      </Box>
      <Typography color="text.secondary">Or upload a video you have already recorded.</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="contained" onClick={onRetry}>
          Try again
        </Button>
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={onUpload}>
          Upload a video
        </Button>
      </Stack>
    </Stack>
  );
}

// spec 3 §8: other camera errors, and Safari or iOS, show an info page with an upload button.
export function CameraUnsupportedView({ onUpload }: { onUpload: () => void }) {
  return (
    <Stack spacing={2} sx={{ py: 1 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <VideocamOff color="action" />
        <Typography variant="h6" component="h3">
          Recording is not available here
        </Typography>
      </Stack>
      <Typography color="text.secondary">
        We could not start your camera in this browser. You can record your video with another tool (your
        phone's camera app works well) and upload it, switch to Chrome, Edge or Firefox on a computer, or use
        Hirecast on your mobile.
      </Typography>
      <Box>
        <Button variant="contained" startIcon={<UploadIcon />} onClick={onUpload}>
          Upload a video
        </Button>
      </Box>
    </Stack>
  );
}
