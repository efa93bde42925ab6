import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_IMAGE_TITLE, type TImageAsset } from '@hirecast/domain/asset';
import { ApiError, api } from '../../../lib/api-client.ts';
import { assetsQueryKey } from './get-video-assets.ts';

// spec 3 §7 Uploads: signed URL, PUT with progress (cancellable), then the server checks the stored bytes.
type TSignedUpload = { url: string; key: string };
type TVerifiedUpload = { accessUrl: string };

const uploadFailed = (status: number, message: string) => new ApiError(status, { code: 'INTERNAL', message });

// XMLHttpRequest rather than fetch: it reports progress and can be cancelled. No auth headers: the URL is signed.
function putFile(url: string, file: Blob, onProgress: (percent: number) => void, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', file.type);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : reject(uploadFailed(xhr.status, 'We could not upload your image. Please try again.'));
    xhr.onerror = () =>
      reject(uploadFailed(0, 'We could not upload your image. Check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

export type TUploadInput = { file: Blob; onProgress: (percent: number) => void; signal: AbortSignal };

/** Uploads an image and answers its storage key and verified access URL. */
export async function uploadImageFile({ file, onProgress, signal }: TUploadInput) {
  const signed = await api.get<TSignedUpload>(
    `/signed-url/resize?content-type=${encodeURIComponent(file.type)}&imageType=image`,
  );
  signal.throwIfAborted();
  await putFile(signed.url, file, onProgress, signal);
  const verified = await api.post<TVerifiedUpload>('/storage/verify', {
    key: signed.key,
    imageType: 'image',
  });
  return { key: signed.key, url: verified.accessUrl };
}

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
