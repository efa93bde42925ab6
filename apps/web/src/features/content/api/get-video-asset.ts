import { useQuery } from '@tanstack/react-query';
import type { TVideoAsset } from '@hirecast/domain/asset';
import { api } from '../../../lib/api-client.ts';

// spec 3 §7 Assets: one video asset of the library (GET /asset/{id}).
export const videoAssetQueryKey = (id: string) => ['assets', 'one', id] as const;
export const getVideoAsset = (id: string, signal?: AbortSignal) =>
  api.get<TVideoAsset>(`/asset/${encodeURIComponent(id)}`, { signal });

export const useVideoAsset = (id: string | null) =>
  useQuery({
    queryKey: videoAssetQueryKey(id ?? ''),
    queryFn: ({ signal }) => getVideoAsset(id!, signal),
    enabled: Boolean(id),
  });
