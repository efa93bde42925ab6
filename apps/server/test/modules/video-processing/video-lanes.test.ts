import { readFileSync } from 'node:fs';
import { availableParallelism, getPriority } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { videoAssets } from '@hirecast/db/schema';
import { registerVideoProcessing } from '../../../src/modules/video-processing/handlers.ts';
import type { TVideoResult } from '../../../src/modules/video-processing/service.ts';
import { requestVideoProcessing } from '../../../src/modules/assets/queue.ts';
import { BACKGROUND_NICENESS, TOOL_NICENESS } from '../../../src/lib/video/ffmpeg.ts';
import { videoToolsFrom } from '../../../src/lib/video/tools.ts';
import { loadConfig } from '../../../src/config.ts';
import { createTestApp } from '../../support/helper.ts';
import { createUploadedAsset, makeClip } from '../../support/video-pipeline-support.ts';

// Decision 039: each lane processes several videos at once (here 2), at most 1 of one company's, with ffmpeg
// below the API's priority, and the playable lane makes only what a reviewer needs first. Real queue (pg-boss
// on PGlite, or PostgreSQL with DATABASE_URL), real ffmpeg; a hook holds each video's playable job after its
// probe until the test lets it go, so what runs at once is seen.
let t: Awaited<ReturnType<typeof createTestApp>>;
const results = new Map<string, { lane: string; result: TVideoResult }[]>();
/** The playable jobs held after their probe, by asset. */
const held = new Map<string, () => void>();
let holding = true;
let most = 0;
const running = new Map<string, string>(); // assetId → companyId, playable jobs between probe and result
const mostPerCompany = new Map<string, number>();
/** Each ffmpeg's and ffprobe's priority, read as it starts. */
const priorities: number[] = [];
/** The x264 encodes' arguments, with their priority. */
const encodes: { niceness: number; args: string[] }[] = [];
/** The asset's row as the playable lane left it (its 'poster' step), by asset. */
const afterPoster = new Map<string, typeof videoAssets.$inferSelect>();

const row = async (id: string) => (await t.db.select().from(videoAssets).where(eq(videoAssets.id, id)))[0]!;
async function assetOfJob(jobId: string) {
  const found = await t.db.execute<{ asset_id: string; name: string }>(
    sql`select data ->> 'assetId' as asset_id, name from pgboss.job where id = ${jobId}`,
  );
  return found.rows[0];
}

beforeAll(async () => {
  // The product's default, VIDEO_LOWER_PRIORITY=true (every other test app runs its tools at the test's priority).
  t = await createTestApp({ QUEUE_INPROCESS: 'false', VIDEO_LOWER_PRIORITY: 'true' });
  const { ctx } = t.app;
  await registerVideoProcessing(
    ctx.queue,
    { db: ctx.db, storage: ctx.storage, log: ctx.log, tools: videoToolsFrom(ctx.config) },
    {
      lanes: { concurrency: 2, perCompany: 1 },
      hooks: {
        onToolSpawn: (pid) => {
          priorities.push(getPriority(pid));
          const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
          if (args.includes('libx264')) encodes.push({ niceness: getPriority(pid), args });
        },
        afterStep: async (step, job) => {
          const of = await assetOfJob(job.id);
          if (!of || of.name !== 'video.process') return;
          if (step === 'poster') afterPoster.set(of.asset_id, await row(of.asset_id));
          if (step !== 'probe') return;
          const { companyId } = await row(of.asset_id);
          running.set(of.asset_id, companyId);
          most = Math.max(most, running.size);
          const ofCompany = [...running.values()].filter((c) => c === companyId).length;
          mostPerCompany.set(companyId, Math.max(mostPerCompany.get(companyId) ?? 0, ofCompany));
          if (holding) await new Promise<void>((resolve) => held.set(of.asset_id, resolve));
        },
      },
      onResult: (assetId, result, lane) => {
        if (lane === 'playable') running.delete(assetId);
        results.set(assetId, [...(results.get(assetId) ?? []), { lane, result }]);
      },
    },
  );
});
afterAll(async () => {
  holding = false;
  for (const release of held.values()) release();
  await t?.close();
});

const until = async (check: () => boolean, timeoutMs = 150_000) => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};
/** Both lanes done with the asset: its renditions job (the other thumbnails at least) has run. */
const settled = (assetId: string) => results.get(assetId)?.some((r) => r.lane === 'renditions') ?? false;
const releaseAll = () => {
  for (const [id, release] of held) {
    held.delete(id);
    release();
  }
};

