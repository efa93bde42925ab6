import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails, videoAssets, videoTemplates } from '@hirecast/db/schema';
import type { TVideoTemplate } from '@hirecast/domain/video-template';
import { createTestApp } from './helper.ts';
import { companyWithMember } from './sessions.ts';
import { headers } from './assets-support.ts';
import { inspectMp4 } from './video-pipeline-support.ts';
import { openEventStream } from './video-events-support.ts';
import { seedSampleTemplates } from '../src/modules/video/samples.ts';
import { videoToolsFrom } from '../src/lib/video/tools.ts';
import { videoRenderDeps } from '../src/modules/video/deps.ts';
import { registerVideoRender } from '../src/modules/video/handlers.ts';

// The samples as a first start makes them, and "make one like this", through the real queue: seed → the
// portrait sample's render job → a company copies it, finalizes it, and watches the live status reach rendered.
// Only the render worker runs (the landscape samples' jobs are made stale, so they skip): two real renders
// keep the test within minutes on a shared 2-core machine.
let t: Awaited<ReturnType<typeof createTestApp>>;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ QUEUE_INPROCESS: 'false' });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const until = async (check: () => Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 500));
  }
};

describe('sample animated videos', () => {
  it('are seeded once with real clips, render, and a company makes one like them', async () => {
    expect(await seedSampleTemplates(t.app.ctx, videoToolsFrom(t.config))).toBe(3);
    expect(await seedSampleTemplates(t.app.ctx, videoToolsFrom(t.config))).toBe(0);
    const samples = await t.db.select().from(videoTemplates).where(eq(videoTemplates.isSample, true));
    expect(samples.map((s) => s.type).sort()).toEqual(['landscape', 'landscape', 'portrait']);

    const admin = await companyWithMember(t.db, 2);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/video', headers: headers(admin) })).json()
      .data;
    expect(listed.videosCount).toBe(3);
    expect(listed.videos.every((v: TVideoTemplate) => v.isSample)).toBe(true);

    // A sample's clip is a real video of its size.
    const portrait = samples.find((s) => s.type === 'portrait')!;
    const clipId = (
      portrait.data as { sections: { type: string; video?: { assetId: string } }[] }
    ).sections.find((s) => s.type === 'video')!.video!.assetId;
    const [clip] = await t.db.select().from(videoAssets).where(eq(videoAssets.id, clipId));
    const probed = inspectMp4((await t.app.ctx.storage.read(clip!.originalKey!))!);
    expect(probed.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 720, height: 1280 });

    // The queue renders the sample (no author, so no email).
    await t.db
      .update(videoTemplates)
      .set({ renderId: null, status: 'draft' })
      .where(and(eq(videoTemplates.isSample, true), eq(videoTemplates.type, 'landscape')));
    await registerVideoRender(t.app.ctx.queue, videoRenderDeps(t.app.ctx));
    await until(async () => {
      const [row] = await t.db.select().from(videoTemplates).where(eq(videoTemplates.id, portrait.id));
      if (row!.status === 'error') throw new Error(row!.errorReason!);
      return row!.status === 'rendered';
    }, 280_000);
    const sample = (
      await t.app.inject({ method: 'GET', url: `/api/video/${portrait.id}`, headers: headers(admin) })
    ).json().data as TVideoTemplate;
    expect(sample).toMatchObject({ status: 'rendered', isSample: true, dimension: 'portrait' });
    expect(sample.videoMp4Url).toMatch(/^http/);
    expect(await t.db.select().from(outboxEmails)).toHaveLength(0);

    // Make one like this: the sample's data saved as the company's own, then finalized; the status arrives live.
    const stream = await openEventStream(url, admin);
    try {
      const copy = (
        await t.app.inject({
          method: 'POST',
          url: '/api/video',
          headers: headers(admin),
          payload: { title: 'Our version', data: { ...sample.data, ending: undefined } },
        })
      ).json().data as TVideoTemplate;
      const render = await t.app.inject({
        method: 'POST',
        url: `/api/video/${copy._id}/render`,
        headers: headers(admin),
      });
      expect(render.statusCode).toBe(202);
      await stream.next((e) => e._id === copy._id && (e.status === 'rendered' || e.status === 'error'));
      const statuses = stream.events.filter((e) => e._id === copy._id).map((e) => e.status);
      expect(statuses[0]).toBe('preparing');
      expect(statuses).toContain('rendering');
      expect(statuses.at(-1)).toBe('rendered');
      const progress = stream.events.filter((e) => e.status === 'rendering').map((e) => e.progress!);
      expect(progress).toEqual([...progress].sort((x, y) => x - y));
      const got = (
        await t.app.inject({ method: 'GET', url: `/api/video/${copy._id}`, headers: headers(admin) })
      ).json().data as TVideoTemplate;
      expect(got).toMatchObject({ status: 'rendered', isSample: false, _owner: admin.user.id });
      const [asset] = await t.db.select().from(videoAssets).where(eq(videoAssets.id, got._file!));
      expect(asset!.companyId).toBe(admin.company.id);
      const mails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, admin.user.email));
      expect(mails).toHaveLength(1);
    } finally {
      await stream.close();
    }
  }, 600_000);
});
