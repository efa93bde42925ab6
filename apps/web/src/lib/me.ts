import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TManager } from '@hirecast/domain/auth';
import { api } from './api-client.ts';
import { session } from './session.ts';

// The signed-in manager (GET /api/manager/me). Shared by the shell, the route guards and every feature.
export const meQueryKey = ['manager', 'me'] as const;
export const getMe = () => api.get<TManager>('/manager/me');
export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: getMe,
    enabled: Boolean(session.getToken()),
    staleTime: 60_000,
    retry: false,
  });
export const useMe = () => useQuery(meQueryOptions());
