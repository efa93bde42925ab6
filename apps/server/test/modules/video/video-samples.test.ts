import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails, videoAssets, videoTemplates } from '@hirecast/db/schema';
import type { TVideoTemplate } from '@hirecast/domain/video-template';
import { validateTemplateForFinalize } from '@hirecast/domain/video-template-rules';
import { createTestApp } from '../../support/helper.ts';
import { companyWithMember } from '../../support/sessions.ts';
import { headers } from '../../support/assets-support.ts';
import { inspectMp4 } from '../../support/video-pipeline-support.ts';
import { openEventStream } from '../../support/video-events-support.ts';
import { seedSampleTemplates } from '../../../src/modules/video/samples.ts';
import { videoToolsFrom } from '../../../src/lib/video/tools.ts';
import { videoRenderDeps } from '../../../src/modules/video/deps.ts';
import { registerVideoRender } from '../../../src/modules/video/handlers.ts';
import { SEEDED_PRIORITY } from '../../../src/modules/video-processing/index.ts';

// The samples as a first start makes them, and "make one like this" through the real queue: seed → a company
// copies the portrait sample, finalizes it, and watches the live status reach rendered. Only the render worker
// runs (the sample clips' processing is not needed for a render).
let t: Awaited<ReturnType<typeof createTestApp>>;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ QUEUE_INPROCESS: 'false' });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(() => t.close());

describe('sample animated videos', () => {
  it('are seeded once with real clips, render, and a company makes one like them', async () => {
    expect(await seedSampleTemplates(t.app.ctx, videoToolsFrom(t.config))).toBe(3);
    expect(await seedSampleTemplates(t.app.ctx, videoToolsFrom(t.config))).toBe(0);
    const samples = await t.db.select().from(videoTemplates).where(eq(videoTemplates.isSample, true));
    expect(samples.map((s) => s.type).sort()).toEqual(['landscape', 'landscape', 'portrait']);
    // Their clips are processed after the videos people upload (made at first start, like the onboarding ones).
    const queued = await t.db.execute<{ priority: number }>(
      sql`select priority from pgboss.job where name = 'video.process'`,
    );
    expect(queued.rows.map((r) => r.priority)).toEqual(Array.from({ length: 7 }, () => SEEDED_PRIORITY));

    const admin = await companyWithMember(t.db, 2);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/video', headers: headers(admin) })).json()
      .data;
    expect(listed.videosCount).toBe(0);
    expect(listed.videos).toEqual([]);
    expect(listed.samples).toHaveLength(3);
    expect(listed.samples.every((v: TVideoTemplate) => v.isSample)).toBe(true);

    // A sample's clip is a real video of its size.
    const portrait = samples.find((s) => s.type === 'portrait')!;
    const clipId = (
      portrait.data as { sections: { type: string; video?: { assetId: string } }[] }
    ).sections.find((s) => s.type === 'video')!.video!.assetId;
    const [clip] = await t.db.select().from(videoAssets).where(eq(videoAssets.id, clipId));
    const probed = inspectMp4((await t.app.ctx.storage.read(clip!.originalKey!))!);
    expect(probed.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 720, height: 1280 });

    // Renderable: complete, and read by anyone (its preview plays from the clips' URLs).
    const sample = (
      await t.app.inject({ method: 'GET', url: `/api/video/${portrait.id}`, headers: headers(admin) })
    ).json().data as TVideoTemplate;
    expect(sample).toMatchObject({ status: 'draft', isSample: true, dimension: 'portrait', _owner: null });
    expect(validateTemplateForFinalize(sample.data)).toEqual([]);
    const firstClip = sample.data.sections.find((s) => s.type === 'video')!;
    expect(firstClip.type === 'video' && firstClip.video.url).toMatch(/^http.*\/uploads\//);
    await registerVideoRender(t.app.ctx.queue, videoRenderDeps(t.app.ctx));

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
      await stream.next(
        (e) => e._id === copy._id && (e.status === 'rendered' || e.status === 'error'),
        280_000,
      );
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
