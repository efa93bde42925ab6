import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TInterview, TInterviewAnswer } from '@hirecast/domain/interview';
import { api } from '../../../lib/api-client.ts';

export type TCompareEntry = {
  applicationId: string;
  firstName: string;
  lastName: string;
  answer: TInterviewAnswer;
};

// Issue 25 item 4: GET /job/{jobId}/interview/questions/{questionId}/answers — every candidate's answer to one question.
export const getCompare = (jobId: string, questionId: string) =>
  api.get<TCompareEntry[]>(
    `/job/${encodeURIComponent(jobId)}/interview/questions/${encodeURIComponent(questionId)}/answers`,
  );
export const useCompare = (jobId: string, questionId: string) =>
  useQuery(
    queryOptions({
      queryKey: ['job', jobId, 'interview', 'compare', questionId],
      queryFn: () => getCompare(jobId, questionId),
    }),
  );

export const useCompareInterview = (jobId: string) =>
  useQuery(
    queryOptions({
      queryKey: ['job', jobId, 'interview'] as const,
      queryFn: () => api.get<TInterview | null>(`/job/${encodeURIComponent(jobId)}/interview`),
    }),
  );
