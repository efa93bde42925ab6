import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompanyPage, TCreateQuoteRequest } from '@hirecast/domain/company-page';
import { api } from '../../../lib/api-client.ts';
import { pagePath, applyPageAnswer } from './get-company-page.ts';

// spec 3 §7: POST /company-page/{id}/quote {pageType, order, content, author}.
export const createQuote = ({ pageId, body }: { pageId: string; body: TCreateQuoteRequest }) =>
  api.post<TCompanyPage>(`${pagePath(pageId)}/quote`, body);

export const useCreateQuote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuote,
    onSuccess: (page) => applyPageAnswer(queryClient, page),
  });
};
