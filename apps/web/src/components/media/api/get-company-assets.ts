import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ASSET_LIMITS, isVideoProcessing, type TAssetListResponse } from '@hirecast/domain/asset';
import { api } from '../../../lib/api-client.ts';

export type TAssetPageQuery = { page: number; search: string };

const params = ({ page, search }: TAssetPageQuery) => {
  const q = new URLSearchParams({
    skip: String(page * ASSET_LIMITS.pageSize),
    limit: String(ASSET_LIMITS.pageSize),
  });
  if (search.trim()) q.set('search', search.trim());
  return q.toString();
};

// spec 3 §7: GET /company/assets?skip&limit&search answers {assets, count}.
export const getCompanyAssets = (query: TAssetPageQuery, signal?: AbortSignal) =>
  api.get<TAssetListResponse>(`/company/assets?${params(query)}`, { signal });

export const companyAssetsQuery = (query: TAssetPageQuery) =>
  queryOptions({
    queryKey: ['assets', 'videos', query],
    queryFn: ({ signal }) => getCompanyAssets(query, signal),
    placeholderData: keepPreviousData,
    // New recordings and uploads are processed in the background: watch them until they settle.
    refetchInterval: (q) => (q.state.data?.assets.some(isVideoProcessing) ? 3000 : false),
  });

export const useCompanyAssets = (query: TAssetPageQuery, enabled = true) =>
  useQuery({ ...companyAssetsQuery(query), enabled });

export const assetPageParams = params;
