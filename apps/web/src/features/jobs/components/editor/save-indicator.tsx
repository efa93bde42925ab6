import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import type { TSaveStatus } from './use-job-autosave.ts';

// The small 'Saving… / Saved' note beside the page title.
export function SaveIndicator({ status }: { status: TSaveStatus }) {
  if (status === 'idle') return null;
  const content =
    status === 'saving' ? (
      <>
        <CircularProgress size={12} thickness={5} color="inherit" /> Saving…
      </>
    ) : status === 'saved' ? (
      <>
        <CheckCircleOutline sx={{ fontSize: 16, color: 'success.main' }} /> Saved
      </>
    ) : (
      <>
        <ErrorOutline sx={{ fontSize: 16, color: 'error.main' }} /> Not saved
      </>
    );
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        color: 'text.secondary',
        fontSize: '0.8rem',
        whiteSpace: 'nowrap',
      }}
    >
      {content}
    </Box>
  );
}
