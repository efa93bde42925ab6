import { useCallback, useEffect, useRef, useState } from 'react';
import { INTERVIEW_LIMITS, type TCandidateQuestion, type TCandidateTake } from '@hirecast/domain/interview';
import { formatSeconds, needsCamera } from '@hirecast/recorder/machine';
import {
  startStreamingUpload,
  type TStreamingStatus,
  type TStreamingUpload,
} from '@hirecast/recorder/streaming-upload';
import { createTakeBuffer, type TTakeBuffer } from '@hirecast/recorder/take-buffer';
import { useCameraRecorder } from '@hirecast/recorder/use-camera-recorder';
import { useMediaRecorder } from '@hirecast/recorder/use-media-recorder';
import { useOnline } from '@hirecast/recorder/use-online';
import { errorMessage } from '../../../lib/api.ts';
import { answerQuestion } from '../api/answer-question.ts';
import { createTake } from '../api/create-take.ts';
import { finishTake } from '../api/finish-take.ts';
import { CameraDenied } from './camera-denied.tsx';
import { RecorderStage } from '../../../components/recorder-stage.tsx';

type TRunning = { takeId: string; n: number; buffer: TTakeBuffer; upload: TStreamingUpload | null };

/**
 * A video answer (issue 25 item 3): the camera opens with the question; when the preparation time runs out
 * (or the candidate starts earlier) a take is counted on the server and recorded, each second uploading while it
 * runs. After a take the candidate watches it, records again while retakes remain, and chooses the take to send.
 */
