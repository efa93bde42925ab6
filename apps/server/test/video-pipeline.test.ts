import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { videoAssets } from '@hirecast/db/schema';
import { thumbnailTimes } from '@hirecast/domain/video-rules';
import { registerVideoProcessing } from '../src/modules/video-processing/handlers.ts';
import type { TVideoResult, TVideoStep } from '../src/modules/video-processing/service.ts';
import type { TStorage } from '../src/lib/context.ts';
import { storedKeys } from '../src/modules/assets/serialize.ts';
import { allOutputKeys } from '../src/modules/video-processing/outputs.ts';
import { videoToolsFrom } from '../src/lib/video/tools.ts';
import { createTestApp } from './helper.ts';
import {
  corruptClip,
  createUploadedAsset,
  inspectMp4,
  makeClip,
  guessedFrameRate,
  makeRecordedWebm,
  makeUnevenRecordedWebm,
  reportedDurations,
} from './video-pipeline-support.ts';

// Real ffmpeg on tiny generated clips, through the real queue (pg-boss on PGlite, or PostgreSQL with
// DATABASE_URL). The handlers are registered here with a test hook, so the app runs no jobs itself.
let t: Awaited<ReturnType<typeof createTestApp>>;
const results = new Map<string, TVideoResult[]>();
const waiters = new Map<string, () => void>();
const statusesSeen = new Map<string, string[]>();
/** assetId → the step after which attempt 1 throws, as if the worker had died there. */
const dieAfter = new Map<string, TVideoStep>();
/** assetId → the step after which the asset is deleted (as a candidate deleting their data does). */
const deleteAfter = new Map<string, TVideoStep>();

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
        afterStep: async (step, job) => {
          const deleting = currentAsset.get(job.id);
          if (deleting && deleteAfter.get(deleting) === step) {
            const [gone] = await t.db.delete(videoAssets).where(eq(videoAssets.id, deleting)).returning();
            for (const key of storedKeys(gone!)) await ctx.storage.remove(key);
          }
          const assetId = [...dieAfter.keys()].find((id) => id === currentAsset.get(job.id));
          if (assetId) statusesSeen.get(assetId)?.push(`${step}:${(await row(assetId)).status}`);
          if (assetId && dieAfter.get(assetId) === step && job.attempt === 1) throw new Error('worker died');
        },
      },
      onResult: (assetId, result) => {
        results.set(assetId, [...(results.get(assetId) ?? []), result]);
        waiters.get(assetId)?.();
      },
    },
  );
});
afterAll(async () => t?.close());

const currentAsset = new Map<string, string>();

