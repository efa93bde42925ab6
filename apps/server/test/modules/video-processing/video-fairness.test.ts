import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { videoAssets } from '@hirecast/db/schema';
import { registerVideoProcessing } from '../../../src/modules/video-processing/handlers.ts';
import { requestVideoProcessing } from '../../../src/modules/assets/queue.ts';
import { videoToolsFrom } from '../../../src/lib/video/tools.ts';
import { createTestApp } from '../../support/helper.ts';
import { createUploadedAsset, makeClip } from '../../support/video-pipeline-support.ts';

// Decision 031: each company's videos are sent with its place in line, so the queue serves companies in turn.
// Real queue (pg-boss on PGlite, or PostgreSQL with DATABASE_URL), real ffmpeg, one worker.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ QUEUE_INPROCESS: 'false' });
});
afterAll(async () => t?.close());

describe('video queue fairness', () => {
  it("serves a company's one video right after the video in hand, not behind another company's burst", async () => {
    const { ctx } = t.app;
    const clip = makeClip({ width: 320, height: 180, seconds: 1, audio: true });
    // Company A sends five, one after the other as its candidates apply (each asset made, then queued), then
    // company B one. (createUploadedAsset makes a company per asset: A's are moved onto the first one's.)
    const burst: Awaited<ReturnType<typeof createUploadedAsset>>[] = [];
    for (let i = 0; i < 5; i++) {
      const asset = await createUploadedAsset(t.db, ctx.storage, clip);
      const companyId = burst[0]?.companyId ?? asset.companyId;
      await t.db.update(videoAssets).set({ companyId }).where(eq(videoAssets.id, asset.id));
      burst.push({ ...asset, companyId });
      await requestVideoProcessing(ctx, asset.id);
    }
    const single = await createUploadedAsset(t.db, ctx.storage, clip);
    await requestVideoProcessing(ctx, single.id);

    // The worker starts with all six waiting.
    const order: string[] = [];
    const allDone = new Promise<void>((resolve) => {
      void registerVideoProcessing(
        ctx.queue,
        { db: ctx.db, storage: ctx.storage, log: ctx.log, tools: videoToolsFrom(ctx.config) },
        {
          onResult: (assetId, _result, lane) => {
            if (lane !== 'playable') return;
            order.push(assetId);
            if (order.length === 6) resolve();
          },
        },
      );
    });
    await allDone;
    // A's first (sent first, same place in line as B's only one), then B's, then the rest of A's in order.
    expect(order).toEqual([burst[0]!.id, single.id, ...burst.slice(1).map((a) => a.id)]);
  }, 120_000);
});
