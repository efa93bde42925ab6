import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TImageAsset } from '@hirecast/domain/asset';
import { api } from '../../../lib/api-client.ts';
import { assetsQueryKey } from './get-video-assets.ts';

// spec 3 §7 Assets: PATCH /image-asset/{id} {title}
export const updateImageAsset = ({ id, title }: { id: string; title: string }) =>
  api.patch<TImageAsset>(`/image-asset/${encodeURIComponent(id)}`, { title });

export const useUpdateImageAsset = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateImageAsset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetsQueryKey }),
  });
};
