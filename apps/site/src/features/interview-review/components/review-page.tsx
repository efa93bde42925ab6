import { useId, useRef, useState } from 'react';
import {
  INTERVIEW_LIMITS,
  interviewMessages,
  type TInterviewAnswer,
  type ZGuestReview,
} from '@hirecast/domain/interview';
import type { z } from 'zod';
import { SiteLayout } from '../../../components/site-layout.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { rateAnswer } from '../api/rate-answer.ts';

type TReview = z.infer<typeof ZGuestReview>;
type TQuestion = TReview['questions'][number];

const SPEEDS = [1, 1.5, 2] as const;

/**
 * Issue 25 item 4: someone outside the team reviews one candidate's interview through a share link, without an
 * account, and rates each answer under the name they give. The link may hide the name, the email and the CV.
 */
export function ReviewPage({ token, review }: { token: string; review: TReview }) {
  const [name, setName] = useState('');
  const nameInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const { job, candidate } = review;
  return (
    <SiteLayout branding={{ name: job.companyName }}>
      <section className="card narrow interview" aria-labelledby="review-title">
        <p className="eyebrow">Interview review · {job.companyName}</p>
        <h1 id="review-title">
          {candidate.name ?? 'A candidate'} for {job.title}
        </h1>
        {candidate.email && <p>{candidate.email}</p>}
        {candidate.cvUrl && (
          <p>
            <a href={candidate.cvUrl}>Download the CV</a>
          </p>
        )}
        <p className="field-hint">This link works until {formatDate(review.expiresAt)}.</p>
        <div className="field">
          <label htmlFor={`${id}-name`}>Your name (shown with your ratings)</label>
          <input
            id={`${id}-name`}
            ref={nameInput}
            className="input"
            maxLength={INTERVIEW_LIMITS.reviewerNameMax}
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="name"
          />
        </div>
      </section>
      {review.questions.map((q, i) => (
        <QuestionReview
          key={q._id}
          token={token}
          question={q}
          index={i}
          reviewerName={name}
          askName={() => nameInput.current?.focus()}
        />
      ))}
    </SiteLayout>
  );
}

function QuestionReview({
  token,
  question,
  index,
  reviewerName,
  askName,
}: {
  token: string;
  question: TQuestion;
  index: number;
  reviewerName: string;
  askName: () => void;
}) {
  const [answer, setAnswer] = useState<TInterviewAnswer | null>(question.answer);
  const mine = answer?.ratings[0];
  const [stars, setStars] = useState<number>(mine?.stars ?? 0);
  const [comment, setComment] = useState(mine?.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const save = async () => {
    if (!answer) return;
    if (reviewerName.trim() === '') {
      setError(interviewMessages.reviewerName);
      return askName();
    }
    if (stars < 1) return setError(interviewMessages.stars);
    setBusy(true);
    setError(null);
    try {
      setAnswer(
        await rateAnswer(token, answer._id, {
          reviewerName: reviewerName.trim(),
          stars,
          comment: comment.trim() || null,
        }),
      );
      setSaved(true);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card narrow" aria-labelledby={`${id}-q`}>
      <p className="eyebrow">Question {index + 1}</p>
      <h2 id={`${id}-q`}>{question.prompt}</h2>
      {!answer ? (
        <p>Not answered.</p>
      ) : answer.status === 'skipped' ? (
        <p>Skipped (optional question).</p>
      ) : (
        <>
          <AnswerView answer={answer} />
          <fieldset className="stars">
            <legend>Your rating</legend>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className="star">
                <input type="radio" name={`${id}-stars`} checked={stars === n} onChange={() => setStars(n)} />
                <span aria-hidden="true">{n <= stars ? '★' : '☆'}</span>
                <span className="visually-hidden">
                  {n} star{n === 1 ? '' : 's'}
                </span>
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={`${id}-comment`}>Comment (optional)</label>
            <textarea
              id={`${id}-comment`}
              className="input textarea"
              rows={3}
              maxLength={INTERVIEW_LIMITS.commentMax}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          </div>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          {saved && !error && (
            <p className="notice" role="status">
              Your rating is saved.
            </p>
          )}
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void save()}>
            Save rating
          </button>
        </>
      )}
    </section>
  );
}

function AnswerView({ answer }: { answer: TInterviewAnswer }) {
  const [speed, setSpeed] = useState<number>(1);
  const video = useRef<HTMLVideoElement>(null);
  if (answer.video)
    return answer.video.url ? (
      <div>
        <video
          ref={video}
          className="recorder-video"
          src={answer.video.url}
          poster={answer.video.poster ?? undefined}
          controls
          playsInline
          aria-label="Video answer"
          onLoadedMetadata={(e) => (e.currentTarget.playbackRate = speed)}
        />
        <div className="speed" role="group" aria-label="Playback speed">
          {SPEEDS.map((s) => (
            <button
              key={s}
              type="button"
              className={`button button-small ${s === speed ? 'button-primary' : 'button-secondary'}`}
              aria-pressed={s === speed}
              onClick={() => {
                setSpeed(s);
                if (video.current) video.current.playbackRate = s;
              }}
            >
              {s}×
            </button>
          ))}
        </div>
      </div>
    ) : (
      <p>The video is being processed.</p>
    );
  if (answer.text !== undefined) return <p className="pre-line">{answer.text}</p>;
  if (answer.choice) return <p>Chose: {answer.choice.label}</p>;
  if (answer.file)
    return (
      <p>
        <a href={answer.file.url} download={answer.file.name}>
          Download {answer.file.name}
        </a>
      </p>
    );
  return null;
}
