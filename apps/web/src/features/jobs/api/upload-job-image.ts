import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';

// spec 3 §7 uploads, as the company logo does it: signed URL, PUT with progress, then the server checks
// the stored bytes. The job keeps the verified accessUrl as `image`.
type TSignedUpload = { url: string; key: string };
type TVerifiedUpload = { accessUrl: string };

const uploadFailed = (status: number, message: string) => new ApiError(status, { code: 'INTERNAL', message });

// XMLHttpRequest rather than fetch: it reports progress and can be cancelled. No auth headers: the URL is signed.
function putFile(url: string, file: File, onProgress: (percent: number) => void, signal: AbortSignal) {
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

export async function uploadJobImage({
  file,
  onProgress,
  signal,
}: {
  file: File;
  onProgress: (percent: number) => void;
  signal: AbortSignal;
}) {
  const signed = await api.get<TSignedUpload>(
    `/signed-url/resize?content-type=${encodeURIComponent(file.type)}&imageType=image`,
  );
  signal.throwIfAborted();
  await putFile(signed.url, file, onProgress, signal);
  const verified = await api.post<TVerifiedUpload>('/storage/verify', {
    key: signed.key,
    imageType: 'image',
  });
  return verified.accessUrl;
}

export const useUploadJobImage = () => useMutation({ mutationFn: uploadJobImage });
