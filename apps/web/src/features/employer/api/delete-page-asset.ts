import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { pagePath, applyPageAnswer } from './get-company-page.ts';

// spec 3 §7: DELETE /company-page/{id}/asset/{assetId}: the page's entry goes; the library keeps the asset.
export const deletePageAsset = ({ pageId, entryId }: { pageId: string; entryId: string }) =>
  api.delete<unknown>(`${pagePath(pageId)}/asset/${encodeURIComponent(entryId)}`);

export const useDeletePageAsset = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePageAsset,
    onSuccess: (page) => applyPageAnswer(queryClient, page),
  });
};
