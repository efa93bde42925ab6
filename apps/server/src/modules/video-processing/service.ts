import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '@hirecast/db/client';
import { videoAssets, type TVideoAssetDataColumn } from '@hirecast/db/schema';
import { POSTER_WIDTHS, thumbnailTimes } from '@hirecast/domain/video-rules';
import type { TStorage } from '../../lib/context.ts';
import type { TJobContext } from '../../lib/queue/queue.ts';
import type { TVideoTools } from '../../lib/video/ffmpeg.ts';
import { extractFrame, makePosters } from '../../lib/video/frames.ts';
import { InvalidVideoError, probeVideo, type TProbe } from '../../lib/video/probe.ts';
import { transcodeMp4 } from '../../lib/video/transcode.ts';
import { allOutputKeys, outputKeys } from './outputs.ts';

export type TVideoProcessingDeps = {
  db: TDb;
  storage: TStorage;
  log: FastifyBaseLogger;
  /** Resolved lazily so that a machine without ffmpeg still starts; the job then fails with the reason. */
  tools: () => TVideoTools;
};
export type TVideoStep = 'probe' | '480p' | 'thumbnails' | '720p';
/** Test seam: runs after each step has been saved (a test throws here to simulate a worker dying). */
export type TVideoHooks = { afterStep?: (step: TVideoStep, job: TJobContext) => void | Promise<void> };
export type TVideoResult =
  | { outcome: 'missing' | 'skipped' }
  | { outcome: 'done'; becamePlayable: boolean; steps: TVideoStep[] }
  | { outcome: 'failed'; reason: string };

type TAsset = typeof videoAssets.$inferSelect;

const isComplete = (a: TAsset) =>
  Boolean(a.data.videoMp4Url && a.data.videoMp4Url_720p && a.thumbnails.length > 0 && a.data.image640);

