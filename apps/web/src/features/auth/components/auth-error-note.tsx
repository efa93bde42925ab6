import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';

// An error said on the auth pages, as MUI's standard error Alert looks, without the Alert component's code in
// the sign-in page's JavaScript (issue 17 item 10). role=alert: screen readers say it when it appears.
export function AuthErrorNote({ children, spaced = false }: { children: ReactNode; spaced?: boolean }) {
  return (
    <Box
      role="alert"
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1.5,
        px: 2,
        py: 1.25,
        mb: spaced ? 3 : 0,
        borderRadius: 1,
        bgcolor: '#FDEDED',
        color: '#5F2120',
        typography: 'body2',
      }}
    >
      <ErrorOutline aria-hidden="true" sx={{ color: 'error.main', fontSize: 22, flexShrink: 0 }} />
      <Box sx={{ pt: '2px' }}>{children}</Box>
    </Box>
  );
}
