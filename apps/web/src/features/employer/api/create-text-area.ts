import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompanyPage, TCreateTextAreaRequest } from '@hirecast/domain/company-page';
import { api } from '../../../lib/api-client.ts';
import { pagePath, applyPageAnswer } from './get-company-page.ts';

// POST /company-page/{id}/text-area: a new text card (not among the spec's calls; see the domain contract).
export const createTextArea = ({ pageId, body }: { pageId: string; body: TCreateTextAreaRequest }) =>
  api.post<TCompanyPage>(`${pagePath(pageId)}/text-area`, body);

export const useCreateTextArea = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTextArea,
    onSuccess: (page) => applyPageAnswer(queryClient, page),
  });
};
