import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompanyPage, TReorderRequest } from '@hirecast/domain/company-page';
import { api } from '../../../lib/api-client.ts';
import { applyPageAnswer, pagePath } from './get-company-page.ts';

// spec 3 §7: PATCH /company-page/{id}/reorder {elements: [{_id, order}]}; the order persists (spec 3 §4).
export const reorderBlocks = ({
  pageId,
  elements,
}: {
  pageId: string;
  elements: TReorderRequest['elements'];
}) => api.patch<TCompanyPage>(`${pagePath(pageId)}/reorder`, { elements });

export const useReorderBlocks = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderBlocks,
    onSuccess: (answer) => applyPageAnswer(queryClient, answer),
  });
};
