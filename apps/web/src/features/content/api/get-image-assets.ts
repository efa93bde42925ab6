import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TImageAsset } from '@hirecast/domain/asset';
import { api } from '../../../lib/api-client.ts';
import { assetsQueryKey, pageQuery, type TAssetPageFilter } from './get-video-assets.ts';

export type TImageAssetList = { assets: TImageAsset[]; count: number };

// spec 3 §7 Assets: GET /company/image-assets?skip&limit&search -> {assets, count}
export const getImageAssets = (filter: TAssetPageFilter, signal?: AbortSignal) =>
  api.get<TImageAssetList>(`/company/image-assets?${pageQuery(filter)}`, { signal });

export const imageAssetsQueryOptions = (filter: TAssetPageFilter) =>
  queryOptions({
    queryKey: [...assetsQueryKey, 'images', { ...filter, search: filter.search.trim() }] as const,
    queryFn: ({ signal }) => getImageAssets(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useImageAssets = (filter: TAssetPageFilter) => useQuery(imageAssetsQueryOptions(filter));
