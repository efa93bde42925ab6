import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { applications, candidateUploads, interviewAnswers, videoAssets } from '@hirecast/db/schema';
import type { TDb, TTx } from '@hirecast/db/client';
import type { TContext } from '../../lib/context.ts';
import type { TQueue } from '../../lib/queue/queue.ts';

// Issue 33 item 4: every file a candidate uploads belongs to their application. A signed upload URL records its
// key (candidate_uploads); sending the application claims the keys its visitor session uploaded for the job (the
// CV sent, and a CV picked and replaced before sending); an interview's file answers belong to the application
// at once. Erasure (applications/delete.ts, the privacy contributor) removes every key of the application; the
// sweep removes what no application holds a day after its upload.

type TDbOrTx = TDb | TTx;

/** How long an upload may wait for its application before the sweep removes it. */
export const UNATTACHED_UPLOAD_HOURS = 24;
/** The sweep runs hourly (pg-boss schedule), at minute 40. */
export const UPLOAD_SWEEP_SCHEDULE = '40 * * * *';

/** Records a key handed out in a signed upload URL. */
export async function recordCandidateUpload(
  db: TDbOrTx,
  input: {
    key: string;
    companyId: string;
    jobId?: string | null;
    applySession?: string | null;
    applicationId?: string | null;
  },
) {
  await db
    .insert(candidateUploads)
    .values({
      key: input.key,
      companyId: input.companyId,
      jobId: input.jobId ?? null,
      applySession: input.applySession ?? null,
      applicationId: input.applicationId ?? null,
    })
    .onConflictDoNothing();
}

/**
 * Gives a new application the uploads it sent (`keys`) and every other upload of its visitor session for the
 * job that nothing holds yet (a CV replaced before sending). Inside the application's transaction.
 */
export async function claimApplyUploads(
  tx: TTx,
  input: { applicationId: string; companyId: string; jobId: string; session: string | null; keys: string[] },
) {
  const sent = input.keys.length > 0 ? inArray(candidateUploads.key, input.keys) : undefined;
  const sameSession = input.session
    ? and(eq(candidateUploads.jobId, input.jobId), eq(candidateUploads.applySession, input.session))
    : undefined;
  const which = sent && sameSession ? or(sent, sameSession) : (sent ?? sameSession);
  if (!which) return;
  await tx
    .update(candidateUploads)
    .set({ applicationId: input.applicationId })
    .where(
      and(eq(candidateUploads.companyId, input.companyId), isNull(candidateUploads.applicationId), which),
    );
}

/** Every uploaded file of the application (for its export and its erasure). */
export async function applicationUploadKeys(db: TDbOrTx, applicationId: string): Promise<string[]> {
  const rows = await db
    .select({ key: candidateUploads.key })
    .from(candidateUploads)
    .where(eq(candidateUploads.applicationId, applicationId));
  return rows.map((r) => r.key);
}

/** Removes the application's upload records; answers their keys, to remove from storage after the commit. */
export async function releaseApplicationUploads(tx: TTx, applicationId: string): Promise<string[]> {
  const rows = await tx
    .delete(candidateUploads)
    .where(eq(candidateUploads.applicationId, applicationId))
    .returning({ key: candidateUploads.key });
  return rows.map((r) => r.key);
}

/** Whether something still uses the key (a CV, a video, an answer file): then the sweep leaves the file. */
async function heldKeys(db: TDbOrTx, keys: string[]) {
  if (keys.length === 0) return new Set<string>();
  const [cvs, videos, files] = await Promise.all([
    db.select({ key: applications.cvKey }).from(applications).where(inArray(applications.cvKey, keys)),
    db
      .select({ key: videoAssets.originalKey })
      .from(videoAssets)
      .where(inArray(videoAssets.originalKey, keys)),
    db
      .select({ key: interviewAnswers.fileKey })
      .from(interviewAnswers)
      .where(inArray(interviewAnswers.fileKey, keys)),
  ]);
  return new Set([...cvs, ...videos, ...files].flatMap((r) => (r.key ? [r.key] : [])));
}

/** The sweep: files no application holds a day after their upload leave storage, with their records. */
export async function sweepUnattachedUploads(
  ctx: Pick<TContext, 'db' | 'storage' | 'log'>,
  now = new Date(),
): Promise<{ removed: number }> {
  const before = new Date(now.getTime() - UNATTACHED_UPLOAD_HOURS * 3600_000);
  let removed = 0;
  for (;;) {
    const batch = await ctx.db
      .select({ key: candidateUploads.key })
      .from(candidateUploads)
      .where(and(isNull(candidateUploads.applicationId), lt(candidateUploads.createdAt, before)))
      .limit(500);
    if (batch.length === 0) break;
    const keys = batch.map((b) => b.key);
    const held = await heldKeys(ctx.db, keys);
    for (const key of keys) {
      if (held.has(key)) continue;
      await ctx.storage.remove(key).catch((err: unknown) => ctx.log.warn({ err, key }, 'upload not removed'));
      removed += 1;
    }
    await ctx.db.delete(candidateUploads).where(inArray(candidateUploads.key, keys));
  }
  if (removed > 0) ctx.log.info({ removed }, 'unattached candidate uploads removed');
  return { removed };
}

export async function registerUploadSweep(queue: TQueue, ctx: Pick<TContext, 'db' | 'storage' | 'log'>) {
  await queue.work('uploads.sweep', async () => void (await sweepUnattachedUploads(ctx)));
  await queue.schedule('uploads.sweep', UPLOAD_SWEEP_SCHEDULE, {}, { key: 'uploads-sweep', tz: 'UTC' });
}
