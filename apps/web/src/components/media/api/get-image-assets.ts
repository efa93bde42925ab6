import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TImageAsset } from '@hirecast/domain/asset';
import { api } from '../../../lib/api-client.ts';
import { assetPageParams, type TAssetPageQuery } from './get-company-assets.ts';

export type TImageAssetList = { assets: TImageAsset[]; count: number };

// spec 3 §7: GET /company/image-assets?skip&limit&search answers {assets, count}.
export const getImageAssets = (query: TAssetPageQuery, signal?: AbortSignal) =>
  api.get<TImageAssetList>(`/company/image-assets?${assetPageParams(query)}`, { signal });

export const imageAssetsQuery = (query: TAssetPageQuery) =>
  queryOptions({
    queryKey: ['assets', 'images', query],
    queryFn: ({ signal }) => getImageAssets(query, signal),
    placeholderData: keepPreviousData,
  });

export const useImageAssets = (query: TAssetPageQuery, enabled = true) =>
  useQuery({ ...imageAssetsQuery(query), enabled });
