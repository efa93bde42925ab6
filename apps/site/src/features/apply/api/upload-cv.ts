import { CV_CONTENT_TYPES } from '@hirecast/domain/application';
import { ApiError, requestApi } from '../../../lib/api.ts';

export type TUploadProgress = { onProgress: (percent: number) => void; signal: AbortSignal };

const DOCX = CV_CONTENT_TYPES[1];

/** The CV's content type, from the browser or, when it does not know, from the file name. */
export function cvContentType(file: { type: string; name: string }): string {
  if ((CV_CONTENT_TYPES as readonly string[]).includes(file.type)) return file.type;
  if (/\.docx$/i.test(file.name)) return DOCX;
  return 'application/pdf';
}

// XMLHttpRequest rather than fetch: it reports upload progress and can be cancelled.
export function putFile({
  url,
  file,
  contentType,
  onProgress,
  signal,
}: TUploadProgress & { url: string; file: Blob; contentType: string }) {
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
        : reject(new ApiError(xhr.status, { message: 'We could not upload your CV. Please try again.' }));
    xhr.onerror = () =>
      reject(
        new ApiError(0, { message: 'We could not upload your CV. Check your connection and try again.' }),
      );
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/**
 * The CV goes straight to storage: GET /api/public/signed-url for a short-lived URL, then PUT the file there.
 * Answers what the apply request sends as `cv`.
 */
export async function uploadCv({
  file,
  shortId,
  onProgress,
  signal,
}: TUploadProgress & { file: File; shortId: string }) {
  const contentType = cvContentType(file);
  const query = `content-type=${encodeURIComponent(contentType)}&job=${encodeURIComponent(shortId)}`;
  const signed = await requestApi<{ url: string; key: string }>(`/public/signed-url?${query}`);
  signal.throwIfAborted();
  await putFile({ url: signed.url, file, contentType, onProgress, signal });
  onProgress(100);
  return { key: signed.key, fileName: file.name.slice(0, 200) };
}
