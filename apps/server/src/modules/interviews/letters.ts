import { and, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { applicationHistory, applications, interviewSessions, jobs } from '@hirecast/db/schema';
import type { TLetterKind } from '@hirecast/domain/applicants';
import { INTERVIEW_LIMITS } from '@hirecast/domain/interview';
import { fillLetter, letterFor } from '@hirecast/domain/letters';
import type { TContext, TMailMessage } from '../../lib/context.ts';
import { renderEmail } from '../../lib/email-layout.ts';
import type { TQueue } from '../../lib/queue/queue.ts';
import {
  automaticSender,
  letterValues,
  loadLetterSetting,
  type TLetterSender,
  type TLetterSetting,
} from '../applications/index.ts';
import type { TApplicationRow } from '../applications/index.ts';
import { formatDeadline, recordInterviewEvent } from './history.ts';
import { sessionLink } from './sessions.ts';

// Issue 25 item 2: the invitation letter (Settings › Texts, kind interviewInvitation) and the reminder two days
// before the deadline (kind interviewReminder), both with the usual placeholders; the private link is the
// letter's button and the deadline its last line.

export const START_LABEL = 'Start your interview';
export const REMINDER_SCHEDULE = '*/15 * * * *';

export function composeInterviewLetter(
  setting: TLetterSetting,
  {
    application,
    kind,
    link,
    deadline,
    text,
    subject,
  }: {
    application: TApplicationRow;
    kind: Extract<TLetterKind, 'interviewInvitation' | 'interviewReminder'>;
    link: string;
    deadline: Date | null;
    text?: string;
    subject?: string;
  },
): { message: TMailMessage; subject: string; text: string } {
  const values = letterValues(setting, application);
  const plain = (value: string) => fillLetter(value, values, { html: false });
  const letter = letterFor(kind, setting.letters);
  const filledSubject = plain(subject || letter.subject).replace(/\s+/g, ' ');
  const body = plain(text || letter.text)
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const closing = deadline ? `Please complete your interview by ${formatDeadline(deadline)}.` : null;
  const paragraphs = [...body.split('\n'), ...(closing ? ['', closing] : [])];
  const rendered = renderEmail({
    heading: filledSubject,
    paragraphs,
    action: { label: START_LABEL, url: link },
  });
  return {
    message: {
      to: application.email,
      // Issue 33: the letter belongs to its application (exported with it, erased with it).
      applicationId: application.id,
      subject: filledSubject,
      text: rendered.text,
      html: rendered.html,
      replyTo: setting.sender.email || undefined,
    },
    subject: filledSubject,
    // The history keeps the letter without the link (the link is a key).
    text: closing ? `${body}\n\n${closing}` : body,
  };
}

const UNSIGNED: TLetterSender = {
  email: '',
  firstName: '',
  lastName: '',
  position: null,
  calendarLink: null,
};

/**
 * The 'interview.reminders' job: every open session whose deadline is at most 48 hours away (and that was
 * given more than 48 hours) gets one reminder. The reminder is claimed (reminderSentAt) and recorded in one
 * transaction, then mailed; a failed email gives the claim back, so a retry sends exactly what is missing.
 */
export async function sendInterviewReminders(
  deps: Pick<TContext, 'db' | 'mail' | 'log' | 'config'>,
  now: Date = new Date(),
) {
  const before = INTERVIEW_LIMITS.reminderBeforeHours * 3600_000;
  const due = await deps.db
    .select({ id: interviewSessions.id })
    .from(interviewSessions)
    .innerJoin(applications, eq(applications.id, interviewSessions.applicationId))
    .where(
      and(
        isNull(interviewSessions.completedAt),
        isNull(interviewSessions.reminderSentAt),
        isNotNull(interviewSessions.deadline),
        gt(interviewSessions.deadline, now),
        lte(interviewSessions.deadline, new Date(now.getTime() + before)),
        sql`${interviewSessions.invitedAt} < ${interviewSessions.deadline} - interval '48 hours'`,
        sql`${applications.status} <> 'withdrawn'`,
      ),
    );
  let sent = 0;
  let failed = 0;
  for (const { id } of due) {
    const outcome = await remindOne(deps, id, now);
    if (outcome === 'sent') sent += 1;
    if (outcome === 'failed') failed += 1;
  }
  if (failed > 0) throw new Error(`${failed} interview reminders not sent`);
  return { sent };
}

async function remindOne(
  deps: Pick<TContext, 'db' | 'mail' | 'log' | 'config'>,
  sessionId: string,
  now: Date,
) {
  const claimed = await deps.db.transaction(async (tx) => {
    const [session] = await tx
      .update(interviewSessions)
      .set({ reminderSentAt: now })
      .where(
        and(
          eq(interviewSessions.id, sessionId),
          isNull(interviewSessions.reminderSentAt),
          isNull(interviewSessions.completedAt),
        ),
      )
      .returning();
    if (!session) return null;
    const [application] = await tx
      .select()
      .from(applications)
      .where(eq(applications.id, session.applicationId));
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, session.jobId));
    if (!application || !job) return null;
    const sender = (await automaticSender(deps.db, job)) ?? UNSIGNED;
    const setting = await loadLetterSetting(deps.db, { jobId: job.id, companyId: job.companyId, sender });
    const letter = composeInterviewLetter(setting, {
      application,
      kind: 'interviewReminder',
      link: sessionLink(deps.config, session),
      deadline: session.deadline,
    });
    const event = await recordInterviewEvent(tx, {
      applicationId: application.id,
      actor: 'assistant',
      title: 'Interview reminder sent',
      text: letter.text,
      isLetterSent: true,
    });
    return { letter, eventId: event.id, session };
  });
  if (!claimed) return 'skipped' as const;
  try {
    const { replyTo, ...message } = claimed.letter.message;
    await deps.mail.send(replyTo ? { ...message, replyTo } : message);
    return 'sent' as const;
  } catch (err) {
    deps.log.error({ err, sessionId }, 'interview reminder not sent');
    await deps.db.transaction(async (tx) => {
      await tx
        .update(interviewSessions)
        .set({ reminderSentAt: null })
        .where(eq(interviewSessions.id, sessionId));
      await tx.delete(applicationHistory).where(eq(applicationHistory.id, claimed.eventId));
    });
    return 'failed' as const;
  }
}

/** Registers the 'interview.reminders' worker and its schedule (every 15 minutes). */
export async function registerInterviewJobs(
  queue: TQueue,
  deps: Pick<TContext, 'db' | 'mail' | 'log' | 'config'>,
) {
  await queue.work('interview.reminders', () => sendInterviewReminders(deps));
  await queue.schedule('interview.reminders', REMINDER_SCHEDULE, {}, { key: 'interview-reminders' });
}
