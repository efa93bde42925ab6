import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TManager } from '@hirecast/domain/auth';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey, putMe } from '../../../lib/me.ts';

// Issue 33 item 8: the owner of an account taken back through Google leaves a company it had
// (DELETE /company/{id}/team/me, 204), and closes the notice once read (DELETE /manager/me/taken-back).
export const leaveCompany = (companyId: string) =>
  api.delete<void>(`/company/${encodeURIComponent(companyId)}/team/me`);
export const closeTakenBack = () => api.delete<TManager>('/manager/me/taken-back');

export function useLeaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export function useCloseTakenBack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeTakenBack,
    onSuccess: (manager) => putMe(queryClient, manager),
  });
}
