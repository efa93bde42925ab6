import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react';
import type { TCandidateQuestion, TCandidateTake } from '@hirecast/domain/interview';
import type { TRecorderEvent, TRecorderPhase } from '@hirecast/recorder/machine';
import {
  startStreamingUpload,
  type TStreamingStatus,
  type TStreamingUpload,
} from '@hirecast/recorder/streaming-upload';
import { createTakeBuffer, type TTakeBuffer } from '@hirecast/recorder/take-buffer';
import { useMediaRecorder } from '@hirecast/recorder/use-media-recorder';
import { errorMessage } from '../../../lib/api.ts';
import { answerQuestion } from '../api/answer-question.ts';
import { createTake } from '../api/create-take.ts';
import { finishTake } from '../api/finish-take.ts';

type TRunning = { takeId: string; n: number; buffer: TTakeBuffer; upload: TStreamingUpload | null };

/**
 * The takes of a video answer: each counted on the server before it records (`record`), uploaded second by second
 * while it runs, saved when it stops; the saved takes (from an earlier visit too) and the one chosen to send
 * (`submit`).
 */
export function useVideoTakes({
  token,
  question,
  phase,
  stream,
  maxSeconds,
  dispatch,
  onAnswered,
}: {
  token: string;
  question: TCandidateQuestion;
  phase: TRecorderPhase;
  stream: MediaStream | null;
  maxSeconds: number;
  dispatch: Dispatch<TRecorderEvent>;
  onAnswered: () => void;
}) {
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
  useMediaRecorder({
    phase,
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

  return { takes, localUrls, chosen, setChosen, takesLeft, status, problem, busy, record, submit };
}
