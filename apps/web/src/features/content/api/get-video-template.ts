import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TVideoTemplate } from '@hirecast/domain/video-template';
import { api } from '../../../lib/api-client.ts';
import { templatesQueryKey } from './get-video-templates.ts';

export const templateQueryKey = (id: string) => [...templatesQueryKey, 'one', id] as const;

// spec 3 §7 Videos: GET /video/{id}
export const getVideoTemplate = (id: string, signal?: AbortSignal) =>
  api.get<TVideoTemplate>(`/video/${encodeURIComponent(id)}`, { signal });

export const videoTemplateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: templateQueryKey(id),
    queryFn: ({ signal }) => getVideoTemplate(id, signal),
  });

export const useVideoTemplate = (id: string | undefined) =>
  useQuery({ ...videoTemplateQueryOptions(id ?? ''), enabled: Boolean(id) });
