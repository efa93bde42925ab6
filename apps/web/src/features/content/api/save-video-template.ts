import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TVideoTemplate } from '@hirecast/domain/video-template';
import type { z } from 'zod';
import type { ZCreateVideoTemplateBody, ZPatchVideoTemplateBody } from '@hirecast/domain/video-template';
import { api } from '../../../lib/api-client.ts';
import { templateQueryKey } from './get-video-template.ts';
import { templatesQueryKey } from './get-video-templates.ts';

export type TCreateTemplateBody = z.input<typeof ZCreateVideoTemplateBody>;
export type TPatchTemplateBody = z.input<typeof ZPatchVideoTemplateBody>;

// spec 3 §7 Videos: POST /video (the answer's _id is the new video's id), PATCH /video/{id}.
export const createVideoTemplate = (body: TCreateTemplateBody) => api.post<TVideoTemplate>('/video', body);
export const updateVideoTemplate = ({ id, body }: { id: string; body: TPatchTemplateBody }) =>
  api.patch<TVideoTemplate>(`/video/${encodeURIComponent(id)}`, body);
// spec 3 §7 Videos: POST /video/{id}/render starts rendering.
export const renderVideoTemplate = (id: string) =>
  api.post<TVideoTemplate>(`/video/${encodeURIComponent(id)}/render`);

/** Save: create a new template or update the stored one (spec 3 §4: create or update, then finalize). */
export const saveVideoTemplate = ({ id, body }: { id: string | null; body: TCreateTemplateBody }) =>
  id ? updateVideoTemplate({ id, body }) : createVideoTemplate(body);

const useTemplateMutation = <TInput>(mutationFn: (input: TInput) => Promise<TVideoTemplate>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (template) => {
      queryClient.setQueryData(templateQueryKey(template._id), template);
      void queryClient.invalidateQueries({ queryKey: [...templatesQueryKey, 'list'] });
    },
  });
};

export const useSaveVideoTemplate = () => useTemplateMutation(saveVideoTemplate);
export const useRenderVideoTemplate = () => useTemplateMutation(renderVideoTemplate);
