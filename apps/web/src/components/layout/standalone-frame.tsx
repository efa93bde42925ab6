import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Wordmark } from '../wordmark.tsx';

// A page outside the shell (not found, route errors, dev pages): the wordmark on top, the content centred.
export function StandaloneFrame({
  children,
  homeHref = '/jobs',
}: {
  children: ReactNode;
  homeHref?: string;
}) {
  return (
    <Box
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
    >
      <Box component="header" sx={{ px: { xs: 2, sm: 4 }, py: 2.5 }}>
        <Link
          component={RouterLink}
          to={homeHref}
          aria-label="Hirecast home"
          underline="none"
          sx={{ display: 'inline-flex' }}
        >
          <Wordmark />
        </Link>
      </Box>
      <Box
        component="main"
        id="main-content"
        sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2, pb: 8 }}
      >
        {children}
      </Box>
    </Box>
  );
}
