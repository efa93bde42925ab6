import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompanyPage, TUpdateCompanyPageRequest } from '@hirecast/domain/company-page';
import { api } from '../../../lib/api-client.ts';
import { pagePath, applyPageAnswer } from './get-company-page.ts';

// spec 3 §7: PATCH /company-page/{id} with the stats, or with bannerImage (an image asset id, or null).
export const updateCompanyPage = ({ pageId, body }: { pageId: string; body: TUpdateCompanyPageRequest }) =>
  api.patch<TCompanyPage>(pagePath(pageId), body);

export const useUpdateCompanyPage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyPage,
    onSuccess: (page) => applyPageAnswer(queryClient, page),
  });
};
