import { useState } from 'react';
import type { TCandidateInterview } from '@hirecast/domain/interview';
import { SiteLayout } from '../../../components/site-layout.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { completeInterview } from '../api/complete-interview.ts';
import { getInterview } from '../api/get-interview.ts';
import { IntroScreen } from './intro-screen.tsx';
import { PracticeRound } from './practice-round.tsx';
import { QuestionScreen } from './question-screen.tsx';

const offsetOf = (interview: TCandidateInterview) => Date.parse(interview.serverNow) - Date.now();
/** The question the candidate had opened and not finished (its preparation started), if any. */
const openQuestionOf = (interview: TCandidateInterview) =>
  interview.questions.find(
    (q) => q._id === interview.currentQuestionId && (q.status === 'preparing' || q.status === 'recording'),
  );

/**
 * The candidate's one-way interview at /interview/{token} (issue 25 item 3): the first screen, then each question
 * from the first unanswered one, then sending the answers. Everything that counts (answers, takes used,
 * preparation started) is kept on the server, so closing the tab and opening the link again resumes here.
 */
export function InterviewPage({
  token,
  interview: initial,
}: {
  token: string;
  interview: TCandidateInterview;
}) {
  const [interview, setInterview] = useState(initial);
  // The server's clock minus this device's, read when the page arrives (hydration follows at once): countdowns
  // run on the server's times, so a wrong device clock neither shortens nor stretches them.
  const [offsetMs, setOffsetMs] = useState(() => offsetOf(initial));
  // Issue 33 item 2: back while a question is open (a reload, the link again), the page goes straight to it
  // (its countdown where it is) rather than to the first screen.
  const [started, setStarted] = useState(() => openQuestionOf(initial) !== undefined);
  // The practice round comes before question 1 only: someone resuming has already begun for real.
  const [practised, setPractised] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = async () => {
    try {
      const next = await getInterview(token);
      setInterview(next);
      setOffsetMs(offsetOf(next));
    } catch (err) {
      // The link closed meanwhile (410: the deadline passed, the job closed): its page says why.
      if (err instanceof ApiError && err.status === 410) return window.location.reload();
      setError(errorMessage(err));
    }
  };

  const complete = async () => {
    setBusy(true);
    setError(null);
    try {
      setInterview(await completeInterview(token));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const { job, questions } = interview;
  const currentIndex = questions.findIndex((q) => q._id === interview.currentQuestionId);
  const current = questions[currentIndex];

  let body;
  if (interview.state === 'completed')
    body = (
      <section className="card narrow interview" aria-labelledby="done-title">
        <h1 id="done-title">Thank you, {interview.firstName}</h1>
        <p>
          Your answers have been sent to {job.companyName}. They will be in touch about {job.title}.
        </p>
      </section>
    );
  else if (!started)
    body = <IntroScreen token={token} interview={interview} onStart={() => setStarted(true)} />;
  else if (interview.practiceQuestion && !practised && currentIndex === 0 && current?.status === 'new')
    body = <PracticeRound onDone={() => setPractised(true)} />;
  else if (current)
    body = (
      <QuestionScreen
        key={current._id}
        token={token}
        question={current}
        index={currentIndex}
        total={questions.length}
        offsetMs={offsetMs}
        onAnswered={() => void refresh()}
      />
    );
  else
    body = (
      <section className="card narrow interview" aria-labelledby="send-title">
        <h1 id="send-title">You have answered every question</h1>
        <p>Send your answers to {job.companyName}. You cannot change them afterwards.</p>
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
            onClick={() => void complete()}
          >
            Send my answers
          </button>
        </div>
      </section>
    );

  return (
    <SiteLayout branding={{ name: job.companyName, logo: job.companyLogo }}>
      {error && started && current && (
        <p className="form-error narrow" role="alert">
          {error}
        </p>
      )}
      {body}
    </SiteLayout>
  );
}
