import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api.ts';
import type { TUploadProgress } from '../api/upload-cv.ts';

export type TUploadState<T> =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; progress: number }
  | { status: 'done'; fileName: string; result: T }
  | { status: 'error'; fileName: string; message: string };

/**
 * One upload at a time (the CV, or the video): starts as soon as a file is ready, reports progress, can be
 * cancelled, and `settled()` lets the submit wait for it. A new start or a reset cancels the running one.
 */
export function useUpload<T>() {
  const [state, setState] = useState<TUploadState<T>>({ status: 'idle' });
  const task = useRef<{ controller: AbortController; promise: Promise<T | null> } | null>(null);

  const start = useCallback((fileName: string, run: (progress: TUploadProgress) => Promise<T>) => {
    task.current?.controller.abort();
    const controller = new AbortController();
    const live = () => !controller.signal.aborted;
    setState({ status: 'uploading', fileName, progress: 0 });
    const promise = run({
      signal: controller.signal,
      onProgress: (progress) => {
        if (live()) setState((s) => (s.status === 'uploading' ? { ...s, progress } : s));
      },
    }).then(
      (result) => {
        if (!live()) return null;
        setState({ status: 'done', fileName, result });
        return result;
      },
      (err: unknown) => {
        if (live()) setState({ status: 'error', fileName, message: errorMessage(err) });
        return null;
      },
    );
    task.current = { controller, promise };
  }, []);

  const reset = useCallback(() => {
    task.current?.controller.abort();
    task.current = null;
    setState({ status: 'idle' });
  }, []);

  /** Resolves with the result once the running upload ends (null when there is none or it failed). */
  const settled = useCallback(() => task.current?.promise ?? Promise.resolve(null), []);

  useEffect(() => () => task.current?.controller.abort(), []);

  return { state, start, reset, settled };
}
