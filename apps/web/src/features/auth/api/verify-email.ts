import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TVerifyEmailRequest, TVerifyEmailResponse } from '@hirecast/domain/auth';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/me.ts';

// POST /manager/signup/email/verify {token}: confirms the address from the emailed link.
export const verifyEmail = (body: TVerifyEmailRequest) =>
  api.post<TVerifyEmailResponse>('/manager/signup/email/verify', body);

export const useVerifyEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // needVerification changes: the shell banner and the guard read it from me. A me request that started
    // before the verification would land afterwards with the old flag and count as fresh, so cancel it first.
    onSuccess: async () => {
      await queryClient.cancelQueries({ queryKey: meQueryKey });
      await queryClient.invalidateQueries({ queryKey: meQueryKey, refetchType: 'all' });
    },
  });
};
