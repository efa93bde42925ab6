import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TSharingQuery, TSharingUserAnswer } from '@hirecast/domain/sharing-api';
import { api } from '../../../lib/api-client.ts';
import { rangeSearch } from './range-search.ts';

// spec 3 §7 GET /sharing/user?startDate&endDate: the caller's own sharing data with totalPoints.
export const getUserSharing = (range: TSharingQuery, signal?: AbortSignal) =>
  api.get<TSharingUserAnswer>(`/sharing/user${rangeSearch(range)}`, { signal });

export const userSharingQuery = (companyId: string | null, range: TSharingQuery) =>
  queryOptions({
    queryKey: ['sharing', 'user', companyId, range.startDate ?? null, range.endDate ?? null],
    queryFn: ({ signal }) => getUserSharing(range, signal),
    placeholderData: keepPreviousData,
  });

export const useUserSharing = (companyId: string | null, range: TSharingQuery, enabled: boolean) =>
  useQuery({ ...userSharingQuery(companyId, range), enabled });