export function VideoAnswer({
  token,
  question,
  prepOver,
  onAnswered,
}: {
  token: string;
  question: TCandidateQuestion;
  /** The preparation time has run out: recording starts by itself. */
  prepOver: boolean;
  onAnswered: () => void;
}) {
  const maxSeconds = question.limitSeconds ?? INTERVIEW_LIMITS.unlimitedVideoMaxSeconds;
  // Back with saved takes: they show first; otherwise the camera opens with the question.
  const { state, dispatch, stream, preview, retryCamera } = useCameraRecorder({
    maxSeconds,
    open: !question.takes.some((t) => t.status === 'saved'),
  });

  // Takes saved on the server (from an earlier visit, too) and the ones recorded here, which play from memory.
  const [takes, setTakes] = useState<TCandidateTake[]>(() =>
    question.takes.filter((t) => t.status === 'saved'),
  );
  const [localUrls, setLocalUrls] = useState<Record<string, string>>({});
  const [chosen, setChosen] = useState<string | null>(() => takes.at(-1)?._id ?? null);
  const [takesLeft, setTakesLeft] = useState(question.takesLeft);
  const [status, setStatus] = useState<TStreamingStatus | 'idle'>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef<TRunning | null>(null);
  const pendingUpload = useRef<{ endpoint: string; metadata: { take: string } } | null>(null);
  useEffect(() => () => Object.values(localUrls).forEach((u) => URL.revokeObjectURL(u)), [localUrls]);
  useEffect(
    () => () => {
      running.current?.upload?.abort();
    },
    [],
  );

  // spec: a take is counted before it is recorded, so a reload mid-take cannot buy another.
  const record = useCallback(async () => {
    if (running.current || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const created = await createTake(token, question._id);
      running.current = {
        takeId: created.take._id,
        n: created.take.n,
        buffer: createTakeBuffer(),
        upload: null,
      };
      setTakesLeft((left) => (left === null ? null : Math.max(0, left - 1)));
      // The upload opens with the recording (see onStart); its address is kept here until then.
      pendingUpload.current = created.upload;
      dispatch({ type: 'record' });
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }, [token, question._id, busy, dispatch]);
  // The preparation time is over: the recording starts by itself once the camera is ready (with 3-2-1).
  const autoStarted = useRef(false);
  const canAutoStart = prepOver && state.phase === 'ready' && takes.length === 0;
  useEffect(() => {
    if (!canAutoStart || autoStarted.current) return;
    autoStarted.current = true;
    void record();
  }, [canAutoStart, record]);

  const ticking = state.phase === 'countdown';
  useEffect(() => {
    if (!ticking) return;
    const timer = window.setInterval(() => dispatch({ type: 'tick' }), 1000);
    return () => window.clearInterval(timer);
  }, [ticking, dispatch]);

  useMediaRecorder({
    phase: state.phase,
    stream,
    maxSeconds,
    dispatch,
    handlers: {
      onStart: (format) => {
        const take = running.current;
        const target = pendingUpload.current;
        if (!take || !target) return;
        take.upload = startStreamingUpload({
          take: take.buffer,
          endpoint: target.endpoint,
          metadata: {
            ...target.metadata,
            filename: `answer-${take.n}.${format.extension}`,
            filetype: format.fileType,
          },
          onStatus: setStatus,
        });
      },
      onChunk: (chunk) => running.current?.buffer.append(chunk),
      onTake: async (recorded) => {
        const take = running.current;
        if (!take?.upload) return;
        take.buffer.finish();
        try {
          const uploadId = await take.upload.done;
          const saved = await finishTake(token, take.takeId, uploadId);
          setTakes((list) => [...list, saved]);
          setLocalUrls((urls) => ({ ...urls, [saved._id]: URL.createObjectURL(recorded.blob) }));
          setChosen(saved._id);
        } catch (err) {
          setProblem(errorMessage(err));
        } finally {
          running.current = null;
          setStatus('idle');
        }
      },
    },
  });

  const submit = async () => {
    if (!chosen) return;
    setBusy(true);
    setProblem(null);
    try {
      await answerQuestion(token, question._id, { takeId: chosen });
      onAnswered();
    } catch (err) {
      setProblem(errorMessage(err));
      setBusy(false);
    }
  };

  // Offline as soon as the browser says so, or when the upload cannot reach the server (its word alone).
  const online = useOnline();
  const offline = !online || status === 'waiting';
  const recording = state.phase === 'recording' || state.phase === 'stopping' || state.phase === 'countdown';
  const showTakes = takes.length > 0 && !recording && state.phase !== 'ready' && state.phase !== 'starting';
  const canRetake = takesLeft === null || takesLeft > 0;

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
          <div className="recorder">
            <RecorderStage preview={preview} phase={state.phase} countdown={state.countdown} />
            {state.phase === 'countdown' && (
              <p className="recorder-timer">Recording starts in {state.countdown}…</p>
            )}
            {state.phase === 'recording' && (
              <p className="recorder-timer" role="timer" aria-live="off">
                {question.limitSeconds
                  ? `${formatSeconds(Math.max(0, maxSeconds - state.elapsed))} left`
                  : formatSeconds(state.elapsed)}
              </p>
            )}
            {state.phase === 'stopping' && (
              <p className="recorder-timer" role="status">
                Saving your answer…
              </p>
            )}
            <p className="visually-hidden" aria-live="assertive">
              {state.phase === 'countdown' ? `Recording starts in ${state.countdown}` : ''}
              {state.phase === 'recording' && state.elapsed === 0 ? 'Recording' : ''}
            </p>
          </div>
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

/** Every saved take, to watch; the chosen one is sent. */
function TakeChooser({
  takes,
  localUrls,
  chosen,
  onChoose,
}: {
  takes: TCandidateTake[];
  localUrls: Record<string, string>;
  chosen: string | null;
  onChoose: (id: string) => void;
}) {
  const current = takes.find((t) => t._id === chosen) ?? takes.at(-1);
  const url = current ? (localUrls[current._id] ?? current.url) : null;
  return (
    <div className="takes">
      {url ? (
        <video
          key={url}
          className="recorder-video"
          src={url}
          controls
          playsInline
          aria-label={`Take ${current?.n ?? ''}`}
        />
      ) : (
        <p className="recorder-message">Your take is saved. It can be watched once it has been processed.</p>
      )}
      <fieldset className="take-list">
        <legend>Choose the take to send</legend>
        {takes.map((t) => (
          <label key={t._id} className="checkbox">
            <input type="radio" name="take" checked={t._id === chosen} onChange={() => onChoose(t._id)} />
            Take {t.n}
            {t.duration ? ` (${formatSeconds(t.duration)})` : ''}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
