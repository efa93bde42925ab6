import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TInterviewSession } from '@hirecast/domain/interview';
import { api, ApiError } from '../../../lib/api-client.ts';
import { applicationPath, type TApplicationRef } from './application-path.ts';

export const applicantInterviewQueryKey = (id: string) => ['applicant-interview', id] as const;

// Issue 25 item 4: GET /job/{jobId}/application/{id}/interview — the candidate's interview, null when none.
export async function getApplicantInterview(ref: TApplicationRef): Promise<TInterviewSession | null> {
  try {
    return await api.get<TInterviewSession>(`${applicationPath(ref)}/interview`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
export const applicantInterviewQueryOptions = (ref: TApplicationRef) =>
  queryOptions({ queryKey: applicantInterviewQueryKey(ref.id), queryFn: () => getApplicantInterview(ref) });
export const useApplicantInterview = (ref: TApplicationRef) => useQuery(applicantInterviewQueryOptions(ref));
