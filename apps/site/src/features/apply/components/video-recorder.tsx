import { useEffect } from 'react';
import { formatSeconds, needsCamera } from '@hirecast/recorder/machine';
import { useCameraRecorder } from '@hirecast/recorder/use-camera-recorder';
import { useMediaRecorder } from '@hirecast/recorder/use-media-recorder';
import { RecorderScreen } from '../../../components/recorder-screen.tsx';

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
  const { state, dispatch, preview, stream, retryCamera } = useCameraRecorder({
    maxSeconds: RECORDING.maxSeconds,
    open: false,
    width: RECORDING.width,
    height: RECORDING.height,
  });
  const cameraWanted = needsCamera(state.phase);

  const busy = cameraWanted || state.phase === 'recorded';
  useEffect(() => {
    onBusy?.(busy);
  }, [busy, onBusy]);
  useEffect(() => () => onBusy?.(false), [onBusy]);

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
            <button type="button" className="button button-primary" onClick={retryCamera}>
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
        <RecorderScreen
          preview={preview}
          state={state}
          timer={`${formatSeconds(state.elapsed)} / ${formatSeconds(RECORDING.maxSeconds)}`}
        >
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
        </RecorderScreen>
      );
  }
}
