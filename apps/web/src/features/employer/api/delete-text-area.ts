import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { pagePath, applyPageAnswer } from './get-company-page.ts';

// DELETE /company-page/{id}/text-area/{textAreaId} (with the create call, beyond the spec's list).
export const deleteTextArea = ({ pageId, textAreaId }: { pageId: string; textAreaId: string }) =>
  api.delete<unknown>(`${pagePath(pageId)}/text-area/${encodeURIComponent(textAreaId)}`);

export const useDeleteTextArea = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTextArea,
    onSuccess: (page) => applyPageAnswer(queryClient, page),
  });
};
