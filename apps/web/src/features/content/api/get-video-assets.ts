import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ASSET_LIMITS,
  isVideoProcessing,
  type TAssetListResponse,
  type TDimension,
} from '@hirecast/domain/asset';
import { api } from '../../../lib/api-client.ts';

export type TAssetPageFilter = { page: number; search: string; dimension?: TDimension };

// Every asset query starts with 'assets', so a mutation refreshes videos and images with one prefix.
export const assetsQueryKey = ['assets'] as const;

export const pageQuery = ({ page, search, dimension }: TAssetPageFilter) => {
  const params = new URLSearchParams({
    skip: String(page * ASSET_LIMITS.pageSize),
    limit: String(ASSET_LIMITS.pageSize),
  });
  if (search.trim()) params.set('search', search.trim());
  if (dimension) params.set('dimension', dimension);
  return params.toString();
};

// spec 3 §7 Assets: GET /company/assets?skip&limit&search&dimension -> {assets, count}
export const getVideoAssets = (filter: TAssetPageFilter, signal?: AbortSignal) =>
  api.get<TAssetListResponse>(`/company/assets?${pageQuery(filter)}`, { signal });

export const videoAssetsQueryOptions = (filter: TAssetPageFilter) =>
  queryOptions({
    queryKey: [...assetsQueryKey, 'videos', { ...filter, search: filter.search.trim() }] as const,
    queryFn: ({ signal }) => getVideoAssets(filter, signal),
    placeholderData: keepPreviousData,
    // A video being processed changes status on the server: look again until none is.
    refetchInterval: (query) => (query.state.data?.assets.some(isVideoProcessing) ? 5000 : false),
  });

export const useVideoAssets = (filter: TAssetPageFilter) => useQuery(videoAssetsQueryOptions(filter));
