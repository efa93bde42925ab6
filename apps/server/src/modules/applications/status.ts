import { and, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { applicationHistory, applications, type THistoryDetailsJson } from '@hirecast/db/schema';
import {
  applicantMessages,
  canChangeStatus,
  STATUS_LABELS,
  STATUS_LETTER,
  type TApplicationStatus,
  type ZReengageRequest,
  type ZSendLetterRequest,
} from '@hirecast/domain/applicants';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import type { TAuthUser, TCompanyScope } from '../../plugins/auth.ts';
import { findJob } from '../jobs/index.ts';
import { findHistoryItem, presentHistory } from './history.ts';
import { recordHistory } from './record-history.ts';
import { composeLetter, loadLetterSetting, sendLetter } from './letters.ts';
import { assertCanAct, assertNotWithdrawn } from './policy.ts';
import { findApplication, isUuid, notFound, presentApplicants } from './service.ts';
import { recordEvent } from '../../lib/webhooks/outbox.ts';

type TTarget = { scope: TCompanyScope; user: TAuthUser; jobId: string; id: string };

/**
 * spec 2 §4: the server refuses what the status menu does not offer. The row is locked and checked again in
 * the transaction, so two people changing one applicant at once cannot both succeed from the same status.
 */
async function applyStatusChange(
  ctx: TContext,
  {
    scope,
    user,
    jobId,
    id,
    status,
    details,
    isLetterSent,
  }: TTarget & {
    status: TApplicationStatus;
    details?: THistoryDetailsJson;
    isLetterSent: boolean;
  },
) {
  return ctx.db.transaction(async (tx) => {
    const row = await findApplication(tx, { scope, jobId, id, lock: true });
    assertNotWithdrawn(row);
    if (!canChangeStatus(row.status as TApplicationStatus, status, scope.role))
      throw new AppError('VALIDATION', applicantMessages.statusNotAllowed, {
        status: applicantMessages.statusNotAllowed,
      });
    await tx.update(applications).set({ status, updatedAt: new Date() }).where(eq(applications.id, row.id));
    await recordEvent(tx, {
      type: 'application.status_changed',
      applicationId: row.id,
      previousStatus: row.status,
    });
    return recordHistory(tx, {
      applicationId: row.id,
      actor: user,
      eventName: 'statusChanged',
      details: { title: `Status changed to ${STATUS_LABELS[status]}`, ...details, status },
      isLetterSent,
    });
  });
}

async function presentOne(ctx: TContext, id: string) {
  const [applicant] = await presentApplicants(ctx, [id]);
  if (!applicant) throw notFound();
  return applicant;
}

/** spec 2 §7 PATCH /job/{jobId}/application/{id}/status: the status alone, no email. */
export async function changeStatus(ctx: TContext, input: TTarget & { status: TApplicationStatus }) {
  await findApplication(ctx.db, input);
  assertCanAct(input.scope);
  await applyStatusChange(ctx, { ...input, isLetterSent: false });
  return presentOne(ctx, input.id);
}

/**
 * spec 2 §7 PATCH .../send: the status change with its email (spec 2 §4 dialogs). The change and its history
 * are committed first, then the email goes; should the mail service fail, the answer is 502 MAIL_FAILED (the
 * status did change), the history says no letter was sent, and PATCH .../send/letter can send it later.
 */
export async function changeStatusWithLetter(
  ctx: TContext,
  input: TTarget & { body: z.output<typeof ZSendLetterRequest> },
) {
  const { scope, user, body } = input;
  const application = await findApplication(ctx.db, input);
  assertCanAct(scope);
  const setting = await loadLetterSetting(ctx.db, {
    jobId: application.jobId,
    companyId: scope.companyId,
    sender: user,
  });
  const letter = composeLetter(setting, {
    application,
    kind: STATUS_LETTER[body.status] ?? 'communication',
    text: body.text,
    subject: body.subject,
    includeCalendarLink: body.isIncludeCalendarLink,
  });
  const event = await applyStatusChange(ctx, {
    ...input,
    status: body.status,
    details: { title: letter.subject, text: letter.text },
    isLetterSent: true,
  });
  await sendOrRecordFailure(ctx, letter.message, event.id);
  return presentOne(ctx, application.id);
}

async function sendOrRecordFailure(
  ctx: TContext,
  message: Parameters<TContext['mail']['send']>[0],
  eventId: string,
) {
  try {
    await ctx.mail.send(message);
  } catch (err) {
    ctx.log.error({ err, eventId }, 'applicant letter not sent');
    await ctx.db
      .update(applicationHistory)
      .set({ isLetterSent: false })
      .where(eq(applicationHistory.id, eventId));
    throw new AppError('MAIL_FAILED', applicantMessages.letterNotSent);
  }
}

/**
 * spec 2 §7 PATCH .../send/letter {eventId, text}: the letter of an earlier event (a status changed without its
 * email), sent now without changing the status; recorded as a 'message'.
 */
export async function sendEventLetter(ctx: TContext, input: TTarget & { eventId: string; text: string }) {
  const { scope, user } = input;
  const application = await findApplication(ctx.db, input);
  assertCanAct(scope);
  const event = isUuid(input.eventId)
    ? await findHistoryItem(ctx.db, { applicationId: application.id, id: input.eventId })
    : null;
  if (!event) throw notFound();
  const status =
    event.eventName === 'statusChanged' ? (event.details.status as TApplicationStatus) : undefined;
  const sent = await sendLetter(ctx, {
    application,
    user,
    kind: (status && STATUS_LETTER[status]) ?? 'communication',
    text: input.text,
  });
  const row = await recordHistory(ctx.db, {
    applicationId: application.id,
    actor: user,
    eventName: 'message',
    details: { title: sent.subject, text: sent.text, eventId: event.id, ...(status && { status }) },
    isLetterSent: true,
  });
  return presentHistory(row);
}

/**
 * spec 2 §7 POST /job/{jobId}/application/send-reengaging: the re-engaging letter to each chosen applicant of
 * this job. Ids of other jobs or companies are ignored, and so are candidates who withdrew.
 */
export async function reengageApplicants(
  ctx: TContext,
  {
    scope,
    user,
    jobId,
    body,
  }: { scope: TCompanyScope; user: TAuthUser; jobId: string; body: z.output<typeof ZReengageRequest> },
) {
  const job = await findJob(ctx.db, scope, jobId);
  assertCanAct(scope);
  const ids = [...new Set(body.applicationIds.filter(isUuid))];
  if (ids.length === 0) return { sent: 0 };
  const chosen = await ctx.db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.jobId, job.id),
        eq(applications.companyId, scope.companyId),
        inArray(applications.id, ids),
        ne(applications.status, 'withdrawn'),
      ),
    );
  const setting = await loadLetterSetting(ctx.db, {
    jobId: job.id,
    companyId: scope.companyId,
    sender: user,
  });
  let sent = 0;
  for (const application of chosen) {
    const letter = composeLetter(setting, {
      application,
      kind: 'reengaging',
      text: body.text,
      subject: body.subject,
    });
    try {
      await ctx.mail.send(letter.message);
    } catch (err) {
      ctx.log.error({ err, applicationId: application.id }, 're-engaging letter not sent');
      continue;
    }
    await recordHistory(ctx.db, {
      applicationId: application.id,
      actor: user,
      eventName: 'message',
      details: { title: letter.subject, text: letter.text },
      isLetterSent: true,
    });
    sent += 1;
  }
  return { sent };
}
