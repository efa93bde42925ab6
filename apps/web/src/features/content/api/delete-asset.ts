import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { assetsQueryKey } from './get-video-assets.ts';

export type TAssetKind = 'video' | 'image';

// spec 3 §7 Assets: DELETE /asset/{id}, DELETE /image-asset/{id}
export const deleteAsset = ({ id, kind }: { id: string; kind: TAssetKind }) =>
  api.delete<unknown>(`/${kind === 'video' ? 'asset' : 'image-asset'}/${encodeURIComponent(id)}`);

export const useDeleteAsset = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAsset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetsQueryKey }),
  });
};
