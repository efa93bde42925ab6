import { useEffect, useReducer, useRef } from 'react';
import { createRecorderState, formatSeconds, needsCamera, recorderReducer } from '@hirecast/recorder/machine';
import { cameraEvent, useCamera } from '@hirecast/recorder/use-camera';
import { canRecordInBrowser, useMediaRecorder } from '@hirecast/recorder/use-media-recorder';
import { RecorderStage } from '../../../components/recorder-stage.tsx';

// The video introduction (issue 5 item 3): up to 2 minutes at 1280x720.
export const RECORDING = { maxSeconds: 120, width: 1280, height: 720 } as const;

export type TRecording = { blob: Blob; fileType: string; extension: string; seconds: number };

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
  const [state, dispatch] = useReducer(
    recorderReducer,
    createRecorderState({ maxSeconds: RECORDING.maxSeconds }),
    (s) => (canRecordInBrowser() ? s : { ...s, phase: 'unsupported' as const }),
  );
  const preview = useRef<HTMLVideoElement>(null);

  // The camera: opened for 'starting', kept while needed, released otherwise and on unmount.
  const cameraWanted = needsCamera(state.phase);
  const camera = useCamera({ active: cameraWanted, width: RECORDING.width, height: RECORDING.height });
  const { stream, error } = camera;
  useEffect(() => {
    const event = cameraEvent({ stream, error });
    if (event) dispatch(event);
  }, [stream, error]);
  // The live preview shows the open camera (a retake opens a new stream).
  useEffect(() => {
    const video = preview.current;
    if (video && stream && video.srcObject !== stream) video.srcObject = stream;
  });

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

  useMediaRecorder({
    phase: state.phase,
    stream,
    maxSeconds: RECORDING.maxSeconds,
    dispatch,
    handlers: {
      onTake: (take) =>
        onRecorded({
          blob: take.blob,
          fileType: take.format.fileType,
          extension: take.format.extension,
          seconds: take.seconds,
        }),
    },
  });

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
          <RecorderStage preview={preview} phase={state.phase} countdown={state.countdown} />
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
