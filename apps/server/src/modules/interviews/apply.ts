import type { TInterviewQuestionJson } from '@hirecast/db/schema';
import type { TDb, TTx } from '@hirecast/db/client';
import { INTERVIEW_LIMITS } from '@hirecast/domain/interview';
import { assertNever } from '@hirecast/domain/assert-never';
import type { TContext } from '../../lib/context.ts';
import { findInterviewOfJob } from './question-set.ts';
import { insertSession } from './sessions.ts';

// Issue 25 item 2(a): an interview in the apply flow, after the details step, in place of the single video
// introduction. The apply path asks whether the job has one (no video is asked then), and creates the session
// in the application's own transaction, so an application never exists without its interview.

/** The apply-flow interview of a job, or null (then the video introduction works as the spec says). */
export async function applyInterviewOf(db: TDb | TTx, jobId: string) {
  const interview = await findInterviewOfJob(db as TDb, jobId);
  return interview?.inApply ? interview : null;
}

/** About how long answering a question takes: a video its limit (or the longest), anything else a minute. */
function answerSeconds(q: TInterviewQuestionJson): number {
  switch (q.answerType) {
    case 'video':
      return q.limitSeconds ?? INTERVIEW_LIMITS.videoMaxSeconds;
    case 'text':
    case 'choice':
    case 'file':
      return 60;
    default:
      return assertNever(q, 'answer type');
  }
}

/** What the job page says before the candidate starts: how many questions and how long they may take. */
export function interviewSummary(questions: TInterviewQuestionJson[]) {
  const totalSeconds = questions.reduce((sum, q) => sum + (q.prepSeconds ?? 0) + answerSeconds(q), 0);
  return { questionCount: questions.length, totalSeconds };
}

/** Creates the apply-flow session of a new application; answers the private link's token. */
export async function createApplyInterview(
  tx: TDb | TTx,
  {
    config,
    interview,
    application,
  }: {
    config: Pick<TContext['config'], 'secret'>;
    interview: NonNullable<Awaited<ReturnType<typeof applyInterviewOf>>>;
    application: { id: string; jobId: string; companyId: string };
  },
) {
  const { token } = await insertSession(tx, {
    secret: config.secret,
    companyId: application.companyId,
    jobId: application.jobId,
    applicationId: application.id,
    via: 'apply',
    questions: interview.questions,
    practiceQuestion: interview.practiceQuestion,
    deadline: null,
    invitedBy: null,
    now: new Date(),
  });
  return token;
}
