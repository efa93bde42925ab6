import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateAssetRequest, TVideoAsset } from '@hirecast/domain/asset';
import { api } from '../../../lib/api-client.ts';
import { assetsQueryKey } from './get-video-assets.ts';

// spec 3 §7 Assets: PATCH /asset/{id} with {title}, or {customThumbnailUrl, customMobileThumbnailUrl, isStory, _tags}
export const updateAsset = ({ id, body }: { id: string; body: TUpdateAssetRequest }) =>
  api.patch<TVideoAsset>(`/asset/${encodeURIComponent(id)}`, body);

export const useUpdateAsset = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAsset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetsQueryKey }),
  });
};
