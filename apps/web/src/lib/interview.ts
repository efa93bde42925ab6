import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TInterview, TInterviewSession, TInviteRequest } from '@hirecast/domain/interview';
import { api } from './api-client.ts';

// Issue 25: what more than one feature reads of a job's interview (the applicant page and the applicants list).

// GET /job/{jobId}/interview — the job's question set (null when none): whether candidates can be invited.
export const jobInterviewQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ['job', jobId, 'interview'] as const,
    queryFn: () => api.get<TInterview | null>(`/job/${encodeURIComponent(jobId)}/interview`),
  });
export const useJobInterview = (jobId: string) => useQuery(jobInterviewQueryOptions(jobId));

/** POST /job/{jobId}/application/{id}/interview/invite — the invitation letter with its deadline. */
export const inviteToInterview = (ref: { jobId: string; id: string }, body: TInviteRequest) =>
  api.post<TInterviewSession>(
    `/job/${encodeURIComponent(ref.jobId)}/application/${encodeURIComponent(ref.id)}/interview/invite`,
    body,
  );
