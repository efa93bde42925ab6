import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TInterview } from '@hirecast/domain/interview';
import { api } from '../../../lib/api-client.ts';

// Issue 25 item 1: GET /job/{id}/interview — the job's question set, or null when it has none.
export const interviewQueryKey = (jobId: string) => ['job', jobId, 'interview'] as const;
export const getInterview = (jobId: string) => api.get<TInterview | null>(`/job/${jobId}/interview`);
export const interviewQueryOptions = (jobId: string) =>
  queryOptions({ queryKey: interviewQueryKey(jobId), queryFn: () => getInterview(jobId) });
export const useInterview = (jobId: string) => useQuery(interviewQueryOptions(jobId));
