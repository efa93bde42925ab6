import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateApiKeyRequest, TCreatedApiKey } from '@hirecast/domain/api-keys';
import { api } from '../../../lib/api-client.ts';
import { apiKeysQueryKey } from './get-api-keys.ts';

// Issue 35: POST /api-keys; the answer holds the key itself, shown once and kept nowhere.
export const createApiKey = (body: TCreateApiKeyRequest) => api.post<TCreatedApiKey>('/api-keys', body);

export function useCreateApiKey(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(companyId) }),
  });
}
