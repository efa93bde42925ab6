import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TVideoTemplateList } from '@hirecast/domain/video-template';
import { ASSET_LIMITS } from '@hirecast/domain/asset';
import { api } from '../../../lib/api-client.ts';

export type { TVideoTemplateList };
export type TTemplatePageFilter = { page: number; status?: 'rendered' };

// Every template query starts with 'video-templates': a mutation or a status event refreshes them by prefix.
export const templatesQueryKey = ['video-templates'] as const;
export const templateListKey = (filter: TTemplatePageFilter) =>
  [...templatesQueryKey, 'list', filter] as const;

// spec 3 §7 Videos: GET /video?skip&limit&status -> {videos, videosCount, samples}; spec 3 §9: pages of 12 of
// the company's own templates (videosCount counts only them), the samples beside them on every page.
export const getVideoTemplates = (filter: TTemplatePageFilter, signal?: AbortSignal) => {
  const params = new URLSearchParams({
    skip: String(filter.page * ASSET_LIMITS.pageSize),
    limit: String(ASSET_LIMITS.pageSize),
  });
  if (filter.status) params.set('status', filter.status);
  return api.get<TVideoTemplateList>(`/video?${params.toString()}`, { signal });
};

export const videoTemplatesQueryOptions = (filter: TTemplatePageFilter) =>
  queryOptions({
    queryKey: templateListKey(filter),
    queryFn: ({ signal }) => getVideoTemplates(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useVideoTemplates = (filter: TTemplatePageFilter) =>
  useQuery(videoTemplatesQueryOptions(filter));
