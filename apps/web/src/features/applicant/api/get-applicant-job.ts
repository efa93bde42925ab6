import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TJob } from '@hirecast/domain/job';
import { api } from '../../../lib/api-client.ts';

// spec 2 §2: the applicant page loads the job first. GET /job/{id}: the same call and cache key as the jobs
// feature, so a job already opened there is not fetched again (features do not import each other).
export const applicantJobQueryKey = (id: string) => ['jobs', 'detail', id] as const;
export const getApplicantJob = (id: string) => api.get<TJob>(`/job/${encodeURIComponent(id)}`);
export const applicantJobQueryOptions = (id: string) =>
  queryOptions({ queryKey: applicantJobQueryKey(id), queryFn: () => getApplicantJob(id), retry: false });
export const useApplicantJob = (id: string) => useQuery(applicantJobQueryOptions(id));
