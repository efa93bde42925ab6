import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';

export type TSaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

// The small 'Saving… / Saved / Not saved' note of a form that saves by itself.
export function SaveStatus({ status }: { status: TSaveStatus }) {
  const content =
    status === 'pending' || status === 'saving' ? (
      <>
        <CircularProgress size={12} thickness={5} color="inherit" /> Saving…
      </>
    ) : status === 'saved' ? (
      <>
        <CheckCircleOutline sx={{ fontSize: 16, color: 'success.main' }} /> Saved
      </>
    ) : status === 'error' ? (
      <>
        <ErrorOutline sx={{ fontSize: 16, color: 'error.main' }} /> Not saved
      </>
    ) : null;
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
        minHeight: 20,
      }}
    >
      {content}
    </Box>
  );
}
