import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreateShareRequest, TInterviewShare } from '@hirecast/domain/interview';
import { api } from '../../../lib/api-client.ts';
import { applicationPath, type TApplicationRef } from './application-path.ts';

// Issue 25 item 4: share links that let someone outside the team review one candidate's interview.
const sharesPath = (ref: TApplicationRef) => `${applicationPath(ref)}/interview/shares`;
const sharesKey = (id: string) => ['applicant-interview-shares', id] as const;

export const getShares = (ref: TApplicationRef) => api.get<TInterviewShare[]>(sharesPath(ref));
export const sharesQueryOptions = (ref: TApplicationRef) =>
  queryOptions({ queryKey: sharesKey(ref.id), queryFn: () => getShares(ref) });
export const useShares = (ref: TApplicationRef, enabled: boolean) =>
  useQuery({ ...sharesQueryOptions(ref), enabled });

export type TCreateShare = TCreateShareRequest;
export function useCreateShare(ref: TApplicationRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateShare) => api.post<TInterviewShare>(sharesPath(ref), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesKey(ref.id) }),
  });
}
export function useRevokeShare(ref: TApplicationRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => api.delete<void>(`${sharesPath(ref)}/${shareId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesKey(ref.id) }),
  });
}
