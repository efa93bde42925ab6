import { eq } from 'drizzle-orm';
import { applicationHistory, applications, jobs } from '@hirecast/db/schema';
import { STATUS_LABELS, type TApplicationStatus } from '@hirecast/domain/applicants';
import type { TAiSettings, TDelta } from '@hirecast/domain/job';
import { letterFor } from '@hirecast/domain/letters';
import {
  requirementsOf,
  screeningAction,
  type TFitReasons,
  type TFitScore,
  type TScreeningInput,
} from '@hirecast/domain/screening';
import { rankCv } from '../../lib/ai/offline-ranker.ts';
import type { TContext } from '../../lib/context.ts';
import { extractCvText } from '../../lib/cv-text.ts';
import type { TJobContext } from '../../lib/queue/queue.ts';
import { automaticSender, composeLetter, loadLetterSetting } from './letters.ts';
import { ACTOR_ASSISTANT, recordHistory } from './record-history.ts';
import type { TApplicationRow } from './service.ts';

// Issue 6 item 7: the AI screening of one application, run by the queue ('application.screen') after the
// candidate applies to a job with CV ranking on. It scores the CV against the job's requirements, stores the
// score with its reasons and the time, then, by the job's switches (domain screeningAction), shortlists or
// rejects a still-new application, recorded in the history as done by the assistant, with its email.

type TScreenDeps = Pick<TContext, 'db' | 'storage' | 'ai' | 'log' | 'mail'>;

export type TScreeningResult =
  | { outcome: 'skipped'; reason: 'not-found' | 'screening-off' | 'withdrawn' }
  | { outcome: 'scored'; score: number; action: 'shortlist' | 'reject' | null };

const experienceText = (a: TApplicationRow) =>
  [
    ...a.experience.flatMap((e) => [e.title, e.employer, e.info]),
    ...a.education.flatMap((e) => [e.field, e.school, e.degree, e.info]),
  ]
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .join('\n');

async function candidateText(deps: TScreenDeps, application: TApplicationRow) {
  let cv = '';
  if (application.cvKey) {
    const bytes = await deps.storage.read(application.cvKey);
    if (bytes) {
      try {
        cv = await extractCvText(bytes);
      } catch (err) {
        // A damaged or encrypted file: the rest of the application is still scored.
        deps.log.warn({ err, applicationId: application.id }, 'CV text could not be read');
      }
    }
  }
  return [cv, application.position, experienceText(application), application.customQuestion]
    .filter(Boolean)
    .join('\n');
}

/**
 * The configured scorer; on the last attempt a provider failure falls back to the offline ranker, so an
 * outage of the AI provider never leaves an application unscored.
 */
async function score(
  deps: TScreenDeps,
  input: TScreeningInput,
  job?: Pick<TJobContext, 'isLastAttempt'>,
): Promise<TFitReasons & { score: number }> {
  try {
    return { ...(await deps.ai.scoreCv(input)), scorer: deps.ai.kind };
  } catch (err) {
    if (deps.ai.kind === 'offline' || (job && !job.isLastAttempt)) throw err;
    deps.log.error({ err, provider: deps.ai.kind }, 'AI screening failed; scored by the offline ranker');
    return { ...rankCv(input), scorer: 'offline' };
  }
}

const reasonLine = (result: TFitScore, settings: TAiSettings) =>
  `Fit score ${result.score.toFixed(1)} of 5 (the job's shortlist score is ${settings.score.toFixed(1)}). ${result.summary}`;

