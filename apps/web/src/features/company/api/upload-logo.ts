import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';

// spec 3 §7 uploads: ask for a signed URL, PUT the file there, then have the server check the bytes.
// Three requests, one operation: the logo is usable only after the last one answers.
type TSignedUpload = { url: string; key: string };
type TVerifiedUpload = { accessUrl: string };

export const getLogoUploadUrl = (contentType: string) =>
  api.get<TSignedUpload>(`/signed-url/resize?content-type=${encodeURIComponent(contentType)}&imageType=logo`);

export const verifyLogoUpload = (key: string) =>
  api.post<TVerifiedUpload>('/storage/verify', { key, imageType: 'logo' });

// XMLHttpRequest rather than fetch: it reports upload progress. The URL is signed; no auth headers.
export function putFile(url: string, file: File, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', file.type);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : reject(
            new ApiError(xhr.status, {
              code: 'INTERNAL',
              message: 'We could not upload your logo. Please try again.',
            }),
          );
    xhr.onerror = () =>
      reject(
        new ApiError(0, {
          code: 'INTERNAL',
          message: 'We could not upload your logo. Check your connection and try again.',
        }),
      );
    xhr.send(file);
  });
}

export async function uploadLogo({
  file,
  onProgress,
}: {
  file: File;
  onProgress: (percent: number) => void;
}) {
  const signed = await getLogoUploadUrl(file.type);
  await putFile(signed.url, file, onProgress);
  const verified = await verifyLogoUpload(signed.key);
  return verified.accessUrl;
}

export const useUploadLogo = () => useMutation({ mutationFn: uploadLogo });
