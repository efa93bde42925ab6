import { eq, sql } from 'drizzle-orm';
import { transcripts, videoAssets } from '@hirecast/db/schema';
import type { TContext } from '../../lib/context.ts';
import { fairTranscriptPriority } from './fairness.ts';

type TQueueCtx = Pick<TContext, 'db' | 'queue' | 'config'>;

/** Sends the job that makes `assetId`'s transcript, with the company's place in line. */
export async function sendTranscriptJob(ctx: TQueueCtx, asset: { assetId: string; companyId: string }) {
  const priority = await fairTranscriptPriority(ctx.db, asset);
  await ctx.queue.send('transcript.make', { assetId: asset.assetId }, priority ? { priority } : undefined);
}

/**
 * After a video is processed (composition/job-handlers.ts): queues its transcript, once. Without a
 * transcription engine nothing is queued. `language`: a hint for the engine (an ISO 639-1 code) when known.
 * True when a transcript was queued now.
 */
export async function requestTranscription(
  ctx: TQueueCtx,
  assetId: string,
  { language }: { language?: string } = {},
): Promise<boolean> {
  if (!ctx.config.transcribe) return false;
  const [asset] = await ctx.db
    .select({ companyId: videoAssets.companyId })
    .from(videoAssets)
    .where(eq(videoAssets.id, assetId));
  if (!asset) return false;
  const hint = language ?? (await jobLanguageOf(ctx, assetId));
  // One transcript per video: a video job run again (a worker that died after the video was made) queues none.
  const inserted = await ctx.db
    .insert(transcripts)
    .values({ assetId, companyId: asset.companyId, language: hint })
    .onConflictDoNothing({ target: transcripts.assetId })
    .returning({ id: transcripts.id });
  if (inserted.length === 0) return false;
  await sendTranscriptJob(ctx, { assetId, companyId: asset.companyId });
  return true;
}

/**
 * The language of the job a candidate's video answers (its video introduction or an interview answer's take),
 * the engine's hint (issue 34); null for other videos or a job that does not say.
 */
export async function jobLanguageOf(ctx: Pick<TQueueCtx, 'db'>, assetId: string): Promise<string | null> {
  const { rows } = await ctx.db.execute<{ language: string | null }>(sql`
    select j.language from applications ap join jobs j on j.id = ap.job_id where ap.video_asset_id = ${assetId}
    union all
    select j.language from interview_takes tk
    join interview_answers a on a.id = tk.answer_id
    join interview_sessions s on s.id = a.session_id
    join jobs j on j.id = s.job_id
    where tk.video_asset_id = ${assetId}
    limit 1`);
  return rows[0]?.language ?? null;
}
