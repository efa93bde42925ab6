import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

// Shown while a route's data or code is loading. `fullScreen` centres it in the viewport (no shell yet).
export function PageLoader({
  fullScreen = false,
  label = 'Loading',
}: {
  fullScreen?: boolean;
  label?: string;
}) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: fullScreen ? '100dvh' : 320,
        width: '100%',
      }}
    >
      <CircularProgress size={36} thickness={4} aria-label={label} />
    </Box>
  );
}

// react-router's HydrateFallback: the first screen while the initial route's code loads.
export function HydrateFallback() {
  return <PageLoader fullScreen />;
}
