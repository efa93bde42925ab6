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
import { VideoToolError, type TVideoTools } from '../../lib/video/ffmpeg.ts';
import { extractFrame, extractFrames, makePosters } from '../../lib/video/frames.ts';
import { InvalidVideoError, probeVideo, type TProbe } from '../../lib/video/probe.ts';
import { playablePath, remuxMp4 } from '../../lib/video/remux.ts';
import { transcodeMp4 } from '../../lib/video/transcode.ts';
import { allOutputKeys, outputKeys } from './outputs.ts';

export type TVideoProcessingDeps = {
  db: TDb;
  storage: TStorage;
  log: FastifyBaseLogger;
  /** Resolved lazily so that a machine without ffmpeg still starts; the job then fails with the reason. */
  tools: () => TVideoTools;
};
/** 'poster': the first thumbnail and the two posters made from it; 'thumbnails': the other thumbnails. */
export type TVideoStep = 'probe' | 'remux' | '480p' | 'poster' | 'thumbnails' | '720p';
export type TVideoHooks = {
  /** Test seam: runs after each step has been saved (a test throws here to simulate a worker dying). */
  afterStep?: (step: TVideoStep, job: TJobContext) => void | Promise<void>;
  /** Test seam: told the pid of each ffmpeg and ffprobe the job starts, once its priority is set. */
  onToolSpawn?: (pid: number, tool: string) => void;
};
export type TVideoResult =
  | { outcome: 'missing' | 'skipped' }
  | {
      outcome: 'done';
      becamePlayable: boolean;
      steps: TVideoStep[];
      /** How the first playable MP4 was made (decision 031); null when it already existed. */
      path: 'remux' | 'transcode' | null;
      /**
       * Work is left for a 'video.renditions' job: a smaller rendition, or the thumbnails after the first (stage
       * 'playable' leaves them; decision 039).
       */
      renditionsLeft: boolean;
    }
  | { outcome: 'failed'; reason: string };
/**
 * 'playable': probe, the first playable MP4 and one poster (the first thumbnail, and the two posters made from
 * it), then stop: what a reviewer needs first (the 'video.process' job: about a second for a copied H.264
 * recording, so a spike of recordings all play within a minute; decision 039). 'all': everything still
 * missing, the other thumbnails then the renditions (the 'video.renditions' job, and the animated-video render,
 * which waits for the whole asset).
 */
export type TVideoStage = 'playable' | 'all';

type TAsset = typeof videoAssets.$inferSelect;
type TData = TVideoAssetDataColumn;

const hasRenditions = (d: TData) => Boolean(d.videoMp4Url && d.videoMp4Url_720p);
/** Every video has 4 or more thumbnails (spec 3 §5: 5 up to 20 s, then one every 5 s): one is the poster's. */
const hasAllThumbnails = (thumbnails: string[]) => thumbnails.length > 1;
const isComplete = (a: TAsset) =>
  hasRenditions(a.data) && hasAllThumbnails(a.thumbnails) && Boolean(a.data.image640);
/** A 480p rendition of a video whose short side is 480 or less would be the same size as its 720p one. */
const fitsIn480 = (probe: TProbe) => Math.min(probe.width, probe.height) <= 480;

