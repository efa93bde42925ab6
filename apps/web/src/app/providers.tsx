import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from './theme.ts';
import { ToastHost } from './toast-host.tsx';

// react-toastify 11 injects its own stylesheet from the main entry, so no CSS import is needed here.
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        <ToastHost />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
