import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompanyPage, TCreatePageAssetRequest } from '@hirecast/domain/company-page';
import { api } from '../../../lib/api-client.ts';
import { pagePath, applyPageAnswer } from './get-company-page.ts';

// spec 3 §7: POST /company-page/{id}/asset {pageType, assetType, assetId, isPromoAsset, order}.
export const addPageAsset = ({ pageId, body }: { pageId: string; body: TCreatePageAssetRequest }) =>
  api.post<TCompanyPage>(`${pagePath(pageId)}/asset`, body);

export const useAddPageAsset = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPageAsset,
    onSuccess: (page) => applyPageAnswer(queryClient, page),
  });
};
