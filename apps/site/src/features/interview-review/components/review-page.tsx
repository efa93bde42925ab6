import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { assertNever } from '@hirecast/domain/assert-never';
import { answerReviewModel, type TAnswerReviewModel } from '@hirecast/domain/answer-review';
import { INTERVIEW_LIMITS, interviewMessages, type TInterviewAnswer } from '@hirecast/domain/interview';
import { SiteLayout } from '../../../components/site-layout.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { loadReview, type TReview } from '../api/load-review.ts';
import { rateAnswer } from '../api/rate-answer.ts';
import { ReviewTranscript, type TReviewTranscript } from './review-transcript.tsx';

type TQuestion = TReview['questions'][number];
type TMedia = Pick<TInterviewAnswer, 'file' | 'video'>;

const SPEEDS = [1, 1.5, 2] as const;

/**
 * The review kept fresh while the page is open (issue 33): the media URLs live minutes, so they are fetched
 * again at a third of their life; when the link was revoked or expired meanwhile, the page says which and its
 * media go.
 */
function useFreshReview(token: string, initial: TReview) {
  const [review, setReview] = useState(initial);
  const [closed, setClosed] = useState<string | null>(null);
  useEffect(() => {
    if (closed) return;
    const every = Math.max(30, Math.floor(review.mediaSeconds / 3)) * 1000;
    const timer = window.setTimeout(() => {
      loadReview(token).then(setReview, (err: unknown) => {
        if (err instanceof ApiError && (err.status === 410 || err.status === 404)) setClosed(err.message);
        // A network failure keeps the page; the next turn tries again.
        else setReview((r) => ({ ...r }));
      });
    }, every);
    return () => window.clearTimeout(timer);
  }, [token, review, closed]);
  return { review, closed };
}

/**
 * Issue 25 item 4: someone outside the team reviews one candidate's interview through a share link, without an
 * account, and rates each answer under the name they give. The link may hide the name, the email and the CV
 * (issue 33: with the name hidden, files come under neutral names).
 */
export function ReviewPage({ token, review: initial }: { token: string; review: TReview }) {
  const [name, setName] = useState('');
  const nameInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const { review, closed } = useFreshReview(token, initial);
  const { job, candidate } = review;
  const media = new Map(
    review.questions.flatMap((q) => (q.answer ? [[q.answer._id, q.answer] as const] : [])),
  );
  if (closed)
    return (
      <SiteLayout branding={{ name: job.companyName }}>
        <section className="card narrow message-card" aria-labelledby="review-closed">
          <p className="eyebrow">Link closed</p>
          <h1 id="review-closed">This link has closed</h1>
          <p role="alert">{closed}</p>
        </section>
      </SiteLayout>
    );
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
            <a href={candidate.cvUrl} download={candidate.cvName ?? undefined}>
              Download {candidate.cvName ?? 'the CV'}
            </a>
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
      {initial.questions.map((q, i) => (
        <QuestionReview
          key={q._id}
          token={token}
          question={q}
          media={q.answer ? media.get(q.answer._id) : undefined}
          transcript={initial.transcripts.find((t) => t.assetId === q.answer?.video?.assetId)}
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
  media,
  transcript,
  index,
  reviewerName,
  askName,
}: {
  token: string;
  question: TQuestion;
  media: TMedia | undefined;
  transcript: TReviewTranscript | undefined;
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
  // The shared review model (also the app's): the renewed media URLs over the answer as last rated.
  const model =
    answer &&
    answerReviewModel(question.answerType, {
      ...answer,
      ...(media && { file: media.file, video: media.video }),
    });

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
      {!model ? (
        <p>Not answered.</p>
      ) : model.kind === 'skipped' ? (
        <p>{model.text}.</p>
      ) : (
        <>
          <AnswerView model={model} transcript={transcript} />
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

/** Points the element at `url` from where it was (the same second, playing again if it was). */
function moveTo(el: HTMLVideoElement, url: string, play: boolean) {
  const at = el.currentTime;
  el.addEventListener(
    'loadedmetadata',
    () => {
      if (at > 0) el.currentTime = at;
      if (play) void el.play().catch(() => undefined);
    },
    { once: true },
  );
  el.src = url;
}

/**
 * The video's address follows the renewed URL without restarting it (issue 33): a paused video takes the new one
 * at once (at the same second); a playing one keeps its own until it fails (expired), then goes on with the new
 * one. The element's `src` is set here, not by React, so a renewal never reloads a playing video.
 */
function useRenewedSource(url: string | null, video: RefObject<HTMLVideoElement | null>) {
  const [first] = useState(url);
  const latest = useRef(url);
  useEffect(() => {
    latest.current = url;
    const el = video.current;
    if (el && url && el.paused && el.src !== url) moveTo(el, url, false);
  }, [url, video]);
  const onError = () => {
    const el = video.current;
    if (el && latest.current && el.src !== latest.current) moveTo(el, latest.current, true);
  };
  return { src: first, onError };
}

/** One answer by the shared review model (@hirecast/domain/answer-review), as the app's review shows it too. */
function AnswerView({
  model,
  transcript,
}: {
  model: TAnswerReviewModel;
  transcript: TReviewTranscript | undefined;
}) {
  const [speed, setSpeed] = useState<number>(1);
  const video = useRef<HTMLVideoElement>(null);
  const source = useRenewedSource(model.kind === 'video' ? model.video.url : null, video);
  switch (model.kind) {
    case 'skipped':
      return <p>{model.text}.</p>;
    case 'video':
      return model.video.url ? (
        <div>
          <video
            ref={video}
            className="recorder-video"
            src={source.src ?? model.video.url}
            poster={model.video.poster ?? undefined}
            controls
            playsInline
            aria-label="Video answer"
            onError={source.onError}
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
          {transcript && <ReviewTranscript transcript={transcript} video={video} />}
        </div>
      ) : (
        <p>The video is being processed.</p>
      );
    case 'text':
      return <p className="pre-line">{model.text}</p>;
    case 'choice':
      return <p>{model.text}</p>;
    case 'file':
      return (
        <p>
          <a href={model.url} download={model.name}>
            {model.text}
          </a>
        </p>
      );
    case 'empty':
      return null;
    default:
      return assertNever(model, 'answer');
  }
}