export async function screenApplication(
  deps: TScreenDeps,
  { applicationId, job: jobContext }: { applicationId: string; job?: Pick<TJobContext, 'isLastAttempt'> },
): Promise<TScreeningResult> {
  const [found] = await deps.db
    .select({ application: applications, job: jobs })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(eq(applications.id, applicationId));
  if (!found) return { outcome: 'skipped', reason: 'not-found' };
  const { application, job } = found;
  const settings = job.aiSettings as TAiSettings;
  if (!settings.isScreening) return { outcome: 'skipped', reason: 'screening-off' };
  if (application.status === 'withdrawn') return { outcome: 'skipped', reason: 'withdrawn' };

  const input: TScreeningInput = {
    jobTitle: job.title,
    requirements: requirementsOf({ title: job.title, description: job.description as TDelta }),
    candidateText: await candidateText(deps, application),
  };
  const result = await score(deps, input, jobContext);
  const { score: fitScore, ...reasons } = result;

  // One transaction with the row locked: a person changing the status at the same moment wins or waits.
  const decided = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.id, application.id))
      .for('update');
    if (!row) return null;
    const action = screeningAction(settings, { score: fitScore, status: row.status as TApplicationStatus });
    const status: TApplicationStatus | undefined =
      action?.action === 'shortlist' ? 'shortlisted' : action?.action === 'reject' ? 'rejected' : undefined;
    await tx
      .update(applications)
      .set({
        aiFitScore: fitScore,
        aiFitReasons: reasons,
        screeningProcessDate: new Date(),
        ...(status && { status, updatedAt: new Date() }),
      })
      .where(eq(applications.id, application.id));
    if (!action || !status) return { action: null, eventId: null };
    const event = await recordHistory(tx, {
      applicationId: application.id,
      actor: { id: null, name: ACTOR_ASSISTANT },
      eventName: 'statusChanged',
      details: {
        title: `Status changed to ${STATUS_LABELS[status]}`,
        text: reasonLine(result, settings),
        status,
      },
      isLetterSent: action.sendEmail,
    });
    return { action, eventId: event.id };
  });
  if (!decided) return { outcome: 'skipped', reason: 'not-found' };
  if (decided.action?.sendEmail && decided.eventId)
    await sendAutomaticLetter(deps, {
      application,
      job,
      kind: decided.action.action === 'shortlist' ? 'shortlist' : 'rejection',
      eventId: decided.eventId,
    });
  return { outcome: 'scored', score: fitScore, action: decided.action?.action ?? null };
}

/**
 * The company's letter for the automatic change. Should the mail service fail, the history says no letter was
 * sent, and a person can send it from the applicant's history (PATCH .../send/letter).
 */
async function sendAutomaticLetter(
  deps: TScreenDeps,
  {
    application,
    job,
    kind,
    eventId,
  }: {
    application: TApplicationRow;
    job: typeof jobs.$inferSelect;
    kind: 'shortlist' | 'rejection';
    eventId: string;
  },
) {
  const markUnsent = () =>
    deps.db.update(applicationHistory).set({ isLetterSent: false }).where(eq(applicationHistory.id, eventId));
  const sender = await automaticSender(deps.db, { createdBy: job.createdBy, companyId: job.companyId });
  if (!sender) {
    deps.log.warn({ applicationId: application.id }, 'no one to sign the automatic letter');
    await markUnsent();
    return;
  }
  try {
    const setting = await loadLetterSetting(deps.db, {
      jobId: job.id,
      companyId: job.companyId,
      sender,
    });
    const letter = composeLetter(setting, {
      application,
      kind,
      text: letterFor(kind, setting.letters).text,
    });
    await deps.mail.send(letter.message);
  } catch (err) {
    deps.log.error({ err, applicationId: application.id }, 'automatic letter not sent');
    await markUnsent();
  }
}

/**
 * After an application is saved: CV ranking runs in the background when the job has it on; the candidate does
 * not wait for it, and a failure to queue is logged, never undoing the application.
 */
export async function queueScreening(
  ctx: Pick<TContext, 'queue' | 'log'>,
  { job, applicationId }: { job: { aiSettings: Pick<TAiSettings, 'isScreening'> }; applicationId: string },
) {
  if (!job.aiSettings.isScreening) return;
  try {
    await ctx.queue.send('application.screen', { applicationId });
  } catch (err) {
    ctx.log.error({ err, applicationId }, 'application screening not queued');
  }
}

/** Registers the 'application.screen' worker. */
export async function registerScreening(queue: TContext['queue'], deps: TScreenDeps) {
  await queue.work('application.screen', ({ applicationId }, job) =>
    screenApplication(deps, { applicationId, job }),
  );
}
