import type { TImageType } from '@hirecast/domain/storage';
import { ApiError, api } from './api-client.ts';

// spec 3 §7 Uploads: ask for a signed URL, PUT the file there, then have the server check the stored bytes.
// Three requests, one operation: the image is usable only after the last one answers. Every image upload of
// the app (logo, job image, library image, thumbnail) goes through here.
type TSignedUpload = { url: string; key: string };
type TVerifiedUpload = { accessUrl: string };

const uploadFailed = (status: number, message: string) => new ApiError(status, { code: 'INTERNAL', message });

// XMLHttpRequest rather than fetch: it reports progress and can be cancelled. No auth headers: the URL is signed.
function putFile(url: string, file: Blob, onProgress: (percent: number) => void, signal?: AbortSignal) {
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
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

export type TImageUploadInput = {
  file: Blob;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
};

/** Uploads an image and answers its storage key and the verified access URL. */
export async function uploadImage({
  file,
  onProgress,
  signal,
  imageType,
}: TImageUploadInput & { imageType: TImageType }) {
  const signed = await api.get<TSignedUpload>(
    `/signed-url/resize?content-type=${encodeURIComponent(file.type)}&imageType=${imageType}`,
  );
  signal?.throwIfAborted();
  await putFile(signed.url, file, onProgress, signal);
  const verified = await api.post<TVerifiedUpload>('/storage/verify', { key: signed.key, imageType });
  return { key: signed.key, url: verified.accessUrl };
}
