import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TJob } from '@hirecast/domain/job';
import { api } from '../../../lib/api-client.ts';

// spec 2 §7: GET /job/{id}, the job whose applicants are listed. The key is the one the jobs pages use for the
// same call, so both share the cached job and a job edit refreshes this header too.
export const jobQueryKey = (id: string) => ['jobs', 'detail', id] as const;
export const getJob = (id: string) => api.get<TJob>(`/job/${encodeURIComponent(id)}`);
export const jobQueryOptions = (id: string) =>
  queryOptions({ queryKey: jobQueryKey(id), queryFn: () => getJob(id), retry: false });
export const useJob = (id: string) => useQuery(jobQueryOptions(id));
