import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { pagePath, applyPageAnswer } from './get-company-page.ts';

// DELETE /company-page/{id}/dynamic-element/{elementId} (beyond the spec's list).
export const deleteDynamicElement = ({ pageId, elementId }: { pageId: string; elementId: string }) =>
  api.delete<unknown>(`${pagePath(pageId)}/dynamic-element/${encodeURIComponent(elementId)}`);

export const useDeleteDynamicElement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDynamicElement,
    onSuccess: (page) => applyPageAnswer(queryClient, page),
  });
};