// docs/decisions/010-queue-and-video.md: new → in progress (claimed) → prepared (480p saved: playable) →
// the 720p, thumbnails and posters fill in. Every step saves its output and is skipped when it is already
// saved, so a retried job resumes where the dead one stopped, and a re-run of a finished job changes nothing.
export async function processVideoAsset(
  deps: TVideoProcessingDeps,
  input: { assetId: string; job: TJobContext; hooks?: TVideoHooks },
): Promise<TVideoResult> {
  const { db, storage, log } = deps;
  const { assetId, job, hooks } = input;
  const load = async () => (await db.select().from(videoAssets).where(eq(videoAssets.id, assetId)))[0];
  let asset = await load();
  if (!asset) return { outcome: 'missing' };
  if (asset.status === 'error' || isComplete(asset)) return { outcome: 'skipped' };

  await db
    .update(videoAssets)
    .set({ status: 'in progress', statusReason: null, updatedAt: new Date() })
    .where(and(eq(videoAssets.id, assetId), eq(videoAssets.status, 'new')));
  asset = (await load())!;

  const keys = outputKeys(asset);
  const owner = asset;
  // The asset can be deleted while it is processed (a candidate deletes their data, an employer deletes the
  // video): the deletion removes the files saved so far, and the job, which checks after each step, removes
  // what it wrote since and stops.
  const deletedMeanwhile = async () => {
    if (await load()) return false;
    for (const key of allOutputKeys(owner)) await storage.remove(key).catch(() => undefined);
    log.info({ assetId }, 'video deleted while processing; its renditions were removed');
    return true;
  };
  const steps: TVideoStep[] = [];
  let becamePlayable = false;
  const dir = await mkdtemp(join(tmpdir(), 'hirecast-video-'));
  try {
    if (!asset.originalKey) throw new InvalidVideoError('The asset has no uploaded file');
    // Streamed to disk: an original of up to 500 MB (spec 3 §9) never sits in the worker's memory.
    const source = join(dir, 'original');
    if (!(await storage.download(asset.originalKey, source)))
      throw new InvalidVideoError('The uploaded file is missing from storage');
    const tools = deps.tools();

    const probe = await probeVideo(tools, source, job.signal);
    await db
      .update(videoAssets)
      .set({
        width: probe.width,
        height: probe.height,
        duration: Math.round(probe.duration * 1000) / 1000,
        dimension: probe.dimension,
        updatedAt: new Date(),
      })
      .where(eq(videoAssets.id, assetId));
    steps.push('probe');
    await hooks?.afterStep?.('probe', job);
    if (await deletedMeanwhile()) return { outcome: 'missing' };

    if (!asset.data.videoMp4Url) {
      const key = await renderMp4({ deps, tools, source, dir, probe, height: 480, key: keys.mp4(480), job });
      becamePlayable = await db.transaction(async (tx) => {
        await mergeData(tx, assetId, { videoMp4Url: key });
        // Compare-and-set: only the one job that moves it out of 'in progress' makes it playable.
        const moved = await tx
          .update(videoAssets)
          .set({ status: 'prepared', updatedAt: new Date() })
          .where(and(eq(videoAssets.id, assetId), eq(videoAssets.status, 'in progress')))
          .returning({ id: videoAssets.id });
        return moved.length === 1;
      });
      steps.push('480p');
      await hooks?.afterStep?.('480p', job);
      if (await deletedMeanwhile()) return { outcome: 'missing' };
    }

    if (asset.thumbnails.length === 0 || !asset.data.image640) {
      const thumbnails: string[] = [];
      let first: Uint8Array | undefined;
      for (const [i, time] of thumbnailTimes(probe.duration).entries()) {
        const file = join(dir, `thumb${i}.jpg`);
        await extractFrame(tools.ffmpeg, { source, output: file, time, probe }, job.signal);
        first ??= new Uint8Array(await readFile(file));
        await storage.putFile({ key: keys.thumbnail(i), file, contentType: 'image/jpeg' });
        thumbnails.push(keys.thumbnail(i));
      }
      if (!first) throw new InvalidVideoError('No frame could be taken from the video');
      const posters = await makePosters(first, POSTER_WIDTHS);
      for (const p of posters)
        await storage.put({ key: keys.poster(p.width), body: p.body, contentType: 'image/webp' });
      await db.transaction(async (tx) => {
        await mergeData(tx, assetId, {
          thumbnailUrl: asset!.data.thumbnailUrl ?? thumbnails[0],
          image400: keys.poster(400),
          image640: keys.poster(640),
        });
        await tx.update(videoAssets).set({ thumbnails }).where(eq(videoAssets.id, assetId));
      });
      steps.push('thumbnails');
      await hooks?.afterStep?.('thumbnails', job);
      if (await deletedMeanwhile()) return { outcome: 'missing' };
    }

    if (!asset.data.videoMp4Url_720p) {
      const key = await renderMp4({ deps, tools, source, dir, probe, height: 720, key: keys.mp4(720), job });
      await mergeData(db, assetId, { videoMp4Url_720p: key });
      steps.push('720p');
      await hooks?.afterStep?.('720p', job);
      if (await deletedMeanwhile()) return { outcome: 'missing' };
    }
    log.info({ assetId, steps, attempt: job.attempt }, 'video processed');
    return { outcome: 'done', becamePlayable, steps };
  } catch (err) {
    if (await deletedMeanwhile()) return { outcome: 'missing' };
    const permanent = err instanceof InvalidVideoError;
    const reason = err instanceof Error ? err.message : String(err);
    if (!permanent && !job.isLastAttempt) {
      log.warn({ err, assetId, attempt: job.attempt }, 'video processing failed; it will be retried');
      throw err;
    }
    log.warn({ err, assetId, attempt: job.attempt }, 'video processing failed');
    await markFailed(db, assetId, reason.slice(0, 500));
    if (permanent) return { outcome: 'failed', reason };
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function renderMp4(input: {
  deps: TVideoProcessingDeps;
  tools: TVideoTools;
  source: string;
  dir: string;
  probe: TProbe;
  height: number;
  key: string;
  job: TJobContext;
}) {
  const output = join(input.dir, `${input.height}p.mp4`);
  await transcodeMp4(
    input.tools.ffmpeg,
    {
      source: input.source,
      output,
      probe: input.probe,
      height: input.height,
      preset: input.tools.preset,
    },
    input.job.signal,
  );
  await input.deps.storage.putFile({ key: input.key, file: output, contentType: 'video/mp4' });
  await rm(output, { force: true });
  return input.key;
}

type TWriter = Pick<TDb, 'update'>;

async function mergeData(db: TWriter, assetId: string, patch: TVideoAssetDataColumn) {
  await db
    .update(videoAssets)
    .set({ data: sql`${videoAssets.data} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
    .where(eq(videoAssets.id, assetId));
}

// A video that already plays (480p saved) stays playable: only the reason is kept. Otherwise → 'error'.
async function markFailed(db: TDb, assetId: string, reason: string) {
  await db
    .update(videoAssets)
    .set({
      status: sql`case when ${videoAssets.data} ->> 'videoMp4Url' is null then 'error' else ${videoAssets.status} end`,
      statusReason: reason,
      updatedAt: new Date(),
    })
    .where(eq(videoAssets.id, assetId));
}
