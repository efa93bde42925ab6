import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TManager } from '@hirecast/domain/auth';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/me.ts';

// spec 1 §4: the first-job prompt marks the user as redirected (PATCH /manager/me {isUserWasRedirected}).
export const updateMeRedirected = () => api.patch<TManager>('/manager/me', { isUserWasRedirected: true });

export const useUpdateMeRedirected = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMeRedirected,
    onMutate: () => {
      // The prompt must not come back while the request is on its way.
      queryClient.setQueryData<TManager>(meQueryKey, (me) =>
        me ? { ...me, isUserWasRedirected: true } : me,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
};
