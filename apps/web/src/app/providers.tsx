import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';

// MUI's theme and baseline are a layout route (components/theme-root.tsx) that every page but /sign-in sits
// under; the toasts are mounted inside the router (app/toast-slot.tsx), which knows the page (decision 035).
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
