// The take goes up WHILE it is recorded (issue 25 "Nothing is lost"): one tus upload of deferred length is opened
// with the first chunk, every second's worth of recording is PATCHed into it, and Stop only has to send the last
// moments and the length. A lost connection never loses the take: it stays in the take buffer, the upload waits
// for the browser to be back online (or retries every few seconds), asks the server how much it has (tus HEAD)
// and carries on from there. Only a refusal by the server (4xx: too large, wrong type, link expired) ends it.
import type { DetailedError, Upload as TUpload } from 'tus-js-client';
import type { TTakeBuffer } from './take-buffer.ts';

export type TStreamingStatus = 'uploading' | 'waiting' | 'done' | 'failed';

export type TStreamingUpload = {
  /** Resolves with the upload id once every byte of the finished take is stored; rejects on a refusal. */
  done: Promise<string>;
  /** Drops the upload (a retake, or leaving). */
  abort: () => void;
};

export class UploadRefusedError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'UploadRefusedError';
    this.status = status;
  }
}

/** The id the server knows a finished upload by: the last path segment of its tus URL. */
export const uploadIdFromUrl = (url: string) => {
  const path = url.split('?')[0] ?? '';
  return decodeURIComponent(path.replace(/\/+$/, '').split('/').pop() ?? '');
};

/** The server's own words for a refusal (4xx), when it gave some. */
export function refusalMessage(body: string, fallback: string): string {
  const text = body.trim();
  try {
    const json = JSON.parse(text) as { error?: { message?: unknown } };
    if (typeof json.error?.message === 'string') return json.error.message;
  } catch {
    // not JSON: plain text below
  }
  return text && text.length <= 200 && !text.startsWith('<') ? text : fallback;
}

/** A 4xx other than 409/423 (tus's "offset mismatch" and "locked", which a resume settles) is a refusal. */
const refusedStatus = (err: Error) => {
  const status = (err as Partial<DetailedError>).originalResponse?.getStatus() ?? 0;
  return status >= 400 && status < 500 && status !== 409 && status !== 423 ? status : 0;
};

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Resolves when the browser says it is online again, or after `ms` (whichever is first). */
function backOnline(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      if (typeof window !== 'undefined') window.removeEventListener('online', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    if (typeof window !== 'undefined') window.addEventListener('online', done);
    signal.addEventListener('abort', done);
  });
}

export const STREAMING_UPLOAD = {
  /** Largest PATCH; a take is sent at least every second whatever its bitrate (take-buffer flushAfterMs). */
  chunkSize: 1024 * 1024,
  /** Retries of one request by tus-js-client before this loop takes over. */
  retryDelays: [0, 500, 1500],
  /** The longest wait between two attempts while the connection is down. */
  maxWaitMs: 5000,
} as const;

export function startStreamingUpload({
  take,
  endpoint,
  metadata,
  headers,
  chunkSize = STREAMING_UPLOAD.chunkSize,
  onStatus,
  onProgress,
  refusedMessage = 'We could not upload your video.',
}: {
  take: TTakeBuffer;
  /** The tus endpoint (absolute, or relative to the page). */
  endpoint: string;
  metadata: Record<string, string>;
  headers?: Record<string, string>;
  chunkSize?: number;
  onStatus?: (status: TStreamingStatus) => void;
  /** Bytes the server has stored so far. */
  onProgress?: (stored: number) => void;
  /** Said when the server refused without words of its own. */
  refusedMessage?: string;
}): TStreamingUpload {
  const aborted = new AbortController();
  let upload: TUpload | null = null;

  const done = (async () => {
    const { Upload } = await import('tus-js-client');
    // Dropped while the client was loading (a slow first import): nothing was sent, nothing is to start.
    if (aborted.signal.aborted) throw new DOMException('Upload cancelled', 'AbortError');
    const base = typeof window !== 'undefined' ? window.location.origin : undefined;
    return new Promise<string>((resolve, reject) => {
      let attempt = 0;
      // The input only reaches our own fileReader below, which knows it is a take buffer.
      const current = new Upload(take as unknown as Blob, {
        endpoint: base ? new URL(endpoint, base).href : endpoint,
        headers,
        metadata,
        chunkSize,
        uploadLengthDeferred: true,
        retryDelays: [...STREAMING_UPLOAD.retryDelays],
        storeFingerprintForResuming: false,
        // The take buffer is the source: it waits for the bytes asked for while the recording runs.
        fileReader: { openFile: (input: TTakeBuffer) => Promise.resolve(takeSource(input)) },
        onChunkComplete: (_size, stored) => {
          attempt = 0;
          onStatus?.('uploading');
          onProgress?.(stored);
        },
        onSuccess: () => {
          const id = current.url ? uploadIdFromUrl(current.url) : '';
          if (!id) return reject(new UploadRefusedError(0, refusedMessage));
          onStatus?.('done');
          resolve(id);
        },
        onError: (err) => {
          if (aborted.signal.aborted) return;
          const status = refusedStatus(err);
          if (status) {
            onStatus?.('failed');
            const body = (err as Partial<DetailedError>).originalResponse?.getBody() ?? '';
            return reject(new UploadRefusedError(status, refusalMessage(body, refusedMessage)));
          }
          // The connection is down (or the server is restarting): keep the take, wait, and resume.
          onStatus?.('waiting');
          attempt += 1;
          const wait = isOffline() ? 60_000 : Math.min(1000 * attempt, STREAMING_UPLOAD.maxWaitMs);
          void backOnline(wait, aborted.signal).then(() => {
            if (!aborted.signal.aborted) current.start();
          });
        },
      });
      upload = current;
      aborted.signal.addEventListener(
        'abort',
        () => reject(new DOMException('Upload cancelled', 'AbortError')),
        {
          once: true,
        },
      );
      onStatus?.('uploading');
      current.start();
    });
  })();

  return {
    done,
    abort: () => {
      aborted.abort();
      take.close();
      void upload?.abort(true).catch(() => undefined);
    },
  };
}

/** tus-js-client's view of a take: its size is unknown until the take is finished (deferred length). */
const takeSource = (take: TTakeBuffer) => ({
  size: null as unknown as number,
  slice: (start: number, end: number) => take.slice(start, end),
  close: () => undefined,
});
