import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';

// A 4xx answer will not change on retry (bad input, no access, not found); network and 5xx failures get two
// more tries.
export const shouldRetry = (failureCount: number, error: unknown) => {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
};

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