describe('video lanes: several videos at once, fair per company, niced', () => {
  it("processes two at once, never more, and one company's burst leaves a slot for another's video", async () => {
    const { ctx } = t.app;
    const clip = makeClip({ width: 320, height: 180, seconds: 1, audio: true });
    // Company A sends four, then company B one (createUploadedAsset makes a company per asset: A's are moved
    // onto the first one's).
    const burst: { id: string; companyId: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const asset = await createUploadedAsset(t.db, ctx.storage, clip);
      const companyId = burst[0]?.companyId ?? asset.companyId;
      await t.db.update(videoAssets).set({ companyId }).where(eq(videoAssets.id, asset.id));
      burst.push({ id: asset.id, companyId });
      await requestVideoProcessing(ctx, asset.id);
    }
    const single = await createUploadedAsset(t.db, ctx.storage, clip);
    await requestVideoProcessing(ctx, single.id);

    // Two held at once: one of A's and B's, though A's three others were sent before B's.
    await until(() => held.size === 2);
    expect(held.has(single.id)).toBe(true);
    expect(burst.filter((a) => held.has(a.id))).toHaveLength(1);
    // Nothing else starts while both slots are held (the lane's loops poll every second).
    await new Promise((r) => setTimeout(r, 2_500));
    expect(running.size).toBe(2);

    holding = false;
    releaseAll();
    await until(() => [...burst, single].every((a) => settled(a.id)));
    expect(most).toBe(2);
    expect(mostPerCompany.get(burst[0]!.companyId)).toBe(1);
    for (const a of [...burst, single])
      expect(results.get(a.id)!.find((r) => r.lane === 'playable')?.result).toMatchObject({
        outcome: 'done',
        becamePlayable: true,
      });
  }, 300_000);

  it('runs every ffmpeg and ffprobe below the API: the playable lane at 10, the renditions lane at 19', async () => {
    // Read by os.getPriority(pid) as each tool started, over the videos above (both lanes ran).
    expect(getPriority()).toBeLessThan(TOOL_NICENESS);
    expect(priorities.length).toBeGreaterThan(10);
    expect(new Set(priorities)).toEqual(new Set([TOOL_NICENESS, BACKGROUND_NICENESS]));
    expect([TOOL_NICENESS, BACKGROUND_NICENESS]).toEqual([10, 19]);
  });

  it('makes a copied H.264 recording playable with one poster first; the other thumbnails and the 480p follow', async () => {
    const { ctx } = t.app;
    const asset = await createUploadedAsset(
      t.db,
      ctx.storage,
      makeClip({ width: 1280, height: 720, seconds: 2, audio: true, audioCodec: 'opus' }),
    );
    await requestVideoProcessing(ctx, asset.id);
    await until(() => settled(asset.id));

    // The playable lane: probe, the copy, one frame and the two posters made from it; no encode of the picture.
    expect(results.get(asset.id)).toEqual([
      {
        lane: 'playable',
        result: {
          outcome: 'done',
          becamePlayable: true,
          steps: ['probe', 'remux', 'poster'],
          path: 'remux',
          renditionsLeft: true,
        },
      },
      {
        lane: 'renditions',
        result: {
          outcome: 'done',
          becamePlayable: false,
          steps: ['probe', 'thumbnails', '480p'],
          path: null,
          renditionsLeft: false,
        },
      },
    ]);
    // As the playable lane left it: it plays (the copy is the 720p), with its poster and first thumbnail.
    const first = afterPoster.get(asset.id)!;
    expect(first.status).toBe('prepared');
    expect(first.data.videoMp4Url_720p).toBeTruthy();
    expect(first.data.videoMp4Url).toBeUndefined();
    expect(first.thumbnails).toHaveLength(1);
    expect(first.data.thumbnailUrl).toBe(first.thumbnails[0]);
    expect(first.data.image400).toBeTruthy();
    expect(first.data.image640).toBeTruthy();
    // Then the rest: all five thumbnails (the first kept), and the 480p.
    const done = await row(asset.id);
    expect(done.thumbnails).toHaveLength(5);
    expect(done.thumbnails[0]).toBe(first.thumbnails[0]);
    expect(done.data.videoMp4Url).toBeTruthy();
    expect(done.data.image640).toBe(first.data.image640);
    // The renditions lane's encodes (this copy's 480p) run on one thread, so their niceness counts.
    expect(encodes.length).toBeGreaterThan(0);
    for (const e of encodes) {
      expect(e.niceness).toBe(BACKGROUND_NICENESS);
      expect(e.args.slice(e.args.indexOf('-threads'), e.args.indexOf('-threads') + 2)).toEqual([
        '-threads',
        '1',
      ]);
    }
  }, 300_000);
});

describe('video lanes configuration', () => {
  const lanes = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: t.config.dataDir, APP_SECRET: 'test-secret-test-secret-test-secret-0000', ...env })
      .video.lanes;
  it('gives each lane twice the cores and one company all of them but one unless told otherwise', () => {
    const cores = availableParallelism();
    expect(lanes({})).toEqual({ concurrency: 2 * cores, perCompany: 2 * cores - 1 });
    expect(lanes({ VIDEO_CONCURRENCY: '', VIDEO_CONCURRENCY_PER_COMPANY: '' })).toEqual(lanes({}));
    expect(lanes({ VIDEO_CONCURRENCY: '5' })).toEqual({ concurrency: 5, perCompany: 4 });
    expect(lanes({ VIDEO_CONCURRENCY: '1' })).toEqual({ concurrency: 1, perCompany: 1 });
    expect(lanes({ VIDEO_CONCURRENCY: '6', VIDEO_CONCURRENCY_PER_COMPANY: '6' })).toEqual({
      concurrency: 6,
      perCompany: 6,
    });
  });
  it('refuses a company share above the lane, and counts that are not whole numbers from 1 to 64', () => {
    expect(() => lanes({ VIDEO_CONCURRENCY: '2', VIDEO_CONCURRENCY_PER_COMPANY: '3' })).toThrow(
      'VIDEO_CONCURRENCY_PER_COMPANY cannot be more than VIDEO_CONCURRENCY',
    );
    for (const bad of ['0', '65', '1.5', 'many'])
      expect(() => lanes({ VIDEO_CONCURRENCY: bad })).toThrow(/VIDEO_CONCURRENCY/);
  });
});
