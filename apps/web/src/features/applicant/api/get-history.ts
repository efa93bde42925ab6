import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THistoryItem } from '@hirecast/domain/applicants';
import { api } from '../../../lib/api-client.ts';

export const historyQueryKey = (applicationId: string) => ['history', 'application', applicationId] as const;

// spec 2 §7 History: GET /history/application/{applicationId}
export const getHistory = (applicationId: string) =>
  api.get<THistoryItem[]>(`/history/application/${encodeURIComponent(applicationId)}`);

export const historyQueryOptions = (applicationId: string) =>
  queryOptions({ queryKey: historyQueryKey(applicationId), queryFn: () => getHistory(applicationId) });
export const useHistory = (applicationId: string) => useQuery(historyQueryOptions(applicationId));
