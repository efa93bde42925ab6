import type { TCandidateInterview } from '@hirecast/domain/interview';
import { formatDate } from '../../../lib/format.ts';
import { formatDuration, questionTerms, totalSeconds } from '../lib/interview-format.ts';
import { DeviceCheck } from './device-check.tsx';
import { NeedMoreTime } from './need-more-time.tsx';

/**
 * Issue 25 item 3: before the first question the candidate knows how many questions there are, what each
 * allows, that nothing is lost, and can check the camera and ask for more time. Coming back, the same screen
 * says where they will continue.
 */
export function IntroScreen({
  token,
  interview,
  onStart,
}: {
  token: string;
  interview: TCandidateInterview;
  onStart: () => void;
}) {
  const { questions, job } = interview;
  const answered = questions.filter((q) => q.status === 'answered' || q.status === 'skipped').length;
  const next = questions.findIndex((q) => q._id === interview.currentQuestionId);
  const hasVideo = questions.some((q) => q.answerType === 'video');
  const total = totalSeconds(questions);
  return (
    <section className="card narrow interview" aria-labelledby="interview-title">
      <p className="eyebrow">{job.companyName}</p>
      <h1 id="interview-title">Your interview for {job.title}</h1>
      <p>
        Hello {interview.firstName}. This interview has <strong>{questions.length} questions</strong>
        {total > 0 && <> and takes about {formatDuration(Math.ceil(total / 60) * 60)} of answering time</>}.
        {interview.deadline && <> Please finish by {formatDate(interview.deadline)}.</>}
      </p>
      {answered > 0 && (
        <p className="notice" role="status">
          Welcome back. You have answered {answered} of {questions.length} questions
          {next >= 0 ? `; you continue with question ${next + 1}.` : '.'}
        </p>
      )}
      <ol className="question-overview">
        {questions.map((q, i) => (
          <li key={q._id}>
            <span className="question-overview-title">Question {i + 1}</span>{' '}
            <span className="question-overview-terms">{questionTerms(q).join(' · ')}</span>
            {(q.status === 'answered' || q.status === 'skipped') && (
              <span className="status status-done">{q.status === 'answered' ? 'Answered' : 'Skipped'}</span>
            )}
          </li>
        ))}
      </ol>
      <ul className="reassure">
        {interview.practiceQuestion && answered === 0 && (
          <li>You start with a practice question: try the camera and the timers. It is not sent or kept.</li>
        )}
        <li>You see each question when you open it; the preparation time then starts.</li>
        <li>
          Your video uploads while you record, so a lost connection or a closed tab loses nothing you sent.
        </li>
        <li>
          You can leave and come back with this link; you continue at the first question you have not
          answered.
        </li>
      </ul>
      {hasVideo && (
        <section aria-labelledby="device-title">
          <h2 id="device-title">Your camera and microphone</h2>
          <DeviceCheck />
        </section>
      )}
      <NeedMoreTime token={token} companyName={job.companyName} />
      <div className="form-actions-start">
        <button type="button" className="button button-primary" onClick={onStart}>
          {answered > 0 && next >= 0
            ? `Continue with question ${next + 1}`
            : answered > 0
              ? 'Continue'
              : 'Start the interview'}
        </button>
      </div>
    </section>
  );
}
