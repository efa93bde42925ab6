import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompanyPage, TUpdateQuoteRequest } from '@hirecast/domain/company-page';
import { api } from '../../../lib/api-client.ts';
import { pagePath, applyPageAnswer } from './get-company-page.ts';

// spec 3 §7: PATCH /company-page/{id}/quote/{quoteId}.
export const updateQuote = ({
  pageId,
  quoteId,
  body,
}: {
  pageId: string;
  quoteId: string;
  body: TUpdateQuoteRequest;
}) => api.patch<TCompanyPage>(`${pagePath(pageId)}/quote/${encodeURIComponent(quoteId)}`, body);

export const useUpdateQuote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuote,
    onSuccess: (page) => applyPageAnswer(queryClient, page),
  });
};
