import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../lib/theme.ts';

// react-toastify 11 injects its own stylesheet, so no CSS import is needed. The toasts load after the page:
// the sign-in page shows its messages on the page and downloads no toast library (issue 17 item 10); a toast
// raised before they are in is queued by react-toastify and shown once its container mounts.
const ToastHost = lazy(() => import('./toast-host.tsx').then((m) => ({ default: m.ToastHost })));

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
