import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TJob } from '@hirecast/domain/job';
import { api } from '../../../lib/api-client.ts';

export type TJobShort = {
  _id: string;
  title: string;
  shortId: string;
  status: TJob['status'];
  shareUrl: string;
};

// spec 1 §7 Jobs: POST /job/{id}/short (short info with the share URL of §7). A POST that only reads, so it is
// a query: the share dialog shows it and refetches it when opened again.
export const getJobShort = (id: string) => api.post<TJobShort>(`/job/${encodeURIComponent(id)}/short`);

export const jobShortQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['jobs', 'short', id] as const,
    queryFn: () => getJobShort(id),
    staleTime: 60_000,
  });

export const useJobShort = (id: string) => useQuery(jobShortQueryOptions(id));
