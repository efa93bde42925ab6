import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProvidersResponse } from '@hirecast/domain/auth';
import { api } from '../../../lib/api-client.ts';

// Which social sign-ins the server has configured; the others stay hidden.
export const getProviders = () => api.get<TProvidersResponse>('/manager/providers');

export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ['manager', 'providers'],
    queryFn: getProviders,
    staleTime: Infinity,
    retry: false,
  });

export const useProviders = () => useQuery(providersQueryOptions());
