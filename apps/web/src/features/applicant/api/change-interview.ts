import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TInterviewAnswer,
  TInterviewSession,
  TInviteRequest,
  TUpdateSessionRequest,
} from '@hirecast/domain/interview';
import { api } from '../../../lib/api-client.ts';
import { inviteToInterview } from '../../../lib/interview.ts';
import { applicationPath, type TApplicationRef } from './application-path.ts';
import { applicantInterviewQueryKey } from './get-applicant-interview.ts';
import { historyQueryKey } from './get-history.ts';

// Issue 25 items 2 and 4: what the team does with one candidate's interview. Each answers the session (or the
// answer), which replaces the cached session.
const base = (ref: TApplicationRef) => `${applicationPath(ref)}/interview`;

export const updateInterviewSession = (ref: TApplicationRef, body: TUpdateSessionRequest) =>
  api.patch<TInterviewSession>(base(ref), body);
export const reopenQuestion = (ref: TApplicationRef, questionId: string) =>
  api.post<TInterviewSession>(`${base(ref)}/questions/${questionId}/reopen`, {});
export const rateAnswer = (
  ref: TApplicationRef,
  answerId: string,
  body: { stars: number; comment: string | null },
) => api.put<TInterviewAnswer>(`${base(ref)}/answers/${answerId}/rating`, body);

function useSessionMutation<TArg>(ref: TApplicationRef, call: (arg: TArg) => Promise<TInterviewSession>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (session) => {
      queryClient.setQueryData(applicantInterviewQueryKey(ref.id), session);
      void queryClient.invalidateQueries({ queryKey: historyQueryKey(ref.id) });
    },
  });
}

export const useInviteToInterview = (ref: TApplicationRef) =>
  useSessionMutation(ref, (body: TInviteRequest) => inviteToInterview(ref, body));
export const useUpdateInterviewSession = (ref: TApplicationRef) =>
  useSessionMutation(ref, (body: TUpdateSessionRequest) => updateInterviewSession(ref, body));
export const useReopenQuestion = (ref: TApplicationRef) =>
  useSessionMutation(ref, (questionId: string) => reopenQuestion(ref, questionId));

export function useRateAnswer(ref: TApplicationRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (arg: { answerId: string; stars: number; comment: string | null }) =>
      rateAnswer(ref, arg.answerId, { stars: arg.stars, comment: arg.comment }),
    // The session's score changes with every rating: read it again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicantInterviewQueryKey(ref.id) }),
  });
}
