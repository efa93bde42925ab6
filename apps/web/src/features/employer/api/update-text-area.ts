import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompanyPage, TUpdateTextAreaRequest } from '@hirecast/domain/company-page';
import { api } from '../../../lib/api-client.ts';
import { pagePath, applyPageAnswer } from './get-company-page.ts';

// spec 3 §7: PATCH /company-page/{id}/text-area/{textAreaId} {header, content}.
export const updateTextArea = ({
  pageId,
  textAreaId,
  body,
}: {
  pageId: string;
  textAreaId: string;
  body: TUpdateTextAreaRequest;
}) => api.patch<TCompanyPage>(`${pagePath(pageId)}/text-area/${encodeURIComponent(textAreaId)}`, body);

export const useUpdateTextArea = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTextArea,
    onSuccess: (page) => applyPageAnswer(queryClient, page),
  });
};
