import { useCallback, useEffect, useState } from 'react';
import { uploadIntroVideo } from '../api/upload-intro-video.ts';
import { formatSeconds } from '@hirecast/recorder/machine';
import { useUpload } from './use-upload.ts';
import type { TRecording } from './video-recorder.tsx';
import type { TVideoMode } from './video-step.tsx';

/** The video introduction: recorded or picked, uploaded (tus) as soon as it exists, until it is replaced. */
export function useVideoAnswer(shortId: string) {
  const upload = useUpload<string>();
  const [mode, setMode] = useState<TVideoMode>('record');
  const [recording, setRecording] = useState<(TRecording & { url: string }) | null>(null);

  // The preview's object URL lives as long as its recording.
  useEffect(() => {
    if (!recording) return;
    return () => URL.revokeObjectURL(recording.url);
  }, [recording]);

  const { start, reset } = upload;
  const uploadRecording = useCallback(
    (rec: TRecording) => {
      const fileName = `introduction.${rec.extension}`;
      start(fileName, (progress) =>
        uploadIntroVideo({ file: rec.blob, fileName, fileType: rec.fileType, shortId, ...progress }),
      );
    },
    [start, shortId],
  );

  const onRecorded = useCallback(
    (rec: TRecording) => {
      setRecording({ ...rec, url: URL.createObjectURL(rec.blob) });
      uploadRecording(rec);
    },
    [uploadRecording],
  );

  const onRetake = useCallback(() => {
    reset();
    setRecording(null);
  }, [reset]);

  const onRetry = useCallback(() => {
    if (recording) uploadRecording(recording);
  }, [recording, uploadRecording]);

  const onFile = useCallback(
    (file: File) =>
      start(file.name, (progress) =>
        uploadIntroVideo({ file, fileName: file.name, fileType: file.type, shortId, ...progress }),
      ),
    [start, shortId],
  );

  const hasVideo = upload.state.status === 'uploading' || upload.state.status === 'done';
  const summary = !hasVideo
    ? null
    : recording
      ? `Recorded video (${formatSeconds(recording.seconds)})`
      : upload.state.status !== 'idle'
        ? upload.state.fileName
        : null;

  return {
    upload,
    mode,
    setMode,
    recordingUrl: recording?.url ?? null,
    onRecorded,
    onRetake,
    onRetry,
    onFile,
    onRemove: reset,
    hasVideo,
    summary,
  };
}
