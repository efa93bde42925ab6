import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { ToastContainer } from 'react-toastify';
import { LIMITS } from '@hirecast/domain/constants';
import { theme } from './theme.ts';

// react-toastify 11 injects its own stylesheet from the main entry, so no CSS import is needed here.
// spec 1 §8: toasts top-right, hidden after 4 s, paused on hover; typed success/error/warning/info.
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        <ToastContainer
          position="top-right"
          autoClose={LIMITS.toastMs}
          pauseOnHover
          pauseOnFocusLoss
          closeOnClick
          newestOnTop
          theme="light"
          toastStyle={{ fontFamily: 'inherit', fontSize: '0.9rem', borderRadius: 8 }}
        />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
