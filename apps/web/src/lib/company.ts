import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompany } from '@hirecast/domain/company';
import { api } from './api-client.ts';

// The current company (GET /api/company/:id): active job count and isRedirectJobs drive the publishing rule
// (spec 1 §4). Shared like `me`: jobs, settings and billing all read it.
export const companyQueryKey = (id: string | null) => ['company', id] as const;
export const getCompany = (id: string) => api.get<TCompany>(`/company/${encodeURIComponent(id)}`);
export const companyQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: companyQueryKey(id),
    queryFn: () => getCompany(id ?? ''),
    enabled: Boolean(id),
    staleTime: 30_000,
  });
export const useCompany = (id: string | null) => useQuery(companyQueryOptions(id));
