import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ASSET_LIMITS, type TVideoAsset } from '@hirecast/domain/asset';
import type { TVideoTemplate, TVideoTemplateList } from '@hirecast/domain/video-template';
import { api } from '../../../lib/api-client.ts';

// spec 3 §7 Videos: GET /video?skip&limit&status=rendered, the company's own rendered animated videos (no samples).
export const getRenderedTemplates = (page: number, signal?: AbortSignal) =>
  api.get<TVideoTemplateList>(
    `/video?skip=${page * ASSET_LIMITS.pageSize}&limit=${ASSET_LIMITS.pageSize}&status=rendered`,
    { signal },
  );

export const useRenderedTemplates = (page: number) =>
  useQuery({
    queryKey: ['video-templates', 'list', { page, status: 'rendered' }],
    queryFn: ({ signal }) => getRenderedTemplates(page, signal),
    placeholderData: keepPreviousData,
  });

/** The rendered MP4 of a template is a video asset of the library (`_file`): a job holds that asset. */
export const getTemplateVideoAsset = (template: TVideoTemplate) =>
  api.get<TVideoAsset>(`/asset/${encodeURIComponent(template._file ?? '')}`);
