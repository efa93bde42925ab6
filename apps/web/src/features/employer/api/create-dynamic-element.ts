import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompanyPage, TCreateDynamicElementRequest } from '@hirecast/domain/company-page';
import { api } from '../../../lib/api-client.ts';
import { pagePath, applyPageAnswer } from './get-company-page.ts';

// POST /company-page/{id}/dynamic-element: puts statistics, socials or latest jobs on a tab (beyond the spec's list).
export const createDynamicElement = ({
  pageId,
  body,
}: {
  pageId: string;
  body: TCreateDynamicElementRequest;
}) => api.post<TCompanyPage>(`${pagePath(pageId)}/dynamic-element`, body);

export const useCreateDynamicElement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDynamicElement,
    onSuccess: (page) => applyPageAnswer(queryClient, page),
  });
};
