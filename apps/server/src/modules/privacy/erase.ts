import { and, eq } from 'drizzle-orm';
import { applicationRetention, applications, privacyAuditEvents } from '@hirecast/db/schema';
import type { TRetentionAction } from '@hirecast/domain/privacy';
import type { TContext } from '../../lib/context.ts';
import { legalHoldOf } from '../../lib/legal-hold.ts';
import { recordAudit } from '../../lib/privacy-audit.ts';
import { registeredContributors, type TCandidateDataContributor } from './contributors.ts';
import { CORE_CONTRIBUTORS } from './core-data.ts';
import { recordEvent } from '../../lib/webhooks/outbox.ts';

export const allContributors = (): TCandidateDataContributor[] => [
  ...CORE_CONTRIBUTORS,
  ...registeredContributors(),
];

export type TEraseOutcome = 'erased' | 'held' | 'missing' | 'already';

/**
 * Anonymises or deletes one application of `companyId` (decision 029): every contributor erases its part in one
 * transaction, the audit keeps its events without the person, and the stored files go once it commits (a failed
 * removal leaves an orphan file, logged, never a half-erased candidate). An application on legal hold is kept.
 */
export async function eraseApplication(
  ctx: Pick<TContext, 'db' | 'storage' | 'log'>,
  input: {
    companyId: string;
    applicationId: string;
    mode: TRetentionAction;
    actor: { id: string | null; name: string };
    ip: string | null;
    now?: Date;
  },
): Promise<TEraseOutcome> {
  const now = input.now ?? new Date();
  const result = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ a: applications, r: applicationRetention })
      .from(applications)
      .leftJoin(applicationRetention, eq(applicationRetention.applicationId, applications.id))
      .where(and(eq(applications.id, input.applicationId), eq(applications.companyId, input.companyId)))
      .for('update', { of: applications })
      .limit(1);
    if (!row) return { outcome: 'missing' as const, keys: [] };
    if (await legalHoldOf(tx, row.a.id)) return { outcome: 'held' as const, keys: [] };
    if (row.r?.anonymisedAt && input.mode === 'anonymise') return { outcome: 'already' as const, keys: [] };
    const a = row.a;
    await recordAudit(tx, {
      companyId: input.companyId,
      applicationId: a.id,
      action: 'erasure',
      actor: input.actor,
      ip: input.ip,
      details: { mode: input.mode },
    });
    // Issue 35: receivers are told, and the person leaves the webhook payloads and answers kept.
    await recordEvent(tx, { type: 'application.erased', applicationId: a.id });
    // The events stay; the person goes.
    await tx
      .update(privacyAuditEvents)
      .set({ subjectName: null, subjectEmail: null })
      .where(eq(privacyAuditEvents.applicationId, a.id));
    const mentions = [a.firstName, a.lastName, `${a.firstName} ${a.lastName}`, a.email];
    const keys: string[] = [];
    for (const contributor of allContributors())
      keys.push(...(await contributor.erase(tx, { application: a, mode: input.mode, mentions })));
    if (input.mode === 'delete') await tx.delete(applications).where(eq(applications.id, a.id));
    else
      await tx
        .insert(applicationRetention)
        .values({ applicationId: a.id, anonymisedAt: now })
        .onConflictDoUpdate({
          target: applicationRetention.applicationId,
          set: { anonymisedAt: now, keepTokenHash: null, warnedAt: null },
        });
    return { outcome: 'erased' as const, keys };
  });
  for (const key of new Set(result.keys))
    await ctx.storage
      .remove(key)
      .catch((err: unknown) => ctx.log.warn({ err, key }, 'candidate file not removed'));
  return result.outcome;
}
