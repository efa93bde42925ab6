import { eq, type SQL } from 'drizzle-orm';
import { applications, videoAssets } from '@hirecast/db/schema';
import type { TContext } from '../../lib/context.ts';
import { storedKeys } from '../assets/index.ts';

/**
 * Deletes the one application matching `where` with its video asset, then its stored files; false when none
 * matched. Shared by the employer's delete and the candidate's private link (public-apply) (spec 2 §7).
 */
export async function deleteApplicationWithFiles(ctx: TContext, where: SQL): Promise<boolean> {
  const removed = await ctx.db.transaction(async (tx) => {
    const [application] = await tx
      .delete(applications)
      .where(where)
      .returning({ cvKey: applications.cvKey, videoAssetId: applications.videoAssetId });
    if (!application) return null;
    const [asset] = application.videoAssetId
      ? await tx.delete(videoAssets).where(eq(videoAssets.id, application.videoAssetId)).returning()
      : [];
    return { cvKey: application.cvKey, assetKeys: asset ? storedKeys(asset) : [] };
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
