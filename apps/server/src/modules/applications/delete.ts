import { arrayContains, eq, inArray, type SQL } from 'drizzle-orm';
import {
  applications,
  dataExports,
  interviewAnswers,
  interviewSessions,
  interviewTakes,
  privacyAuditEvents,
  videoAssets,
} from '@hirecast/db/schema';
import type { TContext } from '../../lib/context.ts';
import { legalHoldOf, type TLegalHold } from '../../lib/legal-hold.ts';
import { recordAudit } from '../../lib/privacy-audit.ts';
import { storedKeys } from '../assets/index.ts';
import { releaseApplicationUploads } from './candidate-uploads.ts';
import { recordEvent } from '../../lib/webhooks/outbox.ts';

export type TDeleteOutcome =
  | { outcome: 'deleted'; id: string }
  | { outcome: 'missing' }
  | { outcome: 'held'; id: string; companyId: string; hold: TLegalHold };

/**
 * Deletes the one application matching `where` with its video asset and its interview's recordings and answer
 * files, then its stored files. Shared by the employer's delete, the candidate's private link (public-apply) and
 * the erasure a candidate asked for while on hold (spec 2 §7). An application under legal hold is never deleted
 * (issue 33): 'held', and nothing changes. `audit` records the erasure in the same transaction, only when it
 * happens.
 */
export async function deleteApplicationWithFiles(
  ctx: Pick<TContext, 'db' | 'storage' | 'log'>,
  where: SQL,
  audit?: { actor: { id: string | null; name: string }; ip: string | null; requestedAt?: string },
): Promise<TDeleteOutcome> {
  const removed = await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: applications.id, companyId: applications.companyId })
      .from(applications)
      .where(where)
      .for('update');
    if (!found) return null;
    const hold = await legalHoldOf(tx, found.id);
    if (hold) return { kind: 'held' as const, held: { outcome: 'held' as const, ...found, hold } };
    if (audit)
      await recordAudit(tx, {
        companyId: found.companyId,
        applicationId: found.id,
        action: 'erasure',
        actor: audit.actor,
        ip: audit.ip,
        details: { mode: 'delete', ...(audit.requestedAt && { requestedAt: audit.requestedAt }) },
      });
    // Issue 25: the interview's recordings (company videos kept out of the library) and answer files go too.
    // Read from the interview tables directly: the interviews module depends on this one, not the reverse.
    const interviewMedia = await tx
      .select({ assetId: interviewTakes.videoAssetId, fileKey: interviewAnswers.fileKey })
      .from(interviewAnswers)
      .innerJoin(interviewSessions, eq(interviewSessions.id, interviewAnswers.sessionId))
      .leftJoin(interviewTakes, eq(interviewTakes.answerId, interviewAnswers.id))
      .where(eq(interviewSessions.applicationId, found.id));
    // Issue 33: every file the candidate uploaded (a replaced CV too).
    const uploadKeys = await releaseApplicationUploads(tx, found.id);
    // Issue 35: receivers are told, and the person leaves the webhook payloads and answers kept.
    await recordEvent(tx, { type: 'application.erased', applicationId: found.id });
    // Issue 26: the audit keeps its events and drops the person (before the row goes and its id with it).
    await tx
      .update(privacyAuditEvents)
      .set({ subjectName: null, subjectEmail: null })
      .where(eq(privacyAuditEvents.applicationId, found.id));
    const [application] = await tx
      .delete(applications)
      .where(eq(applications.id, found.id))
      .returning({ id: applications.id, cvKey: applications.cvKey, videoAssetId: applications.videoAssetId });
    if (!application) return null;
    // Prepared exports of the application hold its data too.
    const exports = await tx
      .delete(dataExports)
      .where(arrayContains(dataExports.applicationIds, [application.id]))
      .returning({ fileKey: dataExports.fileKey });
    const assetIds = [
      ...new Set([
        ...(application.videoAssetId ? [application.videoAssetId] : []),
        ...interviewMedia.flatMap((m) => (m.assetId ? [m.assetId] : [])),
      ]),
    ];
    const assets =
      assetIds.length > 0
        ? await tx.delete(videoAssets).where(inArray(videoAssets.id, assetIds)).returning()
        : [];
    const fileKeys = [...new Set(interviewMedia.flatMap((m) => (m.fileKey ? [m.fileKey] : [])))];
    return {
      kind: 'deleted' as const,
      id: application.id,
      cvKey: application.cvKey,
      assetKeys: [
        ...assets.flatMap(storedKeys),
        ...fileKeys,
        ...uploadKeys,
        ...exports.flatMap((e) => (e.fileKey ? [e.fileKey] : [])),
      ],
    };
  });
  if (!removed) return { outcome: 'missing' };
  if (removed.kind === 'held') return removed.held;
  // Files go after the rows (as assets/service.ts deleteAsset): a failed removal leaves an orphan file only.
  for (const key of [...(removed.cvKey ? [removed.cvKey] : []), ...removed.assetKeys]) {
    await ctx.storage
      .remove(key)
      .catch((err: unknown) => ctx.log.warn({ err, key }, 'candidate file not removed'));
  }
  return { outcome: 'deleted', id: removed.id };
}