// docs/decisions/010-queue-and-video.md and 031: new → in progress (claimed) → prepared (the first playable
// MP4 saved) → the thumbnails, posters and the other rendition fill in. The first playable MP4 is the source's
// own H.264 copied (remux) when browsers play it as it is, else a 480p transcode. Every step saves its output
// and is skipped when it is already saved, so a retried job resumes where the dead one stopped, and a re-run
// of a finished job changes nothing.
export async function processVideoAsset(
  deps: TVideoProcessingDeps,
  input: { assetId: string; job: TJobContext; hooks?: TVideoHooks; stage?: TVideoStage },
): Promise<TVideoResult> {
  const { db, storage, log } = deps;
  const { assetId, job, hooks, stage = 'all' } = input;
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
  // What this job has saved so far, on top of what the row held when it started.
  const data: TData = { ...asset.data };
  const save = async (tx: TWriter, patch: TData) => {
    await mergeData(tx, assetId, patch);
    Object.assign(data, patch);
  };
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
  let path: 'remux' | 'transcode' | null = null;
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

    const render = (height: number) =>
      renderMp4({ deps, tools, source, dir, probe, height, key: keys.mp4(height), job });
    // Saves the first playable MP4 and moves the asset to 'prepared' in one transaction. Compare-and-set:
    // only the one job that moves it out of 'in progress' makes it playable.
    const makePlayable = (patch: TData) =>
      db.transaction(async (tx) => {
        await save(tx, patch);
        const moved = await tx
          .update(videoAssets)
          .set({ status: 'prepared', updatedAt: new Date() })
          .where(and(eq(videoAssets.id, assetId), eq(videoAssets.status, 'in progress')))
          .returning({ id: videoAssets.id });
        return moved.length === 1;
      });

    if (!data.videoMp4Url && !data.videoMp4Url_720p) {
      const plan = playablePath(probe);
      if (plan.path === 'remux') {
        // A source no bigger than 480p is its own 480p and 720p rendition; a bigger one (up to 720p) is the
        // 720p one, and the 480p is made smaller later.
        const key = fitsIn480(probe) ? keys.mp4(480) : keys.mp4(720);
        const copied = await remuxChecked({ deps, tools, source, dir, probe, key, job });
        if (copied.ok) {
          becamePlayable = await makePlayable(
            fitsIn480(probe) ? { videoMp4Url: key, videoMp4Url_720p: key } : { videoMp4Url_720p: key },
          );
          path = 'remux';
          steps.push('remux');
          await hooks?.afterStep?.('remux', job);
          if (await deletedMeanwhile()) return { outcome: 'missing' };
        } else {
          log.warn({ assetId, reason: copied.reason }, 'video could not be copied as it is; transcoding it');
        }
      } else {
        log.info({ assetId, reason: plan.reason }, 'video is transcoded to play everywhere');
      }
      if (path === null) {
        const key = await render(480);
        becamePlayable = await makePlayable(
          fitsIn480(probe) ? { videoMp4Url: key, videoMp4Url_720p: key } : { videoMp4Url: key },
        );
        path = 'transcode';
        steps.push('480p');
        await hooks?.afterStep?.('480p', job);
        if (await deletedMeanwhile()) return { outcome: 'missing' };
      }
    }

    // The first thumbnail and the posters made from it: what the applicant lists and the player show first.
    const times = thumbnailTimes(probe.duration);
    let thumbnails = asset.thumbnails;
    if (thumbnails.length === 0 || !asset.data.image640) {
      const file = join(dir, 'thumb0.jpg');
      await extractFrame(tools.ffmpeg, { source, output: file, time: times[0] ?? 0, probe }, job.signal);
      await storage.putFile({ key: keys.thumbnail(0), file, contentType: 'image/jpeg' });
      const posters = await makePosters(new Uint8Array(await readFile(file)), POSTER_WIDTHS);
      for (const p of posters)
        await storage.put({ key: keys.poster(p.width), body: p.body, contentType: 'image/webp' });
      thumbnails = thumbnails.length > 0 ? thumbnails : [keys.thumbnail(0)];
      const saved = thumbnails;
      await db.transaction(async (tx) => {
        await save(tx, {
          thumbnailUrl: asset!.data.thumbnailUrl ?? saved[0],
          image400: keys.poster(400),
          image640: keys.poster(640),
        });
        await tx.update(videoAssets).set({ thumbnails: saved }).where(eq(videoAssets.id, assetId));
      });
      steps.push('poster');
      await hooks?.afterStep?.('poster', job);
      if (await deletedMeanwhile()) return { outcome: 'missing' };
    }

    if (stage === 'all' && !hasAllThumbnails(thumbnails)) {
      const all = [...thumbnails];
      // The missing ones, made by one ffmpeg run, then saved in order.
      const missing = times
        .map((time, i) => ({ i, time, output: join(dir, `thumb${i}.jpg`) }))
        .filter(({ i }) => i >= all.length);
      await extractFrames(tools.ffmpeg, { source, frames: missing, probe }, job.signal);
      for (const { i, output } of missing) {
        await storage.putFile({ key: keys.thumbnail(i), file: output, contentType: 'image/jpeg' });
        all.push(keys.thumbnail(i));
      }
      await db.update(videoAssets).set({ thumbnails: all }).where(eq(videoAssets.id, assetId));
      thumbnails = all;
      steps.push('thumbnails');
      await hooks?.afterStep?.('thumbnails', job);
      if (await deletedMeanwhile()) return { outcome: 'missing' };
    }

    if (stage === 'all') {
      for (const height of [480, 720] as const) {
        const field = height === 480 ? 'videoMp4Url' : 'videoMp4Url_720p';
        if (data[field]) continue;
        await save(db, { [field]: await render(height) });
        steps.push(`${height}p`);
        await hooks?.afterStep?.(`${height}p`, job);
        if (await deletedMeanwhile()) return { outcome: 'missing' };
      }
    }
    const renditionsLeft = !hasRenditions(data) || !hasAllThumbnails(thumbnails);
    log.info({ assetId, steps, path, renditionsLeft, attempt: job.attempt }, 'video processed');
    return { outcome: 'done', becamePlayable, steps, path, renditionsLeft };
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

/**
 * Copies the source's H.264 into a fast-start MP4 and checks the result before it is shown to anyone: ffprobe
 * reads it, its video is still H.264 of the same size and its duration matches the source's. A copy that fails
 * or does not match is not an error of the video: the caller transcodes it instead.
 */
async function remuxChecked(input: {
  deps: TVideoProcessingDeps;
  tools: TVideoTools;
  source: string;
  dir: string;
  probe: TProbe;
  key: string;
  job: TJobContext;
}): Promise<{ ok: true } | { ok: false; reason: string }> {
  const { tools, probe, job } = input;
  const output = join(input.dir, 'remux.mp4');
  try {
    await remuxMp4(tools.ffmpeg, { source: input.source, output, probe }, job.signal);
    const out = await probeVideo(tools, output, job.signal);
    const tolerance = Math.max(0.5, probe.duration * 0.05);
    if (out.video.codec !== 'h264' || out.width !== probe.width || out.height !== probe.height)
      return { ok: false, reason: `the copy reads as ${out.video.codec} ${out.width}x${out.height}` };
    if (Math.abs(out.duration - probe.duration) > tolerance)
      return { ok: false, reason: `the copy lasts ${out.duration} s, the source ${probe.duration} s` };
    if (!out.hasAudio) return { ok: false, reason: 'the copy has no sound track' };
  } catch (err) {
    if (job.signal.aborted || !(err instanceof VideoToolError || err instanceof InvalidVideoError)) throw err;
    return { ok: false, reason: err.message };
  }
  await input.deps.storage.putFile({ key: input.key, file: output, contentType: 'video/mp4' });
  await rm(output, { force: true });
  return { ok: true };
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

// A video that already plays (a rendition saved) stays playable: only the reason is kept. Otherwise → 'error'.
async function markFailed(db: TDb, assetId: string, reason: string) {
  await db
    .update(videoAssets)
    .set({
      status: sql`case when coalesce(${videoAssets.data} ->> 'videoMp4Url', ${videoAssets.data} ->> 'videoMp4Url_720p') is null then 'error' else ${videoAssets.status} end`,
      statusReason: reason,
      updatedAt: new Date(),
    })
    .where(eq(videoAssets.id, assetId));
}
