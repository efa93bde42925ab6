import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TJob } from '@hirecast/domain/job';
import { api } from '../../../lib/api-client.ts';

// spec 1 §7 Jobs: GET /job/{id}?includeStats=true, for the tracking data dialog.
export const getJobStats = (id: string) => api.get<TJob>(`/job/${encodeURIComponent(id)}?includeStats=true`);

export const jobStatsQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['jobs', 'stats', id] as const, queryFn: () => getJobStats(id) });

export const useJobStats = (id: string) => useQuery(jobStatsQueryOptions(id));
