import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TManager, TUpdateMeRequest } from '@hirecast/domain/auth';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/me.ts';

// spec 2 §7 PATCH /manager/me: any of firstName, lastName, position, avatar, digestType, calendarLink.
export const updateMe = (body: TUpdateMeRequest) => api.patch<TManager>('/manager/me', body);

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (manager) => {
      queryClient.setQueryData(meQueryKey, manager);
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
