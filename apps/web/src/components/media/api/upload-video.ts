import { Upload } from 'tus-js-client';
import { appHeaders } from '../../../lib/api-client.ts';

export const TUS_ENDPOINT = '/api/uploads';
const CHUNK_SIZE = 5 * 1024 * 1024;
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000];

export type TVideoUploadHandle = {
  /** Resolves with the tus upload id (the last path segment of the upload URL). */
  done: Promise<string>;
  abort: () => void;
};

/** The upload id the server knows the finished upload by: the last path segment of its tus URL. */
export const uploadIdFromUrl = (url: string) => {
  const path = url.split('?')[0] ?? '';
  return decodeURIComponent(path.replace(/\/+$/, '').split('/').pop() ?? '');
};

// Issue 4 item 2: videos go up in resumable 5 MB chunks (tus), so a flaky connection resumes where it stopped.
export function uploadVideo({
  file,
  fileName,
  onProgress,
}: {
  file: Blob;
  fileName: string;
  onProgress: (percent: number) => void;
}): TVideoUploadHandle {
  let upload: Upload | null = null;
  const done = new Promise<string>((resolve, reject) => {
    upload = new Upload(file, {
      endpoint: TUS_ENDPOINT,
      // Same-origin requests carry the session cookie; the header makes its writes count (decision 003).
      headers: appHeaders(),
      metadata: { filename: fileName, filetype: file.type || 'application/octet-stream' },
      chunkSize: CHUNK_SIZE,
      retryDelays: RETRY_DELAYS,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => onProgress(total > 0 ? Math.floor((sent / total) * 100) : 0),
      onError: (err) => reject(err),
      onSuccess: () => {
        const id = upload?.url ? uploadIdFromUrl(upload.url) : '';
        if (id) resolve(id);
        else reject(new Error('The upload finished without an id'));
      },
    });
    // Resume an interrupted upload of the same file when the browser still remembers it.
    void upload
      .findPreviousUploads()
      .then((previous) => {
        const last = previous[0];
        if (last && upload) upload.resumeFromPreviousUpload(last);
        upload?.start();
      })
      .catch(() => upload?.start());
  });
  return {
    done,
    abort: () => {
      void upload?.abort(true);
    },
  };
}
