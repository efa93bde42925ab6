import { useEffect, useRef } from 'react';
import { INTERVIEW_LIMITS, type TCandidateQuestion } from '@hirecast/domain/interview';
import { formatSeconds, needsCamera } from '@hirecast/recorder/machine';
import { useCameraRecorder } from '@hirecast/recorder/use-camera-recorder';
import { useOnline } from '@hirecast/recorder/use-online';
import { CameraDenied } from './camera-denied.tsx';
import { PrepEnded } from './prep-ended.tsx';
import { TakeChooser } from './take-chooser.tsx';
import { useVideoTakes } from './use-video-takes.ts';
import { RecorderScreen } from '../../../components/recorder-screen.tsx';

/**
 * A video answer (issue 25 item 3): the camera opens with the question; when the preparation time runs out
 * (or the candidate starts earlier) a take is counted on the server and recorded, each second uploading while it
 * runs. After a take the candidate watches it, records again while retakes remain, and chooses the take to send.
 */
export function VideoAnswer({
  token,
  question,
  number,
  prepOver,
  autoStart,
  endedAway,
  onAnswered,
}: {
  token: string;
  question: TCandidateQuestion;
  /** The question's number (1, 2, …), as the candidate reads it. */
  number: number;
  /** The preparation time has run out. */
  prepOver: boolean;
  /** The candidate watched the preparation run out here: recording then starts by itself (3-2-1). */
  autoStart: boolean;
  /** The preparation ended before the candidate was back on the question (a reload, the link again). */
  endedAway: boolean;
  onAnswered: () => void;
}) {
  const maxSeconds = question.limitSeconds ?? INTERVIEW_LIMITS.unlimitedVideoMaxSeconds;
  // Back with saved takes: they show first; otherwise the camera opens with the question.
  const { state, dispatch, stream, preview, retryCamera } = useCameraRecorder({
    maxSeconds,
    open: !question.takes.some((t) => t.status === 'saved'),
  });

  const { takes, localUrls, chosen, setChosen, takesLeft, status, problem, busy, record, submit } =
    useVideoTakes({
      token,
      question,
      phase: state.phase,
      stream,
      maxSeconds,
      dispatch,
      onAnswered,
    });

  // The preparation time is over: the recording starts by itself once the camera is ready (with 3-2-1).
  const autoStarted = useRef(false);
  const canAutoStart = autoStart && prepOver && state.phase === 'ready' && takes.length === 0;
  useEffect(() => {
    if (!canAutoStart || autoStarted.current) return;
    autoStarted.current = true;
    void record();
  }, [canAutoStart, record]);

  // Offline as soon as the browser says so, or when the upload cannot reach the server (its word alone).
  const online = useOnline();
  const offline = !online || status === 'waiting';
  const recording = state.phase === 'recording' || state.phase === 'stopping' || state.phase === 'countdown';
  const showTakes = takes.length > 0 && !recording && state.phase !== 'ready' && state.phase !== 'starting';
  const canRetake = takesLeft === null || takesLeft > 0;
  // Issue 33 item 2: back on a question whose preparation is over, nothing records until the candidate says so.
  const waitingForCandidate = prepOver && !autoStart && takes.length === 0 && !recording && !busy;

  return (
    <div className="video-answer">
      {offline && (
        <p className="offline" role="status">
          You are offline. Keep going: your recording is kept on this device and uploads when you are back
          online.
        </p>
      )}
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {waitingForCandidate && (
        <PrepEnded number={number} takesUsed={question.takesUsed} takesLeft={takesLeft} away={endedAway} />
      )}
      {state.phase === 'denied' && <CameraDenied onRetry={retryCamera} />}
      {state.phase === 'unsupported' && (
        <div className="recorder-message" role="alert">
          <p>
            We could not find a camera we can record with in this browser. Open this link in a current browser
            on another device; your answers so far are kept.
          </p>
        </div>
      )}
      {showTakes ? (
        <TakeChooser takes={takes} localUrls={localUrls} chosen={chosen} onChoose={setChosen} />
      ) : (
        (needsCamera(state.phase) || state.phase === 'recorded') && (
          <RecorderScreen
            preview={preview}
            state={state}
            timer={
              state.phase !== 'recording'
                ? null
                : question.limitSeconds
                  ? `${formatSeconds(Math.max(0, maxSeconds - state.elapsed))} left`
                  : formatSeconds(state.elapsed)
            }
            saving="Saving your answer…"
          />
        )
      )}
      <div className="recorder-actions">
        {state.phase === 'ready' && (
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => void record()}
          >
            {takes.length > 0 ? 'Record again' : 'Start recording'}
          </button>
        )}
        {state.phase === 'ready' && takes.length > 0 && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => dispatch({ type: 'reset' })}
          >
            Back to my takes
          </button>
        )}
        {(state.phase === 'recorded' || state.phase === 'idle') && takes.length === 0 && (
          <button type="button" className="button button-primary" onClick={() => dispatch({ type: 'open' })}>
            Record again
          </button>
        )}
        {state.phase === 'recording' && (
          <button type="button" className="button button-danger" onClick={() => dispatch({ type: 'stop' })}>
            Stop recording
          </button>
        )}
        {showTakes && (
          <>
            <button
              type="button"
              className="button button-primary"
              disabled={!chosen || busy}
              onClick={() => void submit()}
            >
              Submit take {takes.find((t) => t._id === chosen)?.n ?? ''}
            </button>
            {canRetake && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => dispatch({ type: 'open' })}
              >
                Record again ({takesLeft === null ? 'unlimited retakes' : `${takesLeft} left`})
              </button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
