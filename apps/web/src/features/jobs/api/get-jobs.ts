import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TJob } from '@hirecast/domain/job';
import { api } from '../../../lib/api-client.ts';

export type TJobsFilter = { search: string; liveOnly: boolean };

// Every jobs query starts with 'jobs', so a mutation can refresh lists and single jobs with one prefix.
export const jobsQueryKey = ['jobs'] as const;
export const jobsListQueryKey = ['jobs', 'list'] as const;

// spec 1 §7 Jobs: GET /job (?search matches the title, ?status=open is the 'Live jobs' filter).
export const getJobs = ({ search, liveOnly }: TJobsFilter, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  if (liveOnly) params.set('status', 'open');
  const query = params.toString();
  return api.get<TJob[]>(`/job${query ? `?${query}` : ''}`, { signal });
};

export const jobsQueryOptions = (filter: TJobsFilter) =>
  queryOptions({
    queryKey: [...jobsListQueryKey, { search: filter.search.trim(), liveOnly: filter.liveOnly }] as const,
    queryFn: ({ signal }) => getJobs(filter, signal),
    // Typing in the search keeps the last grid on screen instead of flashing the skeleton.
    placeholderData: keepPreviousData,
  });

export const useJobs = (filter: TJobsFilter) => useQuery(jobsQueryOptions(filter));
