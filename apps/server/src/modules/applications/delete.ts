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
import { storedKeys } from '../assets/index.ts';

/**
 * Deletes the one application matching `where` with its video asset and its interview's recordings and answer
 * files, then its stored files; false when none matched. Shared by the employer's delete and the candidate's
 * private link (public-apply) (spec 2 §7).
 */
export async function deleteApplicationWithFiles(ctx: TContext, where: SQL): Promise<boolean> {
  const removed = await ctx.db.transaction(async (tx) => {
    const [found] = await tx.select({ id: applications.id }).from(applications).where(where).for('update');
    if (!found) return null;
    // Issue 25: the interview's recordings (company videos kept out of the library) and answer files go too.
    // Read from the interview tables directly: the interviews module depends on this one, not the reverse.
    const interviewMedia = await tx
      .select({ assetId: interviewTakes.videoAssetId, fileKey: interviewAnswers.fileKey })
      .from(interviewAnswers)
      .innerJoin(interviewSessions, eq(interviewSessions.id, interviewAnswers.sessionId))
      .leftJoin(interviewTakes, eq(interviewTakes.answerId, interviewAnswers.id))
      .where(eq(interviewSessions.applicationId, found.id));
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
      cvKey: application.cvKey,
      assetKeys: [
        ...assets.flatMap(storedKeys),
        ...fileKeys,
        ...exports.flatMap((e) => (e.fileKey ? [e.fileKey] : [])),
      ],
    };
  });
  if (!removed) return false;
  // Files go after the rows (as assets/service.ts deleteAsset): a failed removal leaves an orphan file only.
  for (const key of [...(removed.cvKey ? [removed.cvKey] : []), ...removed.assetKeys]) {
    await ctx.storage
      .remove(key)
      .catch((err: unknown) => ctx.log.warn({ err, key }, 'candidate file not removed'));
  }
  return true;
}
