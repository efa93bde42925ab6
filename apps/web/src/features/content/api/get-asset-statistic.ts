import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAssetStatistic } from '@hirecast/domain/asset';
import { api } from '../../../lib/api-client.ts';
import { assetsQueryKey } from './get-video-assets.ts';

// spec 3 §7 Assets: GET /asset/{id}/statistic -> {videoEngagement: [{second, viewers, percentage}]}
export const getAssetStatistic = (id: string, signal?: AbortSignal) =>
  api.get<TAssetStatistic>(`/asset/${encodeURIComponent(id)}/statistic`, { signal });

export const assetStatisticQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...assetsQueryKey, 'statistic', id] as const,
    queryFn: ({ signal }) => getAssetStatistic(id, signal),
  });

export const useAssetStatistic = (id: string) => useQuery(assetStatisticQueryOptions(id));
