import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TStory, TUpdateStoryRequest } from '@hirecast/domain/company-page';
import { api } from '../../../lib/api-client.ts';
import { applyPageAnswer, pagePath } from './get-company-page.ts';

// spec 3 §7: PATCH /company-page/{id}/employer-testimonial/{slug}. The slug may change with it.
export const updateStory = ({
  pageId,
  slug,
  body,
}: {
  pageId: string;
  slug: string;
  body: TUpdateStoryRequest;
}) => api.patch<TStory>(`${pagePath(pageId)}/employer-testimonial/${encodeURIComponent(slug)}`, body);

export const useUpdateStory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStory,
    onSuccess: (answer) => applyPageAnswer(queryClient, answer),
  });
};
