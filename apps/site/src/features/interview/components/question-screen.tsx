import { useEffect, useRef, useState } from 'react';
import type { TCandidateQuestion } from '@hirecast/domain/interview';
import { formatSeconds } from '@hirecast/recorder/machine';
import { errorMessage } from '../../../lib/api.ts';
import { skipQuestion } from '../api/answer-question.ts';
import { startQuestion } from '../api/start-question.ts';
import { questionTerms } from '../lib/interview-format.ts';
import { ChoiceAnswer, FileAnswer, TextAnswer } from './written-answers.tsx';
import { VideoAnswer } from './video-answer.tsx';

/** Seconds left until `endsAt` on the server's clock (`offsetMs`: server time minus this device's). */
const secondsUntil = (endsAt: string, offsetMs: number) =>
  Math.max(0, Math.ceil((Date.parse(endsAt) - (Date.now() + offsetMs)) / 1000));

/**
 * One question (issue 25 item 3): what it allows, then — once opened, which starts its preparation time on the
 * server — the prompt, the preparation countdown and the answer.
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
  useEffect(() => heading.current?.focus(), [opened]);

  // The preparation countdown, from the server's end time (a reload shows what is left, not a fresh timer).
  const [prepLeft, setPrepLeft] = useState<number | null>(() =>
    question.prepEndsAt ? secondsUntil(question.prepEndsAt, offsetMs) : null,
  );
  const prepEndsAt = question.prepEndsAt;
  useEffect(() => {
    if (!prepEndsAt) return;
    const update = () => setPrepLeft(secondsUntil(prepEndsAt, offsetMs));
    update();
    const timer = window.setInterval(update, 250);
    return () => window.clearInterval(timer);
  }, [prepEndsAt, offsetMs]);

  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      setQuestion(await startQuestion(token, question._id));
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
          {prepLeft !== null && prepLeft > 0 && (
            <p className="prep" role="timer" aria-live="off">
              Time to prepare: <strong>{formatSeconds(prepLeft)}</strong>
              {question.answerType === 'video' && ' — recording starts by itself when it ends.'}
            </p>
          )}
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          {question.answerType === 'video' && (
            <VideoAnswer
              token={token}
              question={question}
              prepOver={prepLeft !== null && prepLeft <= 0}
              onAnswered={onAnswered}
            />
          )}
          {question.answerType === 'text' && (
            <TextAnswer token={token} question={question} onAnswered={onAnswered} />
          )}
          {question.answerType === 'choice' && (
            <ChoiceAnswer token={token} question={question} onAnswered={onAnswered} />
          )}
          {question.answerType === 'file' && (
            <FileAnswer token={token} question={question} onAnswered={onAnswered} />
          )}
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
