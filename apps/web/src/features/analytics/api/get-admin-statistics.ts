import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAdminStatisticsAnswer, TSharingQuery } from '@hirecast/domain/sharing-api';
import { api } from '../../../lib/api-client.ts';
import { rangeSearch } from './range-search.ts';

// spec 3 §7 GET /sharing/adminStatistics?startDate&endDate (admins).
export const getAdminStatistics = (range: TSharingQuery, signal?: AbortSignal) =>
  api.get<TAdminStatisticsAnswer>(`/sharing/adminStatistics${rangeSearch(range)}`, { signal });

export const adminStatisticsQuery = (companyId: string | null, range: TSharingQuery) =>
  queryOptions({
    queryKey: ['sharing', 'admin', companyId, range.startDate ?? null, range.endDate ?? null],
    queryFn: ({ signal }) => getAdminStatistics(range, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminStatistics = (companyId: string | null, range: TSharingQuery, enabled: boolean) =>
  useQuery({ ...adminStatisticsQuery(companyId, range), enabled });
