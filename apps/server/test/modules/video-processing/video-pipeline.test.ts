import { getPriority } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { videoAssets } from '@hirecast/db/schema';
import { thumbnailTimes } from '@hirecast/domain/video-rules';
import { registerVideoProcessing } from '../../../src/modules/video-processing/handlers.ts';
import type { TVideoResult, TVideoStep } from '../../../src/modules/video-processing/service.ts';
import type { TStorage } from '../../../src/lib/context.ts';
import { storedKeys } from '../../../src/modules/assets/serialize.ts';
import { allOutputKeys } from '../../../src/modules/video-processing/outputs.ts';
import { videoToolsFrom } from '../../../src/lib/video/tools.ts';
import { createTestApp } from '../../support/helper.ts';
import {
  chromeTake,
  mp4StartingLate,
  corruptClip,
  firstFrameTimes,
  createUploadedAsset,
  inspectMp4,
  makeClip,
  guessedFrameRate,
  makeRecordedWebm,
  makeUnevenRecordedWebm,
  reportedDurations,
  truncatedClip,
  videoPacketsMd5,
} from '../../support/video-pipeline-support.ts';
import { playablePath } from '../../../src/lib/video/remux.ts';

// Real ffmpeg on tiny generated clips, through the real queue (pg-boss on PGlite, or PostgreSQL with
// DATABASE_URL). The handlers are registered here with a test hook, so the app runs no jobs itself.
let t: Awaited<ReturnType<typeof createTestApp>>;
/** Every job's result per asset, in order: the 'playable' lane's, then the 'renditions' lane's. */
const results = new Map<string, TVideoResult[]>();
const lanes = new Map<string, ('playable' | 'renditions')[]>();
const waiters = new Map<string, () => void>();
const statusesSeen = new Map<string, string[]>();
/** assetId → the step after which attempt 1 throws, as if the worker had died there. */
const dieAfter = new Map<string, TVideoStep>();
/** assetId → the step after which the asset is deleted (as a candidate deleting their data does). */
const deleteAfter = new Map<string, TVideoStep>();
/** The niceness of each ffmpeg and ffprobe as it started. */
const priorities: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ QUEUE_INPROCESS: 'false' });
  const { ctx } = t.app;
  const row = async (id: string) => (await t.db.select().from(videoAssets).where(eq(videoAssets.id, id)))[0]!;
  // Videos go in and out of storage as streamed files: the worker never holds a whole video in memory.
  const streamingOnly: TStorage = {
    ...ctx.storage,
    read: async (key) => {
      throw new Error(`the pipeline read ${key} into memory`);
    },
    put: async (input) => {
      if (input.contentType.startsWith('video/'))
        throw new Error(`the pipeline put ${input.key} from memory`);
      return ctx.storage.put(input);
    },
  };
  await registerVideoProcessing(
    ctx.queue,
    { db: ctx.db, storage: streamingOnly, log: ctx.log, tools: videoToolsFrom(ctx.config) },
    {
      hooks: {
        onToolSpawn: (pid) => priorities.push(getPriority(pid)),
        afterStep: async (step, job) => {
          const current = await assetOfJob(job.id);
          if (current && deleteAfter.get(current) === step) {
            const [gone] = await t.db.delete(videoAssets).where(eq(videoAssets.id, current)).returning();
            for (const key of storedKeys(gone!)) await ctx.storage.remove(key);
          }
          const assetId = current && dieAfter.has(current) ? current : undefined;
          if (assetId) statusesSeen.get(assetId)?.push(`${step}:${(await row(assetId)).status}`);
          if (assetId && dieAfter.get(assetId) === step && job.attempt === 1) throw new Error('worker died');
        },
      },
      onResult: (assetId, result, lane) => {
        results.set(assetId, [...(results.get(assetId) ?? []), result]);
        lanes.set(assetId, [...(lanes.get(assetId) ?? []), lane]);
        waiters.get(assetId)?.();
      },
    },
  );
});
afterAll(async () => t?.close());

