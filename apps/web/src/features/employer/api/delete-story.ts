import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applyPageAnswer, pagePath } from './get-company-page.ts';

// spec 3 §7: DELETE /company-page/{id}/employer-testimonial/{slug}.
export const deleteStory = ({ pageId, slug }: { pageId: string; slug: string }) =>
  api.delete<unknown>(`${pagePath(pageId)}/employer-testimonial/${encodeURIComponent(slug)}`);

export const useDeleteStory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStory,
    onSuccess: (answer) => applyPageAnswer(queryClient, answer),
  });
};
