import { and, desc, eq } from 'drizzle-orm';
import { applicationHistory } from '@hirecast/db/schema';
import type { TDb } from '@hirecast/db/client';
import { APPLICATION_STATUSES, type THistoryItem } from '@hirecast/domain/applicants';
import type { TContext } from '../../lib/context.ts';
import type { TAuthUser, TCompanyScope } from '../../plugins/auth.ts';
import { assertCanAct } from './policy.ts';
import { findApplication } from './service.ts';
import { sendLetter } from './letters.ts';
import { recordHistory, type THistoryEventName, type THistoryRow } from './record-history.ts';

const isStatus = (value: unknown): value is (typeof APPLICATION_STATUSES)[number] =>
  (APPLICATION_STATUSES as readonly unknown[]).includes(value);

export function presentHistory(row: THistoryRow): THistoryItem {
  const { title, text, status } = row.details;
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    changedBy: row.actorName,
    event: {
      eventName: row.eventName as THistoryEventName,
      details: {
        ...(title !== undefined && { title }),
        ...(text !== undefined && { text }),
        ...(isStatus(status) && { status }),
      },
      isLetterSent: row.isLetterSent,
    },
  };
}

/** spec 2 §7 GET /history/application/{id}: newest first, to any role of the company. */
export async function listHistory(
  ctx: Pick<TContext, 'db'>,
  { scope, applicationId }: { scope: TCompanyScope; applicationId: string },
) {
  const application = await findApplication(ctx.db, { scope, id: applicationId });
  const rows = await ctx.db
    .select()
    .from(applicationHistory)
    .where(eq(applicationHistory.applicationId, application.id))
    .orderBy(desc(applicationHistory.createdAt), desc(applicationHistory.id));
  return rows.map(presentHistory);
}

/** One history item of the application, or null (PATCH .../send/letter names the event it answers). */
export async function findHistoryItem(db: TDb, { applicationId, id }: { applicationId: string; id: string }) {
  const [row] = await db
    .select()
    .from(applicationHistory)
    .where(and(eq(applicationHistory.applicationId, applicationId), eq(applicationHistory.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * spec 2 §7 POST /history/application/{id}/communication: a reply to the candidate through the mail service
 * (Reply-To the sender, so the candidate's answer reaches them), recorded as 'communication'.
 */
export async function replyToCandidate(
  ctx: TContext,
  {
    scope,
    user,
    applicationId,
    text,
  }: { scope: TCompanyScope; user: TAuthUser; applicationId: string; text: string },
) {
  const application = await findApplication(ctx.db, { scope, id: applicationId });
  assertCanAct(scope);
  const sent = await sendLetter(ctx, { application, user, kind: 'communication', text });
  const row = await recordHistory(ctx.db, {
    applicationId: application.id,
    actor: user,
    eventName: 'communication',
    details: { title: sent.subject, text: sent.text },
    isLetterSent: true,
  });
  return presentHistory(row);
}
