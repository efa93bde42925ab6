import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// spec 3 §7 Assets: GET /tag -> {tags}
export const getTags = (signal?: AbortSignal) => api.get<{ tags: string[] }>('/tag', { signal });

export const tagsQueryOptions = () =>
  queryOptions({
    queryKey: ['tags'] as const,
    queryFn: ({ signal }) => getTags(signal),
    staleTime: 60_000,
  });

export const useTags = () => useQuery(tagsQueryOptions());