async function processAndWait(assetId: string, expectedResults = 1) {
  const done = new Promise<void>((resolve) => {
    const check = () => {
      if ((results.get(assetId)?.length ?? 0) >= expectedResults) resolve();
    };
    waiters.set(assetId, check);
    check();
  });
  const jobId = await t.app.ctx.queue.send('video.process', { assetId });
  currentAsset.set(jobId!, assetId);
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
  it('turns a landscape 720p clip with sound into 480p and 720p MP4s, thumbnails and posters', async () => {
    const asset = await createUploadedAsset(
      t.db,
      t.app.ctx.storage,
      makeClip({ width: 1280, height: 720, seconds: 2, audio: true }),
    );
    expect(asset.status).toBe('new');
    const done = await processAndWait(asset.id);

    expect(results.get(asset.id)).toEqual([
      { outcome: 'done', becamePlayable: true, steps: ['probe', '480p', 'thumbnails', '720p'] },
    ]);
    expect(done).toMatchObject({
      status: 'prepared',
      statusReason: null,
      width: 1280,
      height: 720,
      dimension: 'landscape',
    });
    expect(done.duration).toBeCloseTo(2, 1);
    const r480 = await expectRendition(done.data.videoMp4Url, { width: 854, height: 480 });
    expect(r480.duration).toBeCloseTo(2, 0);
    await expectRendition(done.data.videoMp4Url_720p, { width: 1280, height: 720 });

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
  });

  it('gives a rotated phone clip without sound a portrait dimension and a silent AAC track', async () => {
    const asset = await createUploadedAsset(
      t.db,
      t.app.ctx.storage,
      makeClip({ width: 640, height: 360, seconds: 2, audio: false, rotate: 90 }),
    );
    const done = await processAndWait(asset.id);
    expect(done).toMatchObject({ status: 'prepared', width: 360, height: 640, dimension: 'portrait' });
    // Source-limited: a 360 px wide portrait is never upscaled.
    await expectRendition(done.data.videoMp4Url, { width: 360, height: 640 });
    await expectRendition(done.data.videoMp4Url_720p, { width: 360, height: 640 });
    expect(done.thumbnails).toHaveLength(5);
  });

  it('processes a portrait clip with sound, scaling its short side', async () => {
    const asset = await createUploadedAsset(
      t.db,
      t.app.ctx.storage,
      makeClip({ width: 540, height: 960, seconds: 1, audio: true }),
    );
    const done = await processAndWait(asset.id);
    expect(done).toMatchObject({ status: 'prepared', dimension: 'portrait' });
    await expectRendition(done.data.videoMp4Url, { width: 480, height: 854 });
    await expectRendition(done.data.videoMp4Url_720p, { width: 540, height: 960 });
  });

  it('makes a recorder WebM without a duration in its header playable, with its measured duration', async () => {
    const recording = makeRecordedWebm({ width: 640, height: 360, seconds: 2, audio: true });
    expect(reportedDurations(recording.file).format).toBeUndefined();
    const asset = await createUploadedAsset(t.db, t.app.ctx.storage, recording.body, {
      ext: 'webm',
      contentType: 'video/webm',
    });
    const done = await processAndWait(asset.id);

    expect(results.get(asset.id)).toEqual([
      { outcome: 'done', becamePlayable: true, steps: ['probe', '480p', 'thumbnails', '720p'] },
    ]);
    expect(done).toMatchObject({ status: 'prepared', statusReason: null, width: 640, height: 360 });
    expect(done.duration).toBeCloseTo(2, 1);
    const r480 = await expectRendition(done.data.videoMp4Url, { width: 640, height: 360 });
    expect(r480.duration).toBeCloseTo(2, 0);
    await expectRendition(done.data.videoMp4Url_720p, { width: 640, height: 360 });
    expect(done.thumbnails).toHaveLength(5);
    expect(done.data.videoMp4Url).toBe(asset.originalKey!.replace(/\.webm$/, '-480p.mp4'));
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
    expect(done.statusReason).toMatch(/not a readable video/);
    expect(done.data.videoMp4Url).toBeUndefined();
    expect(results.get(asset.id)).toHaveLength(1);
    expect(results.get(asset.id)![0]).toMatchObject({ outcome: 'failed' });
  });

  it('retries a job whose worker died after the first rendition; the asset becomes playable exactly once', async () => {
    const asset = await createUploadedAsset(
      t.db,
      t.app.ctx.storage,
      makeClip({ width: 640, height: 360, seconds: 1, audio: true }),
    );
    dieAfter.set(asset.id, '480p');
    statusesSeen.set(asset.id, []);
    const done = await processAndWait(asset.id);

    // Attempt 1 saw 'in progress' after probing and 'prepared' once the 480p was saved, then died; the retry
    // resumed with the missing outputs only.
    expect(statusesSeen.get(asset.id)).toEqual([
      'probe:in progress',
      '480p:prepared',
      'probe:prepared',
      'thumbnails:prepared',
      '720p:prepared',
    ]);
    expect(results.get(asset.id)).toEqual([
      { outcome: 'done', becamePlayable: false, steps: ['probe', 'thumbnails', '720p'] },
    ]);
    expect(done.status).toBe('prepared');
    await expectRendition(done.data.videoMp4Url, { width: 640, height: 360 });
    await expectRendition(done.data.videoMp4Url_720p, { width: 640, height: 360 });
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
    const again = await processAndWait(asset.id, 2);
    expect(results.get(asset.id)![1]).toEqual({ outcome: 'skipped' });
    expect(again).toEqual(first);
  });

  it('leaves no rendition behind when the asset is deleted while it is processed', async () => {
    const asset = await createUploadedAsset(
      t.db,
      t.app.ctx.storage,
      makeClip({ width: 320, height: 180, seconds: 1, audio: false }),
    );
    // Deleted (row and the files it holds) once the 480p is saved; the job then stops and removes the
    // outputs it wrote, and writes no more.
    deleteAfter.set(asset.id, '480p');
    await processAndWait(asset.id);
    expect(results.get(asset.id)).toEqual([{ outcome: 'missing' }]);
    const left = [];
    for (const key of [asset.originalKey!, ...allOutputKeys(asset)]) {
      if (await t.app.ctx.storage.head(key)) left.push(key);
    }
    expect(left).toEqual([]);
  });
});
