import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCaptions } from '@hirecast/domain/captions';
import { api } from '../../../lib/api-client.ts';

// Issue 34 item 3: a library video's captions as the caption editor opens them (GET /asset/{id}/captions).
export const captionsQueryKey = (assetId: string) => ['assets', 'captions', assetId] as const;
export const getCaptions = (assetId: string, signal?: AbortSignal) =>
  api.get<TCaptions>(`/asset/${encodeURIComponent(assetId)}/captions`, { signal });

export const captionsQueryOptions = (assetId: string) =>
  queryOptions({
    queryKey: captionsQueryKey(assetId),
    queryFn: ({ signal }) => getCaptions(assetId, signal),
  });

export const useCaptions = (assetId: string) => useQuery(captionsQueryOptions(assetId));

/** The members' captions files: the player's <track>, and the editor's downloads. */
export const captionsFileUrl = (assetId: string, format: 'vtt' | 'srt', download = false) =>
  `/api/asset/${encodeURIComponent(assetId)}/captions.${format}${download ? '?download=1' : ''}`;
