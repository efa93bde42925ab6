import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_IMAGE_TITLE, type TImageAsset } from '@hirecast/domain/asset';
import { api } from '../../../lib/api-client.ts';
import { uploadImage, type TImageUploadInput } from '../../../lib/upload-image.ts';
import { assetsQueryKey } from './get-video-assets.ts';

export type TUploadInput = TImageUploadInput;

/** Uploads a library image and answers its storage key and verified access URL. */
export const uploadImageFile = (input: TUploadInput) => uploadImage({ ...input, imageType: 'image' });

// spec 3 §7 Assets: POST /image-asset {title, key|url, fileName}; a new image is titled 'New image'.
export async function createImageAsset({
  title = DEFAULT_IMAGE_TITLE,
  fileName,
  ...upload
}: TUploadInput & { title?: string; fileName: string }) {
  const stored = await uploadImageFile(upload);
  return api.post<TImageAsset>('/image-asset', { title, fileName, key: stored.key, url: stored.url });
}

export const useCreateImageAsset = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createImageAsset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetsQueryKey }),
  });
};
