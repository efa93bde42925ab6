import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcripts, videoAssets } from '@hirecast/db/schema';
import { requestVideoProcessing } from '../../../src/modules/assets/queue.ts';
import { headers } from '../../support/assets-support.ts';
import { createTestApp } from '../../support/helper.ts';
import { companyWithMember } from '../../support/sessions.ts';
import { replies, spokenVideo, startEngine, verboseJson } from '../../support/transcripts-support.ts';

// Issue 34: the product's own wiring (composition/job-handlers.ts), with the jobs run in the API process: a video
// uploaded and processed gets its transcript with nothing else asked, and the transcript goes with the video.
let engine: Awaited<ReturnType<typeof startEngine>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  engine = await startEngine(() =>
    replies.ok(
      verboseJson({ duration: 3.4, segments: [{ start: 0, end: 2.5, text: 'Tell us about yourself.' }] }),
    ),
  );
  t = await createTestApp({ QUEUE_INPROCESS: 'true', TRANSCRIBE_BASE_URL: engine.url });
});
afterAll(async () => {
  await t?.close();
  await engine?.close();
});

describe('a processed video is transcribed', () => {
  it('queues the transcript after the video is processed, and deletes it with the video', async () => {
    const actor = await companyWithMember(t.db);
    const originalKey = `uploads/${actor.company.id}/${randomUUID()}.mp4`;
    await t.app.ctx.storage.put({
      key: originalKey,
      body: spokenVideo('Tell us about yourself.').body,
      contentType: 'video/mp4',
    });
    const [asset] = await t.db
      .insert(videoAssets)
      .values({ companyId: actor.company.id, title: 'Answer', fileName: 'answer.mp4', originalKey })
      .returning();
    await requestVideoProcessing(t.app.ctx, asset!.id);

    const row = async () =>
      (await t.db.select().from(transcripts).where(eq(transcripts.assetId, asset!.id)))[0];
    for (let i = 0; i < 600 && (await row())?.status !== 'done'; i++) await sleep(200);
    expect(await row()).toMatchObject({ status: 'done', model: 'whisper-1', language: 'en' });
    expect(engine.requests).toHaveLength(1);
    const vtt = await t.app.inject({ url: `/api/asset/${asset!.id}/captions.vtt`, headers: headers(actor) });
    expect(vtt.body).toBe('WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.500\nTell us about yourself.\n');

    await t.db.delete(videoAssets).where(eq(videoAssets.id, asset!.id));
    expect(await row()).toBeUndefined();
  });
});
