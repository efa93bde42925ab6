import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../lib/theme.ts';

// MUI's theme and baseline. Every page but /sign-in is drawn with MUI and sits under `Component` (a lazy layout
// route, app/router.tsx); /sign-in is plain HTML and CSS and downloads none of MUI (decision 035). A piece of
// MUI shown on /sign-in (an account that failed to load, the Google link form) comes with it (`lazyThemed`).
export function ThemeRoot({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

export function Component() {
  return (
    <ThemeRoot>
      <Outlet />
    </ThemeRoot>
  );
}
