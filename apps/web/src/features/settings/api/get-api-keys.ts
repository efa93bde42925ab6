import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TApiKey } from '@hirecast/domain/api-keys';
import { api } from '../../../lib/api-client.ts';

// Issue 35: GET /api-keys, the company's API keys (admins).
export const apiKeysQueryKey = (companyId: string) => ['api-keys', companyId] as const;
export const getApiKeys = () => api.get<TApiKey[]>('/api-keys');

export const apiKeysQuery = (companyId: string) =>
  queryOptions({ queryKey: apiKeysQueryKey(companyId), queryFn: getApiKeys });
export const useApiKeys = (companyId: string) => useQuery(apiKeysQuery(companyId));
