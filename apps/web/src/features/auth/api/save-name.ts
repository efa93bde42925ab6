import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TManager, TYourNameForm } from '@hirecast/domain/auth';
import { api } from '../../../lib/api-client.ts';
import { putMe } from '../../../lib/me.ts';

// Issue 27: the name screen saves both names with PATCH /manager/me, which ends `needsName`.
export const saveName = (body: TYourNameForm) => api.patch<TManager>('/manager/me', body);

export function useSaveName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveName,
    onSuccess: (manager) => putMe(queryClient, manager),
  });
}
