import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInterview, TPutInterviewRequest } from '@hirecast/domain/interview';
import { api } from '../../../lib/api-client.ts';
import { interviewQueryKey } from './get-interview.ts';

// Issue 25 item 1: PUT /job/{id}/interview — the whole question set, in order.
export const saveInterview = (jobId: string, body: TPutInterviewRequest) =>
  api.put<TInterview>(`/job/${jobId}/interview`, body);

export function useSaveInterview(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPutInterviewRequest) => saveInterview(jobId, body),
    onSuccess: (saved) => queryClient.setQueryData(interviewQueryKey(jobId), saved),
  });
}
