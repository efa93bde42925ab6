import { useEffect, useRef, useState } from 'react';
import { PRACTICE_QUESTION } from '@hirecast/domain/interview';
import { formatSeconds, needsCamera } from '@hirecast/recorder/machine';
import { useCameraRecorder } from '@hirecast/recorder/use-camera-recorder';
import { useMediaRecorder } from '@hirecast/recorder/use-media-recorder';
import { RecorderScreen } from '../../../components/recorder-screen.tsx';
import { CameraDenied } from './camera-denied.tsx';

/**
 * The practice round before question 1 (issue 25 item 1: "an optional practice question is never saved"): the
 * same preparation countdown, camera, 3-2-1 and recording as a video question, then the take to watch — as often
 * as the candidate likes. Nothing is sent: no take is opened on the server, no chunk is uploaded; the recording
 * lives in this tab's memory until the next try or the first question.
 */
export function PracticeRound({ onDone }: { onDone: () => void }) {
  const [round, setRound] = useState(0);
  return (
    <section className="card narrow interview practice" aria-labelledby="practice-title">
      <p className="practice-label">Practice — not sent</p>
      <PracticeTake key={round} onAgain={() => setRound((r) => r + 1)} onDone={onDone} />
    </section>
  );
}

function PracticeTake({ onAgain, onDone }: { onAgain: () => void; onDone: () => void }) {
  const { prompt, prepSeconds, limitSeconds } = PRACTICE_QUESTION;
  const { state, dispatch, stream, preview, retryCamera } = useCameraRecorder({
    maxSeconds: limitSeconds,
    open: true,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  // The preparation countdown runs on this device's clock: there is nothing to protect in a practice.
  const [prepLeft, setPrepLeft] = useState<number>(prepSeconds);
  const preparing = prepLeft > 0 && (state.phase === 'starting' || state.phase === 'ready');
  useEffect(() => {
    if (!preparing) return;
    const timer = window.setInterval(() => setPrepLeft((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [preparing]);
  useEffect(() => {
    if (prepLeft === 0 && state.phase === 'ready') dispatch({ type: 'record' });
  }, [prepLeft, state.phase, dispatch]);

  const [takeUrl, setTakeUrl] = useState<string | null>(null);
  useEffect(() => () => void (takeUrl && URL.revokeObjectURL(takeUrl)), [takeUrl]);
  // No onStart and no onChunk: the take is only kept whole, in memory, to be watched here.
  useMediaRecorder({
    phase: state.phase,
    stream,
    maxSeconds: limitSeconds,
    dispatch,
    handlers: { onTake: (take) => setTakeUrl(URL.createObjectURL(take.blob)) },
  });

  const recorded = state.phase === 'recorded' && takeUrl !== null;
  return (
    <>
      <h1 id="practice-title" className="prompt" ref={heading} tabIndex={-1}>
        {prompt}
      </h1>
      <p>
        Try the preparation time, the camera and the recording before the real questions. This practice is not
        sent to anyone and not kept: it stays in this browser and is gone when you move on.
      </p>
      {preparing && (
        <p className="prep" role="timer" aria-live="off">
          Time to prepare: <strong>{formatSeconds(prepLeft)}</strong> — recording starts by itself when it
          ends.
        </p>
      )}
      {state.phase === 'denied' && <CameraDenied onRetry={retryCamera} />}
      {state.phase === 'unsupported' && (
        <div className="recorder-message" role="alert">
          <p>We could not find a camera we can record with in this browser.</p>
        </div>
      )}
      {recorded ? (
        <video
          className="recorder-video"
          src={takeUrl}
          controls
          playsInline
          aria-label="Your practice take"
        />
      ) : (
        needsCamera(state.phase) && (
          <RecorderScreen
            preview={preview}
            state={state}
            timer={
              state.phase === 'recording'
                ? `${formatSeconds(Math.max(0, limitSeconds - state.elapsed))} left`
                : null
            }
          />
        )
      )}
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
        {state.phase === 'recording' && (
          <button type="button" className="button button-danger" onClick={() => dispatch({ type: 'stop' })}>
            Stop recording
          </button>
        )}
        {recorded && (
          <button type="button" className="button button-secondary" onClick={onAgain}>
            Practise again
          </button>
        )}
        <button
          type="button"
          className={recorded ? 'button button-primary' : 'button button-link'}
          onClick={onDone}
          disabled={state.phase === 'recording' || state.phase === 'stopping'}
        >
          {recorded ? 'Go to question 1' : 'Skip the practice'}
        </button>
      </div>
    </>
  );
}
