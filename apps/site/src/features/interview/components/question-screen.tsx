import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { assertNever } from '@hirecast/domain/assert-never';
import type { TCandidateQuestion } from '@hirecast/domain/interview';
import { formatSeconds } from '@hirecast/recorder/machine';
import { useCaptionTrack } from '../../../components/use-caption-track.ts';
import { errorMessage } from '../../../lib/api.ts';
import { skipQuestion } from '../api/answer-question.ts';
import { startQuestion } from '../api/start-question.ts';
import { prepSecondsLeft, questionTerms } from '../lib/interview-format.ts';
import { ChoiceAnswer, FileAnswer, TextAnswer } from './written-answers.tsx';
import { VideoAnswer } from './video-answer.tsx';

/** Preparation seconds left on the server's clock (`offsetMs`: server time minus this device's). */
const prepLeftNow = (question: TCandidateQuestion, offsetMs: number) =>
  prepSecondsLeft(question, Date.now() + offsetMs);

/**
 * One question (issue 25 item 3): what it allows, then — once opened, which starts its preparation time on the
 * server — the prompt, the preparation countdown and the answer.
 *
 * Issue 33 item 2: a recording starts by itself only when the candidate opened the question here and watched
 * its preparation run out. Coming back to a question opened before (a reload, the link again, another device),
 * the page says so and the countdown goes on where it is; when the preparation is over, the candidate reads
 * what happened and what is left, and starts the recording themselves.
 */
export function QuestionScreen({
  token,
  question: initial,
  index,
  total,
  offsetMs,
  onAnswered,
}: {
  token: string;
  question: TCandidateQuestion;
  index: number;
  total: number;
  offsetMs: number;
  onAnswered: () => void;
}) {
  const [question, setQuestion] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const opened = question.status !== 'new';
  const heading = useRef<HTMLHeadingElement>(null);
  // Issue 34 item 2: the prompt video plays its captions.
  const promptPlayer = useRef<HTMLVideoElement>(null);
  useCaptionTrack(promptPlayer, question.promptVideo?.captions);
  useEffect(() => heading.current?.focus(), [opened]);

  // The preparation countdown, from the server's end time (a reload shows what is left, not a fresh timer).
  const [prepLeft, setPrepLeft] = useState<number | null>(() => prepLeftNow(question, offsetMs));
  useEffect(() => {
    if (!question.prepEndsAt) return;
    const update = () => setPrepLeft(prepLeftNow(question, offsetMs));
    update();
    const timer = window.setInterval(update, 250);
    return () => window.clearInterval(timer);
  }, [question, offsetMs]);
  // Opened here with its preparation running: the end of the countdown starts the recording (3-2-1). Otherwise
  // (back to an opened question) only the candidate starts it.
  const [autoStart, setAutoStart] = useState(false);
  // Back after the preparation ended (or opened again here once it had): the screen says what happened.
  const [endedAway, setEndedAway] = useState(() => opened && prepLeftNow(question, offsetMs) === 0);
  const back = opened && !autoStart;

  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      const next = await startQuestion(token, question._id);
      const left = prepLeftNow(next, offsetMs);
      setAutoStart(next.status === 'preparing' && next.takesUsed === 0 && left !== null && left > 0);
      setEndedAway(left === 0);
      setQuestion(next);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const skip = async () => {
    setBusy(true);
    try {
      await skipQuestion(token, question._id);
      onAnswered();
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <section className="card narrow interview" aria-labelledby="question-title">
      <p className="eyebrow">
        Question {index + 1} of {total}
      </p>
      <progress className="interview-progress" max={total} value={index} aria-label="Progress" />
      {!opened ? (
        <>
          <h1 id="question-title" ref={heading} tabIndex={-1}>
            Ready for question {index + 1}?
          </h1>
          <p>{questionTerms(question).join(' · ')}</p>
          <p>
            {question.prepSeconds
              ? 'When you open the question, you see it and your preparation time starts.'
              : 'When you open the question, you see it and can answer straight away.'}
            {question.answerType === 'video' && ' Your camera turns on.'}
          </p>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="form-actions-start">
            <button
              type="button"
              className="button button-primary"
              disabled={busy}
              onClick={() => void open()}
            >
              Show question {index + 1}
            </button>
          </div>
        </>
      ) : (
        <>
          <h1 id="question-title" className="prompt" ref={heading} tabIndex={-1}>
            {question.prompt}
          </h1>
          {question.promptVideo?.url && (
            <div className="prompt-video">
              <video
                ref={promptPlayer}
                className="recorder-video"
                src={question.promptVideo.url}
                poster={question.promptVideo.poster ?? undefined}
                controls
                playsInline
                preload="metadata"
                aria-label="The question as a video"
              />
              {question.prepSeconds !== null && question.promptVideo.duration ? (
                <p className="prompt-video-note">
                  Watch the question first: your time to prepare includes the video’s{' '}
                  {formatSeconds(Math.ceil(question.promptVideo.duration))}.
                </p>
              ) : (
                <p className="prompt-video-note">Watch the question, then answer when you are ready.</p>
              )}
            </div>
          )}
          {back && prepLeft !== null && prepLeft > 0 && (
            <p className="notice welcome-back" role="status">
              Welcome back: question {index + 1}’s preparation is running.
            </p>
          )}
          {prepLeft !== null && prepLeft > 0 && (
            <p className="prep" role="timer" aria-live="off">
              Time to prepare: <strong>{formatSeconds(prepLeft)}</strong>
              {question.answerType === 'video' &&
                (autoStart
                  ? ' — recording starts by itself when it ends.'
                  : ' — then you start recording when you are ready.')}
            </p>
          )}
          {back && question.answerType !== 'video' && prepLeft === 0 && (
            <p className="notice welcome-back" role="status">
              Welcome back: question {index + 1}’s preparation time has ended. You can still answer it.
            </p>
          )}
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <AnswerInput
            token={token}
            question={question}
            onAnswered={onAnswered}
            video={{
              number: index + 1,
              prepOver: prepLeft !== null && prepLeft <= 0,
              autoStart,
              endedAway,
            }}
          />
          {!question.required && (
            <button type="button" className="button button-link" disabled={busy} onClick={() => void skip()}>
              Skip this question (it is optional)
            </button>
          )}
        </>
      )}
    </section>
  );
}

/** Where the candidate answers, by the question's type (a new type fails the type check here). */
function AnswerInput({
  token,
  question,
  onAnswered,
  video,
}: {
  token: string;
  question: TCandidateQuestion;
  onAnswered: () => void;
  video: Omit<ComponentProps<typeof VideoAnswer>, 'token' | 'question' | 'onAnswered'>;
}) {
  switch (question.answerType) {
    case 'video':
      return <VideoAnswer token={token} question={question} onAnswered={onAnswered} {...video} />;
    case 'text':
      return <TextAnswer token={token} question={question} onAnswered={onAnswered} />;
    case 'choice':
      return <ChoiceAnswer token={token} question={question} onAnswered={onAnswered} />;
    case 'file':
      return <FileAnswer token={token} question={question} onAnswered={onAnswered} />;
    default:
      return assertNever(question.answerType, 'answer type');
  }
}
