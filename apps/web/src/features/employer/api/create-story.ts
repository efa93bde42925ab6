import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateStoryRequest, TStory } from '@hirecast/domain/company-page';
import { api } from '../../../lib/api-client.ts';
import { applyPageAnswer, pagePath } from './get-company-page.ts';

// spec 3 §7: POST /company-page/{id}/employer-testimonial: a new employee story.
export const createStory = ({ pageId, body }: { pageId: string; body: TCreateStoryRequest }) =>
  api.post<TStory>(`${pagePath(pageId)}/employer-testimonial`, body);

export const useCreateStory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStory,
    onSuccess: (answer) => applyPageAnswer(queryClient, answer),
  });
};
