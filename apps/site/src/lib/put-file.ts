import { ApiError } from './api.ts';

export type TUploadProgress = { onProgress: (percent: number) => void; signal: AbortSignal };

// XMLHttpRequest rather than fetch: it reports upload progress and can be cancelled. `what` names the file in
// the messages ('your CV').
export function putFile({
  url,
  file,
  contentType,
  onProgress,
  signal,
  what,
}: TUploadProgress & { url: string; file: Blob; contentType: string; what: string }) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', contentType);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : reject(new ApiError(xhr.status, { message: `We could not upload ${what}. Please try again.` }));
    xhr.onerror = () =>
      reject(
        new ApiError(0, { message: `We could not upload ${what}. Check your connection and try again.` }),
      );
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