/** The asset a queued job is about (its payload), whichever lane sent it. */
async function assetOfJob(jobId: string) {
  const found = await t.db.execute<{ asset_id: string }>(
    sql`select data ->> 'assetId' as asset_id from pgboss.job where id = ${jobId}`,
  );
  return found.rows[0]?.asset_id;
}

// Settled: the last job about the asset left no renditions job behind it (a playable-lane job that left
// renditions to make is followed by a renditions-lane job).
const settled = (assetId: string) => {
  const last = results.get(assetId)?.at(-1);
  return lanes.get(assetId)?.at(-1) === 'renditions' || !(last?.outcome === 'done' && last.renditionsLeft);
};

async function processAndWait(assetId: string, expectedResults = 1) {
  const done = new Promise<void>((resolve) => {
    const check = () => {
      if ((results.get(assetId)?.length ?? 0) >= expectedResults && settled(assetId)) resolve();
    };
    waiters.set(assetId, check);
    check();
  });
  await t.app.ctx.queue.send('video.process', { assetId });
  await done;
  return (await t.db.select().from(videoAssets).where(eq(videoAssets.id, assetId)))[0]!;
}

async function read(key: string | null | undefined) {
  expect(key).toBeTruthy();
  const body = await t.app.ctx.storage.read(key!);
  expect(body).not.toBeNull();
  return body!;
}

async function expectRendition(key: string | null | undefined, size: { width: number; height: number }) {
  const info = inspectMp4(await read(key));
  const video = info.streams.find((s) => s.codec_type === 'video')!;
  const audio = info.streams.find((s) => s.codec_type === 'audio');
  expect(video.codec_name).toBe('h264');
  expect({ width: video.width, height: video.height }).toEqual(size);
  expect(audio?.codec_name).toBe('aac');
  expect(info.fastStart).toBe(true);
  return info;
}

