import { useEffect, useReducer, useRef, useState } from 'react';
import {
  formatSeconds,
  initialRecorderState,
  isPermissionDenied,
  needsCamera,
  pickRecordingFormat,
  RECORDING,
  recorderReducer,
} from '../lib/recorder-machine.ts';

export type TRecording = { blob: Blob; fileType: string; extension: string; seconds: number };

const stopStream = (stream: MediaStream | null) => stream?.getTracks().forEach((t) => t.stop());

const canRecord = () =>
  typeof window !== 'undefined' &&
  typeof window.MediaRecorder !== 'undefined' &&
  typeof navigator.mediaDevices?.getUserMedia === 'function';

/**
 * Records the video introduction in the browser: camera preview, 3-2-1, recording with a visible timer up to
 * 2 minutes, stop. The recording goes to `onRecorded`; `onRetake` drops it. The camera is released as soon as
 * it is not needed.
 */
export function VideoRecorder({
  recordedUrl,
  onRecorded,
  onRetake,
  onUseFile,
  onBusy,
}: {
  /** The object URL of the recording to preview, while there is one. */
  recordedUrl: string | null;
  onRecorded: (recording: TRecording) => void;
  onRetake: () => void;
  onUseFile: () => void;
  /** Hears whether the camera is in use (switching to a file then would drop a recording). */
  onBusy?: (busy: boolean) => void;
}) {
  const [state, dispatch] = useReducer(recorderReducer, initialRecorderState, (s) =>
    canRecord() ? s : { ...s, phase: 'unsupported' as const },
  );
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const preview = useRef<HTMLVideoElement>(null);
  const elapsed = useRef(0);
  const onRecordedRef = useRef(onRecorded);
  useEffect(() => {
    elapsed.current = state.elapsed;
    onRecordedRef.current = onRecorded;
  });
  // The live preview shows the open camera (a retake opens a new stream).
  useEffect(() => {
    const video = preview.current;
    if (video && stream.current && video.srcObject !== stream.current) video.srcObject = stream.current;
  });

  // The camera: opened for 'starting', kept while needed, released otherwise and on unmount.
  const cameraWanted = state.phase === 'starting' || needsCamera(state.phase);
  useEffect(() => {
    if (!cameraWanted) return;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({
        video: { width: { ideal: RECORDING.width }, height: { ideal: RECORDING.height } },
        audio: true,
      })
      .then((media) => {
        if (cancelled) return stopStream(media);
        stream.current = media;
        dispatch({ type: 'cameraReady' });
      })
      .catch((err: unknown) => {
        if (!cancelled) dispatch({ type: isPermissionDenied(err) ? 'cameraDenied' : 'cameraFailed' });
      });
    return () => {
      cancelled = true;
      stopStream(stream.current);
      stream.current = null;
    };
  }, [cameraWanted]);

  const busy = cameraWanted || state.phase === 'recorded';
  useEffect(() => {
    onBusy?.(busy);
  }, [busy, onBusy]);
  useEffect(() => () => onBusy?.(false), [onBusy]);

  // One tick a second drives the 3-2-1 countdown.
  const ticking = state.phase === 'countdown';
  useEffect(() => {
    if (!ticking) return;
    const timer = window.setInterval(() => dispatch({ type: 'tick' }), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);

  // MediaRecorder runs for the 'recording' phase; 'stopping' asks it for its last data. The recording time
  // counts from the first recorded frame (performance.now()), as the camera's encoder can take a moment to start.
  const recording = state.phase === 'recording';
  const [firstFrameAt, setFirstFrameAt] = useState<number | null>(null);
  useEffect(() => {
    if (!recording || !stream.current) return;
    const format = pickRecordingFormat((type) => MediaRecorder.isTypeSupported(type));
    const media = new MediaRecorder(stream.current, format.mimeType ? { mimeType: format.mimeType } : {});
    const chunks: Blob[] = [];
    let startedAt = 0;
    let firstAt: number | null = null;
    media.ondataavailable = (e) => {
      if (e.data.size === 0) return;
      if (firstAt === null) {
        // A chunk holds at most one timeslice of frames, so its first frame is at most that old.
        firstAt = Math.max(startedAt, performance.now() - RECORDING.timesliceMs);
        setFirstFrameAt(firstAt);
      }
      chunks.push(e.data);
    };
    media.onstop = () => {
      const seconds = firstAt === null ? 0 : (performance.now() - firstAt) / 1000;
      setFirstFrameAt(null);
      dispatch({ type: 'stopped' });
      onRecordedRef.current({
        blob: new Blob(chunks, { type: format.fileType }),
        fileType: format.fileType,
        extension: format.extension,
        seconds: Math.min(Math.round(seconds * 10) / 10, RECORDING.maxSeconds),
      });
    };
    media.start(RECORDING.timesliceMs);
    startedAt = performance.now();
    recorder.current = media;
  }, [recording]);

  // The timer reads the clock four times a second from the first recorded frame (and stops at the limit).
  useEffect(() => {
    if (!recording || firstFrameAt === null) return;
    const update = () => dispatch({ type: 'elapsed', seconds: (performance.now() - firstFrameAt) / 1000 });
    const timer = window.setInterval(update, 250);
    return () => window.clearInterval(timer);
  }, [recording, firstFrameAt]);

  useEffect(() => {
    if (state.phase === 'stopping' && recorder.current?.state === 'recording') recorder.current.stop();
  }, [state.phase]);

  // Leaving the step mid-recording drops that recording.
  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') {
        recorder.current.onstop = null;
        recorder.current.stop();
      }
    },
    [],
  );

  if (recordedUrl && (state.phase === 'recorded' || state.phase === 'idle')) {
    return (
      <div className="recorder">
        <video
          className="recorder-video"
          src={recordedUrl}
          controls
          playsInline
          aria-label="Your recording"
        />
        <div className="recorder-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              onRetake();
              dispatch({ type: 'retake' });
            }}
          >
            Retake
          </button>
        </div>
      </div>
    );
  }

  switch (state.phase) {
    case 'idle':
      return (
        <div className="recorder recorder-message">
          <p>Your camera turns on only when you start. You can watch your recording before sending it.</p>
          <button type="button" className="button button-primary" onClick={() => dispatch({ type: 'open' })}>
            Turn on camera
          </button>
        </div>
      );
    case 'recorded':
      return (
        <div className="recorder recorder-message" role="status">
          <p>Preparing your recording…</p>
        </div>
      );
    case 'starting':
      return (
        <div className="recorder recorder-message" role="status">
          <p>Starting your camera… If your browser asks, allow the camera and the microphone.</p>
        </div>
      );
    case 'denied':
      return (
        <div className="recorder recorder-message" role="alert">
          <p>
            <strong>We cannot use your camera.</strong> Your browser blocked the camera or the microphone for
            this site.
          </p>
          <ol className="instructions">
            <li>Select the camera or padlock icon in the address bar.</li>
            <li>Allow the camera and the microphone for this site.</li>
            <li>Select Try again below (you may need to reload the page).</li>
          </ol>
          <div className="recorder-actions">
            <button
              type="button"
              className="button button-primary"
              onClick={() => dispatch({ type: 'open' })}
            >
              Try again
            </button>
            <button type="button" className="button button-secondary" onClick={onUseFile}>
              Upload a video instead
            </button>
          </div>
        </div>
      );
    case 'unsupported':
      return (
        <div className="recorder recorder-message" role="alert">
          <p>
            We could not find a camera we can record with in this browser. You can upload a video file
            instead.
          </p>
          <div className="recorder-actions">
            <button type="button" className="button button-primary" onClick={onUseFile}>
              Upload a video instead
            </button>
          </div>
        </div>
      );
    default:
      return (
        <div className="recorder">
          <div className="recorder-stage">
            <video
              ref={preview}
              className="recorder-video recorder-live"
              autoPlay
              muted
              playsInline
              aria-label="Camera preview"
            />
            {state.phase === 'countdown' && (
              <div className="countdown" aria-hidden="true">
                {state.countdown}
              </div>
            )}
            {(state.phase === 'recording' || state.phase === 'stopping') && (
              <div className="rec-badge">
                <span className="rec-dot" aria-hidden="true" /> Recording
              </div>
            )}
          </div>
          {state.phase === 'countdown' ? (
            // The count shows under the picture too, so it is seen even where the picture is small.
            <p className="recorder-timer" aria-hidden="true">
              Recording starts in {state.countdown}…
            </p>
          ) : (
            <p className="recorder-timer" role="timer" aria-live="off">
              {formatSeconds(state.elapsed)} / {formatSeconds(RECORDING.maxSeconds)}
            </p>
          )}
          <p className="visually-hidden" aria-live="assertive">
            {state.phase === 'countdown' ? `Recording starts in ${state.countdown}` : ''}
            {state.phase === 'recording' && state.elapsed === 0 ? 'Recording' : ''}
          </p>
          <div className="recorder-actions">
            {state.phase === 'ready' && (
              <button
                type="button"
                className="button button-primary"
                onClick={() => dispatch({ type: 'record' })}
              >
                Start recording
              </button>
            )}
            {state.phase === 'ready' && (
              <button type="button" className="button button-secondary" onClick={onUseFile}>
                Upload a file instead
              </button>
            )}
            {state.phase === 'countdown' && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => dispatch({ type: 'stop' })}
              >
                Cancel
              </button>
            )}
            {(state.phase === 'recording' || state.phase === 'stopping') && (
              <button
                type="button"
                className="button button-danger"
                disabled={state.phase === 'stopping'}
                onClick={() => dispatch({ type: 'stop' })}
              >
                Stop recording
              </button>
            )}
          </div>
        </div>
      );
  }
}
