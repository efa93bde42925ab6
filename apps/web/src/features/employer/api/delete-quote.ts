import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { pagePath, applyPageAnswer } from './get-company-page.ts';

// spec 3 §7: DELETE /company-page/{id}/quote/{quoteId}.
export const deleteQuote = ({ pageId, quoteId }: { pageId: string; quoteId: string }) =>
  api.delete<unknown>(`${pagePath(pageId)}/quote/${encodeURIComponent(quoteId)}`);

export const useDeleteQuote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuote,
    onSuccess: (page) => applyPageAnswer(queryClient, page),
  });
};
