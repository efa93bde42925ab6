// The side effects of the recorder's 'recording' and 'stopping' phases, once for every recorder of Hirecast:
// MediaRecorder in the best format (format.ts) with a timeslice, each chunk handed over as it comes (so it can
// be uploaded while the take runs), the time counted from the first recorded frame, the stop at the limit, and
// the whole take handed over at the end. Leaving mid-take drops the take.
import { useEffect, useRef, useState, type Dispatch } from 'react';
import { pickRecordingFormat, recordedFormat, type TRecordingFormat } from './format.ts';
import { RECORDER_DEFAULTS, type TRecorderEvent, type TRecorderPhase } from './machine.ts';

export type TTake = {
  blob: Blob;
  format: TRecordingFormat;
  /** Seconds recorded, to a tenth. */
  seconds: number;
  /** The camera's picture size, when it told. */
  width?: number;
  height?: number;
};

export type TMediaRecorderHandlers = {
  /** MediaRecorder started in this format (open the upload here). */
  onStart?: (format: TRecordingFormat) => void;
  /** One chunk of the running take, in order. */
  onChunk?: (chunk: Blob) => void;
  /** The take is complete. */
  onTake: (take: TTake) => void | Promise<void>;
};

export function useMediaRecorder({
  phase,
  stream,
  maxSeconds,
  dispatch,
  timesliceMs = RECORDER_DEFAULTS.timesliceMs,
  handlers,
}: {
  phase: TRecorderPhase;
  stream: MediaStream | null;
  maxSeconds: number;
  dispatch: Dispatch<TRecorderEvent>;
  timesliceMs?: number;
  handlers: TMediaRecorderHandlers;
}) {
  const recorder = useRef<MediaRecorder | null>(null);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  const recording = phase === 'recording';
  // When the first recorded frame came (performance.now()): the recording time counts from there, as the
  // camera's encoder can take a moment to start after MediaRecorder.start().
  const [firstFrameAt, setFirstFrameAt] = useState<number | null>(null);
  useEffect(() => {
    if (!recording || !stream) return;
    const asked = pickRecordingFormat((type) => MediaRecorder.isTypeSupported(type));
    const media = new MediaRecorder(stream, asked.mimeType ? { mimeType: asked.mimeType } : {});
    const format = recordedFormat(asked, media.mimeType || undefined);
    const settings = stream.getVideoTracks?.()[0]?.getSettings();
    const chunks: Blob[] = [];
    let startedAt = 0;
    let firstAt: number | null = null;
    media.ondataavailable = (e) => {
      if (e.data.size === 0) return;
      if (firstAt === null) {
        // A chunk holds at most one timeslice of frames, so its first frame is at most that old.
        firstAt = Math.max(startedAt, performance.now() - timesliceMs);
        setFirstFrameAt(firstAt);
      }
      chunks.push(e.data);
      latest.current.onChunk?.(e.data);
    };
    media.onstop = () => {
      const seconds = firstAt === null ? 0 : (performance.now() - firstAt) / 1000;
      setFirstFrameAt(null);
      void Promise.resolve(
        latest.current.onTake({
          blob: new Blob(chunks, { type: format.fileType }),
          format,
          seconds: Math.min(Math.round(seconds * 10) / 10, maxSeconds),
          width: settings?.width,
          height: settings?.height,
        }),
      ).finally(() => dispatch({ type: 'stopped' }));
    };
    media.start(timesliceMs);
    startedAt = performance.now();
    recorder.current = media;
    latest.current.onStart?.(format);
  }, [recording, stream, timesliceMs, maxSeconds, dispatch]);

  // The timer reads the clock four times a second from the first recorded frame (and stops at the limit).
  useEffect(() => {
    if (!recording || firstFrameAt === null) return;
    const update = () => dispatch({ type: 'elapsed', seconds: (performance.now() - firstFrameAt) / 1000 });
    const timer = window.setInterval(update, 250);
    return () => window.clearInterval(timer);
  }, [recording, firstFrameAt, dispatch]);

  useEffect(() => {
    if (phase === 'stopping' && recorder.current?.state === 'recording') recorder.current.stop();
  }, [phase]);

  // Leaving mid-take drops that take.
  useEffect(
    () => () => {
      const media = recorder.current;
      if (media && media.state !== 'inactive') {
        media.ondataavailable = null;
        media.onstop = null;
        media.stop();
      }
    },
    [],
  );
}

/** Recording needs MediaRecorder and a camera API. */
export const canRecordInBrowser = () =>
  typeof window !== 'undefined' &&
  typeof window.MediaRecorder !== 'undefined' &&
  typeof navigator.mediaDevices?.getUserMedia === 'function';
