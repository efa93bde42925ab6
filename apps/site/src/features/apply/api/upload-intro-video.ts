import type { DetailedError } from 'tus-js-client';
import { ApiError } from '../../../lib/api.ts';
import type { TUploadProgress } from './upload-cv.ts';

export const PUBLIC_TUS_ENDPOINT = '/api/public/uploads';
const CHUNK_SIZE = 5 * 1024 * 1024;
const RETRY_DELAYS = [0, 1000, 3000, 5000];
const FAILED = 'We could not upload your video. Check your connection and try again.';

/** The id the server knows a finished upload by: the last path segment of its tus URL. */
export const uploadIdFromUrl = (url: string) => {
  const path = url.split('?')[0] ?? '';
  return decodeURIComponent(path.replace(/\/+$/, '').split('/').pop() ?? '');
};

/** The server's own words when it refused the upload (4xx), else a message about the connection. */
function uploadErrorMessage(err: Error): string {
  const response = (err as Partial<DetailedError>).originalResponse;
  const status = response?.getStatus() ?? 0;
  if (status < 400 || status >= 500) return FAILED;
  const body = response?.getBody()?.trim() ?? '';
  try {
    const json = JSON.parse(body) as { error?: { message?: unknown } };
    if (typeof json.error?.message === 'string') return json.error.message;
  } catch {
    // not JSON: plain text below
  }
  return body && body.length <= 200 && !body.startsWith('<') ? body : FAILED;
}

/**
 * The video introduction as a resumable (tus) upload in 5 MB chunks, so a phone on a weak connection picks up
 * where it stopped. tus-js-client is loaded on first use, never with the job page. Answers the upload id.
 */
export async function uploadIntroVideo({
  file,
  fileName,
  fileType,
  shortId,
  onProgress,
  signal,
}: TUploadProgress & { file: Blob; fileName: string; fileType: string; shortId: string }): Promise<string> {
  const { Upload } = await import('tus-js-client');
  signal.throwIfAborted();
  return new Promise<string>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: new URL(PUBLIC_TUS_ENDPOINT, window.location.origin).href,
      metadata: { job: shortId, filename: fileName, filetype: fileType },
      chunkSize: CHUNK_SIZE,
      retryDelays: RETRY_DELAYS,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => onProgress(total > 0 ? Math.floor((sent / total) * 100) : 0),
      onError: (err) => reject(new ApiError(0, { message: uploadErrorMessage(err) })),
      onSuccess: () => {
        const id = upload.url ? uploadIdFromUrl(upload.url) : '';
        if (id) resolve(id);
        else reject(new ApiError(0, { message: FAILED }));
      },
    });
    signal.addEventListener(
      'abort',
      () => {
        void upload.abort(true).catch(() => undefined);
        reject(new DOMException('Upload cancelled', 'AbortError'));
      },
      { once: true },
    );
    // Resume an interrupted upload of the same file when the browser still remembers it.
    void upload
      .findPreviousUploads()
      .then((previous) => {
        if (signal.aborted) return;
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      })
      .catch(() => upload.start());
  });
}