describe('video processing (real ffmpeg)', () => {
  it('makes a 720p H.264 clip playable by copying its video, then makes the smaller 480p', async () => {
    const original = makeClip({ width: 1280, height: 720, seconds: 2, audio: true });
    const asset = await createUploadedAsset(t.db, t.app.ctx.storage, original);
    expect(asset.status).toBe('new');
    const done = await processAndWait(asset.id);

    // Decision 031: the playable lane copies (no 480p, no 720p encode) and makes one poster (decision 039); the
    // renditions lane makes the other thumbnails, then the 480p.
    expect(results.get(asset.id)).toEqual([
      {
        outcome: 'done',
        becamePlayable: true,
        steps: ['probe', 'remux', 'poster'],
        path: 'remux',
        renditionsLeft: true,
      },
      {
        outcome: 'done',
        becamePlayable: false,
        steps: ['probe', 'thumbnails', '480p'],
        path: null,
        renditionsLeft: false,
      },
    ]);
    expect(lanes.get(asset.id)).toEqual(['playable', 'renditions']);
    expect(done).toMatchObject({
      status: 'prepared',
      statusReason: null,
      width: 1280,
      height: 720,
      dimension: 'landscape',
    });
    expect(done.duration).toBeCloseTo(2, 1);
    const r720 = await expectRendition(done.data.videoMp4Url_720p, { width: 1280, height: 720 });
    expect(r720.duration).toBeCloseTo(2, 1);
    // Not encoded again: the 720p's video packets are the upload's, byte for byte.
    const copied = await read(done.data.videoMp4Url_720p);
    expect(videoPacketsMd5(copied)).toBe(videoPacketsMd5(original));
    // The 480p must be smaller, so it is a transcode: other packets, the smaller size.
    const r480 = await expectRendition(done.data.videoMp4Url, { width: 854, height: 480 });
    expect(r480.duration).toBeCloseTo(2, 0);
    expect(videoPacketsMd5(await read(done.data.videoMp4Url))).not.toBe(videoPacketsMd5(original));

    // spec 3 §5: a clip of 20 s or less gives 5 thumbnails.
    expect(done.thumbnails).toHaveLength(thumbnailTimes(2).length);
    expect(done.thumbnails).toHaveLength(5);
    for (const key of done.thumbnails)
      expect(Buffer.from(await read(key)).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(done.data.thumbnailUrl).toBe(done.thumbnails[0]);
    const sharp = (await import('sharp')).default;
    for (const [field, width] of [
      ['image400', 400],
      ['image640', 640],
    ] as const) {
      const meta = await sharp(await read(done.data[field])).metadata();
      expect({ format: meta.format, width: meta.width }).toEqual({ format: 'webp', width });
    }
    // Every output sits beside the original.
    const base = asset.originalKey!.replace(/\.mp4$/, '');
    expect(done.data.videoMp4Url).toBe(`${base}-480p.mp4`);
    expect(done.data.videoMp4Url_720p).toBe(`${base}-720p.mp4`);
    // VIDEO_LOWER_PRIORITY=false (every test app): the tools ran at this process's own priority.
    expect(priorities.length).toBeGreaterThan(0);
    expect(new Set(priorities)).toEqual(new Set([getPriority()]));
  });

  it("copies the H.264 of a Chrome take (MediaRecorder's MP4) and turns its Opus sound into AAC", async () => {
    const original = chromeTake();
    expect(inspectMp4(original).streams.map((st) => st.codec_name)).toEqual(['h264', 'opus']);
    const asset = await createUploadedAsset(t.db, t.app.ctx.storage, original);
    const done = await processAndWait(asset.id);

    // No more than 480p: the copy is both renditions; the renditions lane makes only the other thumbnails.
    expect(results.get(asset.id)).toEqual([
      {
        outcome: 'done',
        becamePlayable: true,
        steps: ['probe', 'remux', 'poster'],
        path: 'remux',
        renditionsLeft: true,
      },
      {
        outcome: 'done',
        becamePlayable: false,
        steps: ['probe', 'thumbnails'],
        path: null,
        renditionsLeft: false,
      },
    ]);
    expect(done.status).toBe('prepared');
    expect(done.data.videoMp4Url).toBe(done.data.videoMp4Url_720p);
    expect(done.duration).toBeCloseTo(2.5, 1);
    const copied = await read(done.data.videoMp4Url);
    const info = await expectRendition(done.data.videoMp4Url, { width: 320, height: 240 });
    expect(info.start).toBe(0);
    expect(info.duration).toBeCloseTo(2.5, 1);
    expect(videoPacketsMd5(copied)).toBe(videoPacketsMd5(original));
    // The sound starts where it did against the picture (AAC's own 21 ms of priming aside).
    const before = firstFrameTimes(original);
    const after = firstFrameTimes(copied);
    expect(after.audio - after.video).toBeCloseTo(before.audio - before.video, 1);
  });

  it('copies an MP4 that starts late: the copy plays from 0 for its true length, in sync', async () => {
    const original = mp4StartingLate();
    const late = inspectMp4(original);
    expect(late.streams.map((st) => [st.codec_name, Number(st.start_time)])).toEqual([
      ['h264', 5.3],
      ['opus', 5.3],
    ]);
    // Read from time 0, the 2.5 s video lasts 7.8 s.
    expect(late.duration).toBeCloseTo(7.8, 1);
    const asset = await createUploadedAsset(t.db, t.app.ctx.storage, original);
    const done = await processAndWait(asset.id);

    expect(results.get(asset.id)).toEqual([
      {
        outcome: 'done',
        becamePlayable: true,
        steps: ['probe', 'remux', 'poster'],
        path: 'remux',
        renditionsLeft: true,
      },
      {
        outcome: 'done',
        becamePlayable: false,
        steps: ['probe', 'thumbnails'],
        path: null,
        renditionsLeft: false,
      },
    ]);
    expect(done.status).toBe('prepared');
    expect(done.duration).toBeCloseTo(2.5, 1);
    expect(done.thumbnails).toHaveLength(5);
    const copied = await read(done.data.videoMp4Url);
    const info = await expectRendition(done.data.videoMp4Url, { width: 320, height: 240 });
    expect(info.start).toBe(0);
    expect(info.duration).toBeCloseTo(2.5, 1);
    expect(Number(info.streams.find((st) => st.codec_type === 'video')!.start_time)).toBe(0);
    expect(videoPacketsMd5(copied)).toBe(videoPacketsMd5(original));
    // The sound starts where it did against the picture (AAC's own 21 ms of priming aside).
    const before = firstFrameTimes(original);
    const after = firstFrameTimes(copied);
    expect(after.video).toBe(0);
    expect(after.audio - after.video).toBeCloseTo(before.audio - before.video, 1);
  });

  it('transcodes H.264 that browsers cannot play (4:4:4) rather than copying it', async () => {
    const asset = await createUploadedAsset(
      t.db,
      t.app.ctx.storage,
      makeClip({ width: 320, height: 180, seconds: 1, audio: true, pixFmt: 'yuv444p' }),
    );
    const done = await processAndWait(asset.id);
    expect(results.get(asset.id)).toEqual([
      {
        outcome: 'done',
        becamePlayable: true,
        steps: ['probe', '480p', 'poster'],
        path: 'transcode',
        renditionsLeft: true,
      },
      {
        outcome: 'done',
        becamePlayable: false,
        steps: ['probe', 'thumbnails'],
        path: null,
        renditionsLeft: false,
      },
    ]);
    await expectRendition(done.data.videoMp4Url, { width: 320, height: 180 });
    const body = inspectMp4(await read(done.data.videoMp4Url));
    expect(body.streams.find((st) => st.codec_type === 'video')).toMatchObject({ codec_name: 'h264' });
    expect(execPixFmt(await read(done.data.videoMp4Url))).toBe('yuv420p');
  });

  it('gives a rotated phone clip without sound a portrait dimension and a silent AAC track', async () => {
    const asset = await createUploadedAsset(
      t.db,
      t.app.ctx.storage,
      makeClip({ width: 640, height: 360, seconds: 2, audio: false, rotate: 90 }),
    );
    const done = await processAndWait(asset.id);
    expect(done).toMatchObject({ status: 'prepared', width: 360, height: 640, dimension: 'portrait' });
    // Rotated: transcoded (the rotation applied). Source-limited: a 360 px wide portrait is never upscaled, so
    // its one transcode is both renditions.
    expect(results.get(asset.id)).toMatchObject([
      { path: 'transcode', steps: ['probe', '480p', 'poster'] },
      { steps: ['probe', 'thumbnails'] },
    ]);
    await expectRendition(done.data.videoMp4Url, { width: 360, height: 640 });
    expect(done.data.videoMp4Url_720p).toBe(done.data.videoMp4Url);
    expect(done.thumbnails).toHaveLength(5);
  });

  it('processes a portrait clip with sound: its copy is the 720p, the 480p scales its short side', async () => {
    const asset = await createUploadedAsset(
      t.db,
      t.app.ctx.storage,
      makeClip({ width: 540, height: 960, seconds: 1, audio: true }),
    );
    const done = await processAndWait(asset.id);
    expect(done).toMatchObject({ status: 'prepared', dimension: 'portrait' });
    expect(results.get(asset.id)).toMatchObject([
      { path: 'remux' },
      { steps: ['probe', 'thumbnails', '480p'] },
    ]);
    await expectRendition(done.data.videoMp4Url, { width: 480, height: 854 });
    await expectRendition(done.data.videoMp4Url_720p, { width: 540, height: 960 });
  });

  it('transcodes a recorder WebM without a duration in its header, with its measured duration', async () => {
    const recording = makeRecordedWebm({ width: 640, height: 360, seconds: 2, audio: true });
    expect(reportedDurations(recording.file).format).toBeUndefined();
    const asset = await createUploadedAsset(t.db, t.app.ctx.storage, recording.body, {
      ext: 'webm',
      contentType: 'video/webm',
    });
    const done = await processAndWait(asset.id);

    // VP8 plays nowhere as MP4: transcoded once (640x360 is its own 480p and 720p).
    expect(results.get(asset.id)).toEqual([
      {
        outcome: 'done',
        becamePlayable: true,
        steps: ['probe', '480p', 'poster'],
        path: 'transcode',
        renditionsLeft: true,
      },
      {
        outcome: 'done',
        becamePlayable: false,
        steps: ['probe', 'thumbnails'],
        path: null,
        renditionsLeft: false,
      },
    ]);
    expect(done).toMatchObject({ status: 'prepared', statusReason: null, width: 640, height: 360 });
    expect(done.duration).toBeCloseTo(2, 1);
    const r480 = await expectRendition(done.data.videoMp4Url, { width: 640, height: 360 });
    expect(r480.duration).toBeCloseTo(2, 0);
    expect(done.data.videoMp4Url_720p).toBe(done.data.videoMp4Url);
    expect(done.thumbnails).toHaveLength(5);
    expect(done.data.videoMp4Url).toBe(asset.originalKey!.replace(/\.webm$/, '-480p.mp4'));
  });

  it('transcodes a 720p WebM to a playable 480p first, then its 720p in the renditions lane', async () => {
    const recording = makeRecordedWebm({ width: 1280, height: 720, seconds: 1, audio: true });
    const asset = await createUploadedAsset(t.db, t.app.ctx.storage, recording.body, {
      ext: 'webm',
      contentType: 'video/webm',
    });
    const done = await processAndWait(asset.id);
    expect(results.get(asset.id)).toMatchObject([
      { path: 'transcode', steps: ['probe', '480p', 'poster'], renditionsLeft: true },
      { steps: ['probe', 'thumbnails', '720p'], renditionsLeft: false },
    ]);
    await expectRendition(done.data.videoMp4Url, { width: 854, height: 480 });
    await expectRendition(done.data.videoMp4Url_720p, { width: 1280, height: 720 });
  });

  it('does not pad a recording whose frames came unevenly to 1000 frames a second', async () => {
    const recording = makeUnevenRecordedWebm(2);
    expect(guessedFrameRate(recording.file)).toBe(1000);
    const asset = await createUploadedAsset(t.db, t.app.ctx.storage, recording.body, {
      ext: 'webm',
      contentType: 'video/webm',
    });
    const done = await processAndWait(asset.id);
    expect(done.status).toBe('prepared');
    for (const key of [done.data.videoMp4Url, done.data.videoMp4Url_720p]) {
      const info = inspectMp4(await read(key));
      // 2 s at no more than 60 frames a second (before: 2,000 copies of its 91 frames).
      expect(Number(info.streams.find((st) => st.codec_type === 'video')?.nb_frames)).toBeLessThanOrEqual(
        121,
      );
    }
  });

  it('ends a corrupt file in error with the reason kept, without retrying', async () => {
    const asset = await createUploadedAsset(t.db, t.app.ctx.storage, corruptClip());
    const done = await processAndWait(asset.id);
    expect(done.status).toBe('error');
    expect(done.statusReason).toMatch(/^The file is not a readable video/);
    expect(done.data.videoMp4Url).toBeUndefined();
    expect(done.data.videoMp4Url_720p).toBeUndefined();
    expect(results.get(asset.id)).toHaveLength(1);
    expect(results.get(asset.id)![0]).toMatchObject({ outcome: 'failed' });
  });

  it('refuses an H.264 upload cut short (no index) clearly, copying nothing', async () => {
    const asset = await createUploadedAsset(t.db, t.app.ctx.storage, truncatedClip());
    const done = await processAndWait(asset.id);
    expect(done.status).toBe('error');
    expect(done.statusReason).toMatch(/^The file is not a readable video .*moov atom not found/);
    expect(done.data).toEqual({});
    expect(results.get(asset.id)).toEqual([{ outcome: 'failed', reason: done.statusReason }]);
    for (const key of allOutputKeys(asset)) expect(await t.app.ctx.storage.head(key)).toBeFalsy();
  });

  it('retries a job whose worker died after the copy; the asset becomes playable exactly once', async () => {
    const asset = await createUploadedAsset(
      t.db,
      t.app.ctx.storage,
      makeClip({ width: 1280, height: 720, seconds: 1, audio: true }),
    );
    dieAfter.set(asset.id, 'remux');
    statusesSeen.set(asset.id, []);
    const done = await processAndWait(asset.id);

    // Attempt 1 saw 'in progress' after probing and 'prepared' once the copy was saved, then died; the retry
    // resumed with the missing outputs only, then the renditions lane made the 480p.
    expect(statusesSeen.get(asset.id)).toEqual([
      'probe:in progress',
      'remux:prepared',
      'probe:prepared',
      'poster:prepared',
      'probe:prepared',
      'thumbnails:prepared',
      '480p:prepared',
    ]);
    expect(results.get(asset.id)).toEqual([
      {
        outcome: 'done',
        becamePlayable: false,
        steps: ['probe', 'poster'],
        path: null,
        renditionsLeft: true,
      },
      {
        outcome: 'done',
        becamePlayable: false,
        steps: ['probe', 'thumbnails', '480p'],
        path: null,
        renditionsLeft: false,
      },
    ]);
    expect(done.status).toBe('prepared');
    await expectRendition(done.data.videoMp4Url, { width: 854, height: 480 });
    await expectRendition(done.data.videoMp4Url_720p, { width: 1280, height: 720 });
    expect(done.thumbnails).toHaveLength(5);
  });

  it('changes nothing when a finished job runs again', async () => {
    const asset = await createUploadedAsset(
      t.db,
      t.app.ctx.storage,
      makeClip({ width: 320, height: 180, seconds: 1, audio: false }),
    );
    const first = await processAndWait(asset.id);
    expect(first.status).toBe('prepared');
    // Two jobs made it: the playable lane's, then the renditions lane's (the other thumbnails).
    expect(results.get(asset.id)).toHaveLength(2);
    const again = await processAndWait(asset.id, 3);
    expect(results.get(asset.id)![2]).toEqual({ outcome: 'skipped' });
    expect(again).toEqual(first);
  });

  it('leaves no rendition behind when the asset is deleted while it is processed', async () => {
    const asset = await createUploadedAsset(
      t.db,
      t.app.ctx.storage,
      makeClip({ width: 320, height: 180, seconds: 1, audio: false }),
    );
    // Deleted (row and the files it holds) once the copy is saved; the job then stops and removes the
    // outputs it wrote, and writes no more.
    deleteAfter.set(asset.id, 'remux');
    await processAndWait(asset.id);
    expect(results.get(asset.id)).toEqual([{ outcome: 'missing' }]);
    const left = [];
    for (const key of [asset.originalKey!, ...allOutputKeys(asset)]) {
      if (await t.app.ctx.storage.head(key)) left.push(key);
    }
    expect(left).toEqual([]);
  });
});

describe('which videos are copied as they are (playablePath)', () => {
  const probe = (over: Partial<Parameters<typeof playablePath>[0]['video']> = {}, size = [1280, 720]) => ({
    width: size[0]!,
    height: size[1]!,
    rotation: 0,
    video: { codec: 'h264', profile: 'High', pixFmt: 'yuv420p', bitRate: 2_000_000, fps: 30, ...over },
  });
  it('copies browser-playable H.264 up to 720p and transcodes the rest, saying why', () => {
    expect(playablePath(probe())).toEqual({ path: 'remux' });
    expect(playablePath(probe({ profile: 'Constrained Baseline', bitRate: null, fps: null }))).toEqual({
      path: 'remux',
    });
    expect(playablePath(probe({}, [720, 1280]))).toEqual({ path: 'remux' });
    expect(playablePath(probe({ codec: 'vp8' }))).toEqual({ path: 'transcode', reason: 'vp8 video' });
    expect(playablePath(probe({ codec: 'hevc' }))).toMatchObject({ path: 'transcode' });
    expect(playablePath(probe({ profile: 'High 10' }))).toMatchObject({ path: 'transcode' });
    expect(playablePath(probe({ pixFmt: 'yuv422p' }))).toMatchObject({ path: 'transcode' });
    expect(playablePath(probe({}, [1920, 1080]))).toEqual({ path: 'transcode', reason: 'larger than 720p' });
    expect(playablePath(probe({ bitRate: 20_000_000 }))).toMatchObject({ path: 'transcode' });
    expect(playablePath(probe({ fps: 120 }))).toMatchObject({ path: 'transcode' });
    expect(playablePath({ ...probe(), rotation: 90 })).toEqual({ path: 'transcode', reason: 'rotated' });
  });
});

function execPixFmt(body: Uint8Array) {
  return inspectMp4(body).streams.find((st) => st.codec_type === 'video')?.pix_fmt;
}
