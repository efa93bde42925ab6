// The side effects of the recorder's 'recording' and 'stopping' phases, once for every recorder of Hirecast:
// MediaRecorder in the best format (format.ts) with a timeslice, each chunk handed over as it comes (so it can
// be uploaded while the take runs), the time counted from MediaRecorder.start() to stop(), the stop at the
// limit, and the whole take handed over at the end. Leaving mid-take drops the take.
import { useEffect, useRef, type Dispatch } from 'react';
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
  // When MediaRecorder started (performance.now()): the take runs from there to stop(). Not from the first
  // chunk: Chrome's MP4 hands over nothing until its first fragment is complete (measured: 0.1 to 5 s after
  // start(), then every 5 s), while the file's first frame is the one at start(); counted from the first chunk, a
  // take stopped at 0:04 was 9 s long (decision 031). WebM's first chunk comes about 0.4 s after start().
  const stopRef = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!recording || !stream) return;
    const asked = pickRecordingFormat((type) => MediaRecorder.isTypeSupported(type));
    const media = new MediaRecorder(stream, asked.mimeType ? { mimeType: asked.mimeType } : {});
    const format = recordedFormat(asked, media.mimeType || undefined);
    const settings = stream.getVideoTracks?.()[0]?.getSettings();
    const chunks: Blob[] = [];
    let started = 0;
    let stoppedAt: number | null = null;
    media.ondataavailable = (e) => {
      if (e.data.size === 0) return;
      chunks.push(e.data);
      latest.current.onChunk?.(e.data);
    };
    media.onstop = () => {
      const seconds = ((stoppedAt ?? performance.now()) - started) / 1000;
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
    stopRef.current = () => {
      if (media.state !== 'recording') return;
      stoppedAt = performance.now();
      media.stop();
    };
    media.start(timesliceMs);
    started = performance.now();
    recorder.current = media;
    latest.current.onStart?.(format);
    // The timer reads the clock four times a second from the start, until the take stops (the phase leaves
    // 'recording': this effect's clean-up). The reducer stops it at the limit.
    const timer = window.setInterval(
      () => dispatch({ type: 'elapsed', seconds: (performance.now() - started) / 1000 }),
      250,
    );
    return () => window.clearInterval(timer);
  }, [recording, stream, timesliceMs, maxSeconds, dispatch]);

  useEffect(() => {
    if (phase === 'stopping') stopRef.current?.();
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
