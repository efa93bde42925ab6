import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Wordmark } from '../../../components/wordmark.tsx';
import { AuthIllustration } from './auth-illustration.tsx';

type TProps = { title?: string; subtitle?: ReactNode; children: ReactNode };

// The sign-in / sign-up frame: form on the left, illustration panel on the right; form only at 900 px and under.
export function AuthLayout({ title, subtitle, children }: TProps) {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        bgcolor: 'background.paper',
      }}
    >
      <Box
        component="main"
        id="main-content"
        sx={{ display: 'flex', flexDirection: 'column', px: { xs: 2.5, sm: 6 }, py: { xs: 3, sm: 4 } }}
      >
        <Box component="header">
          <Wordmark />
        </Box>
        <Box
          sx={{
            flex: 1,
            display: 'flex',
            alignItems: { xs: 'flex-start', sm: 'center' },
            justifyContent: 'center',
            py: { xs: 4, sm: 6 },
          }}
        >
          <Box sx={{ width: '100%', maxWidth: 420 }}>
            {title && (
              <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: subtitle ? 1 : 3 }}>
                {title}
              </Typography>
            )}
            {subtitle && (
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                {subtitle}
              </Typography>
            )}
            {children}
          </Box>
        </Box>
      </Box>
      <Box sx={{ display: { xs: 'none', md: 'block' } }}>
        <AuthIllustration />
      </Box>
    </Box>
  );
}
