import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadVideo, type TVideoUploadHandle } from './api/upload-video.ts';

export type TUploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; progress: number }
  | { phase: 'done'; uploadId: string }
  | { phase: 'error'; error: unknown };

/** A resumable upload with progress and cancel; `start` resolves with the upload id, or null when cancelled. */
export function useVideoUpload() {
  const [state, setState] = useState<TUploadState>({ phase: 'idle' });
  const handle = useRef<TVideoUploadHandle | null>(null);
  const cancelled = useRef(false);

  const start = useCallback(async (file: Blob, fileName: string): Promise<string | null> => {
    cancelled.current = false;
    setState({ phase: 'uploading', progress: 0 });
    const current = uploadVideo({
      file,
      fileName,
      onProgress: (progress) => setState({ phase: 'uploading', progress }),
    });
    handle.current = current;
    try {
      const uploadId = await current.done;
      setState({ phase: 'done', uploadId });
      return uploadId;
    } catch (error) {
      if (cancelled.current) return null;
      setState({ phase: 'error', error });
      throw error;
    } finally {
      if (handle.current === current) handle.current = null;
    }
  }, []);

  const cancel = useCallback(() => {
    cancelled.current = true;
    handle.current?.abort();
    handle.current = null;
    setState({ phase: 'idle' });
  }, []);

  const reset = useCallback(() => setState({ phase: 'idle' }), []);

  // An upload never outlives its dialog.
  useEffect(() => () => handle.current?.abort(), []);

  return { state, start, cancel, reset };
}
