import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApiKey } from '@hirecast/domain/api-keys';
import { api } from '../../../lib/api-client.ts';
import { apiKeysQueryKey } from './get-api-keys.ts';

// Issue 35: DELETE /api-keys/{id} revokes the key at once.
export const revokeApiKey = (id: string) => api.delete<TApiKey>(`/api-keys/${encodeURIComponent(id)}`);

export function useRevokeApiKey(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(companyId) }),
  });
}
