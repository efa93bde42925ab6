import { and, asc, eq, exists, inArray, notExists, sql } from 'drizzle-orm';
import { applicationHistory, applications, jobs, type THistoryDetailsJson } from '@hirecast/db/schema';
import type { TDb } from '@hirecast/db/client';
import { letterFor } from '@hirecast/domain/letters';
import type { TContext } from '../../lib/context.ts';
import type { TJobPayloads } from '../../lib/queue/jobs.ts';
import {
  automaticSender,
  composeLetter,
  loadLetterSetting,
  type TLetterSetting,
} from '../applications/index.ts';
import { ACTOR_ASSISTANT, recordHistory } from '../applications/index.ts';
import { isLive, isPreLaunch } from '../jobs/index.ts';

// The Early Bird (hiringSoon) and Job Live (hiringNow) letters, issue 7 item 4. The rule is written in
// docs/decisions/013-early-bird-and-job-live-letters.md:
// - a candidate who applies to an open job that is not hiring yet ('Pre-launch', isHiringNow false) gets the
//   Early Bird letter;
// - when that job goes live (open and isHiringNow), each of its applications that got the Early Bird letter and
//   is still new or shortlisted gets the Job Live letter.
// Each letter goes once per application: it is recorded in the history (a 'message' by the Hirecast assistant,
// with `letterKind` in its details) under a row lock before it is mailed, and removed again if mailing fails,
// so a retried job sends exactly what is missing.

export type TJobLetterKind = TJobPayloads['job.letters']['kind'];
type TJobState = { status: string; isHiringNow: boolean };
type TDeps = Pick<TContext, 'db' | 'mail' | 'log'>;

/** Statuses that still hear from a job (withdrawn, rejected, hired and interviewing do not). */
const RECEIVES: Record<TJobLetterKind, readonly string[]> = {
  hiringSoon: ['new', 'shortlisted'],
  hiringNow: ['new', 'shortlisted'],
};

const jobAllows = (kind: TJobLetterKind, job: TJobState) =>
  kind === 'hiringSoon' ? isPreLaunch(job) : isLive(job);

/** A history row recording that the letter of `kind` went to the application (an id, or the outer row). */
const letterRecorded = (
  kind: TJobLetterKind,
  applicationId: string | typeof applications.id = applications.id,
) =>
  and(
    eq(applicationHistory.applicationId, applicationId),
    eq(applicationHistory.isLetterSent, true),
    sql`${applicationHistory.details}->>'letterKind' = ${kind}`,
  );

// ---------------------------------------------------------------------------------------------------------
// The 'job.letters' job

/**
 * Who signs an automatic letter; an unsigned letter (no name, no address for replies) when the company has no
 * one left who confirmed their address.
 */
const letterSender = async (db: TDb, job: { companyId: string; createdBy: string | null }) =>
  (await automaticSender(db, job)) ?? {
    email: '',
    firstName: '',
    lastName: '',
    position: null,
    calendarLink: null,
  };

/** The applications of a live job that had the Early Bird letter and not yet the Job Live one. */
async function jobLiveRecipients(db: TDb, jobId: string) {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.jobId, jobId),
        inArray(applications.status, [...RECEIVES.hiringNow]),
        exists(
          db
            .select({ id: applicationHistory.id })
            .from(applicationHistory)
            .where(letterRecorded('hiringSoon')),
        ),
        notExists(
          db
            .select({ id: applicationHistory.id })
            .from(applicationHistory)
            .where(letterRecorded('hiringNow')),
        ),
      ),
    )
    .orderBy(asc(applications.sentAt));
  return rows.map((r) => r.id);
}

/**
 * One letter to one application: checked and recorded in a transaction that holds the job row (so a job going
 * live waits for an Early Bird letter being recorded, and its Job Live run then sees it) and the application
 * row (so two runs cannot both send); mailed after the commit.
 */
async function sendOne(
  deps: TDeps,
  {
    jobId,
    kind,
    applicationId,
    setting,
  }: { jobId: string; kind: TJobLetterKind; applicationId: string; setting: TLetterSetting },
): Promise<'sent' | 'skipped' | 'failed'> {
  const recorded = await deps.db.transaction(async (tx) => {
    const [job] = await tx
      .select({ status: jobs.status, isHiringNow: jobs.isHiringNow })
      .from(jobs)
      .where(eq(jobs.id, jobId))
      .for('share');
    if (!job || !jobAllows(kind, job)) return null;
    const [application] = await tx
      .select()
      .from(applications)
      .where(and(eq(applications.id, applicationId), eq(applications.jobId, jobId)))
      .for('update');
    if (!application || !RECEIVES[kind].includes(application.status)) return null;
    const recordedOf = async (letter: TJobLetterKind) => {
      const [row] = await tx
        .select({ id: applicationHistory.id })
        .from(applicationHistory)
        .where(letterRecorded(letter, application.id))
        .limit(1);
      return row !== undefined;
    };
    if (await recordedOf(kind)) return null;
    if (kind === 'hiringNow' && !(await recordedOf('hiringSoon'))) return null;
    const letter = composeLetter(setting, { application, kind, text: letterFor(kind, setting.letters).text });
    const details: THistoryDetailsJson & { letterKind: TJobLetterKind } = {
      title: letter.subject,
      text: letter.text,
      letterKind: kind,
    };
    const event = await recordHistory(tx, {
      applicationId: application.id,
      actor: { id: null, name: ACTOR_ASSISTANT },
      eventName: 'message',
      details,
      isLetterSent: true,
    });
    return { message: letter.message, eventId: event.id };
  });
  if (!recorded) return 'skipped';
  const { replyTo, ...message } = recorded.message;
  try {
    await deps.mail.send(replyTo ? { ...message, replyTo } : message);
    return 'sent';
  } catch (err) {
    deps.log.error({ err, applicationId, kind }, 'job letter not sent');
    await deps.db.delete(applicationHistory).where(eq(applicationHistory.id, recorded.eventId));
    return 'failed';
  }
}

/** The 'job.letters' handler: sends what the rule asks for now; throws (to be retried) if a letter failed. */
export async function sendJobLetters(
  deps: TDeps,
  { jobId, kind, applicationId }: TJobPayloads['job.letters'],
) {
  const [job] = await deps.db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job || !jobAllows(kind, job)) return { sent: 0 };
  const recipients =
    kind === 'hiringSoon' ? (applicationId ? [applicationId] : []) : await jobLiveRecipients(deps.db, jobId);
  if (recipients.length === 0) return { sent: 0 };
  const setting = await loadLetterSetting(deps.db, {
    jobId,
    companyId: job.companyId,
    sender: await letterSender(deps.db, job),
  });
  let sent = 0;
  let failed = 0;
  for (const id of recipients) {
    const outcome = await sendOne(deps, { jobId, kind, applicationId: id, setting });
    if (outcome === 'sent') sent += 1;
    if (outcome === 'failed') failed += 1;
  }
  if (failed > 0) throw new Error(`${failed} ${kind} letters of job ${jobId} not sent`);
  return { sent };
}
