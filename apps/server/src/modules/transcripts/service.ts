import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { transcripts, videoAssets } from '@hirecast/db/schema';
import { assetMessages } from '@hirecast/domain/asset';
import { transcriptMessages, type TTranscriptionUsage } from '@hirecast/domain/transcript';
import { UUID } from '@hirecast/domain/uuid';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { JOB_OPTIONS } from '../../lib/queue/jobs.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';
import { assertCanChange } from '../assets/index.ts';
import { sendTranscriptJob } from './queue.ts';
import { toTranscript } from './serialize.ts';
import { answerSummariesOn } from './summaries.ts';
import { usedSecondsThisMonth } from './usage.ts';

/** Longer than a 'transcript.make' job may run (its expiry, lib/queue/jobs.ts): a transcript still queued or
 * running after this was left by a worker that died. */
const STALE_MS = (JOB_OPTIONS['transcript.make'].expireInSeconds + 10 * 60) * 1000;

/** The company's video asset, or 404 (another company's asset is never revealed). */
async function findOwnAsset(ctx: TContext, scope: TCompanyScope, assetId: string) {
  const notFound = new AppError('NOT_FOUND', assetMessages.notFound);
  if (!UUID.test(assetId)) throw notFound;
  const [asset] = await ctx.db
    .select({ id: videoAssets.id, ownerId: videoAssets.ownerId, status: videoAssets.status })
    .from(videoAssets)
    .where(and(eq(videoAssets.id, assetId), eq(videoAssets.companyId, scope.companyId)));
  if (!asset) throw notFound;
  return asset;
}

async function findTranscript(ctx: TContext, assetId: string) {
  const [row] = await ctx.db.select().from(transcripts).where(eq(transcripts.assetId, assetId));
  return row;
}

export async function getTranscript(ctx: TContext, scope: TCompanyScope, assetId: string) {
  await findOwnAsset(ctx, scope, assetId);
  const row = await findTranscript(ctx, assetId);
  if (!row) throw new AppError('NOT_FOUND', transcriptMessages.none);
  return toTranscript(row);
}

/**
 * "Try again": queues a failed transcript once more, or the first one of a video processed before an engine
 * was configured. One that is queued, running or done is left as it is (409).
 */
export async function retryTranscript(
  ctx: TContext,
  { scope, userId, assetId }: { scope: TCompanyScope; userId: string; assetId: string },
) {
  const asset = await findOwnAsset(ctx, scope, assetId);
  assertCanChange(scope, userId, asset.ownerId);
  if (!ctx.config.transcribe) throw new AppError('CONFLICT', transcriptMessages.noEngine);
  if (asset.status === 'new' || asset.status === 'in progress' || asset.status === 'error')
    throw new AppError('CONFLICT', transcriptMessages.notProcessed);
  const queued = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(transcripts)
      .values({ assetId, companyId: scope.companyId })
      .onConflictDoNothing({ target: transcripts.assetId })
      .returning();
    if (created) return created;
    // Compare-and-set: of two clicks, one queues it. A transcript left queued or running past its job's expiry
    // (its worker died on the last attempt) may be queued again too.
    const [again] = await tx
      .update(transcripts)
      .set({ status: 'queued', failureReason: null, finishedAt: null, updatedAt: new Date() })
      .where(
        and(
          eq(transcripts.assetId, assetId),
          or(
            eq(transcripts.status, 'failed'),
            and(
              inArray(transcripts.status, ['queued', 'running']),
              lt(transcripts.updatedAt, new Date(Date.now() - STALE_MS)),
            ),
          ),
        ),
      )
      .returning();
    return again;
  });
  if (!queued) {
    const row = await findTranscript(ctx, assetId);
    throw new AppError(
      'CONFLICT',
      row?.status === 'done' ? transcriptMessages.alreadyDone : transcriptMessages.inProgress,
    );
  }
  await sendTranscriptJob(ctx, { assetId, companyId: scope.companyId });
  return toTranscript(queued);
}

/** The company's transcription this month, for Settings. */
export async function transcriptionUsage(ctx: TContext, scope: TCompanyScope): Promise<TTranscriptionUsage> {
  const seconds = await usedSecondsThisMonth(ctx.db, { companyId: scope.companyId });
  const cap = ctx.config.transcribe?.monthlyMinutes ?? 0;
  return {
    engine: Boolean(ctx.config.transcribe),
    monthlyMinutes: cap > 0 ? cap : null,
    usedMinutes: Math.round(seconds / 6) / 10,
    month: new Date().toISOString().slice(0, 7),
    answerSummaries: await answerSummariesOn(ctx.db, scope.companyId),
    summariesAvailable: Boolean(ctx.ai.summarizeAnswer),
  };
}

/**
 * The application a video belongs to (its video introduction or one of its interview answers' takes), for the
 * privacy audit of a transcript's reads (issue 34 item 6); null for the company's own videos.
 */
export async function applicationOfAsset(ctx: Pick<TContext, 'db'>, scope: TCompanyScope, assetId: string) {
  const { rows } = await ctx.db.execute<{ id: string }>(sql`
    select id from applications where video_asset_id = ${assetId} and company_id = ${scope.companyId}
    union all
    select s.application_id from interview_takes tk
    join interview_answers a on a.id = tk.answer_id
    join interview_sessions s on s.id = a.session_id
    where tk.video_asset_id = ${assetId} and tk.company_id = ${scope.companyId}
    limit 1`);
  return rows[0]?.id ?? null;
}
