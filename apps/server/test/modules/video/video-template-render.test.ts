import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJob } from '@hirecast/db/factories';
import { outboxEmails, transcripts, videoAssets, videoTemplates } from '@hirecast/db/schema';
import type { TVideoTemplate } from '@hirecast/domain/video-template';
import { buildTemplateTimeline } from '@hirecast/domain/video-template-timeline';
import { createTestApp } from '../../support/helper.ts';
import { companyWithMember } from '../../support/sessions.ts';
import { headers, type TActor } from '../../support/assets-support.ts';
import { corruptClip, inspectMp4, makeClip } from '../../support/video-pipeline-support.ts';
import { templateData } from '../../support/video-templates-support.ts';
import { videoRenderDeps } from '../../../src/modules/video/deps.ts';
import {
  renderVideoTemplate,
  TemplateRenderError,
  type TRenderDeps,
} from '../../../src/modules/video/render-job.ts';
import { storedKeys } from '../../../src/modules/assets/serialize.ts';
import type { TJobContext } from '../../../src/lib/queue/queue.ts';

// A real render (skia frames, ffmpeg) of short generated clips through the job handler, as the queue would run
// it, attempt after attempt: a worker killed mid-render, one that dies after storing the MP4, a duplicate
// delivery. The queue's own retrying is pg-boss's (queue.test.ts); here each attempt is called directly.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ QUEUE_INPROCESS: 'false' });
}, 120_000);
afterAll(() => t.close());

const job = (attempt: number, signal = new AbortController().signal): TJobContext => ({
  id: randomUUID(),
  attempt,
  isLastAttempt: attempt >= 3,
  signal,
});

async function storedClip(actor: TActor, body: Uint8Array, seconds: number) {
  const key = `uploads/${actor.company.id}/${randomUUID()}.mp4`;
  await t.app.ctx.storage.put({ key, body, contentType: 'video/mp4' });
  const [asset] = await t.db
    .insert(videoAssets)
    .values({
      companyId: actor.company.id,
      ownerId: actor.user.id,
      title: 'Clip',
      fileName: 'clip.mp4',
      status: 'prepared',
      originalKey: key,
      data: { videoUrl: key },
      duration: seconds,
    })
    .returning();
  return { assetId: asset!.id, duration: seconds * 1000 };
}

async function finalized(
  actor: TActor,
  type: 'landscape' | 'portrait',
  clips: { assetId: string; duration: number }[],
) {
  const data = templateData(type, clips, { soundtrack: 'soundtrack-3', volume: 0.2 });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/video',
    headers: headers(actor),
    payload: { title: 'Meet the team', data },
  });
  const video = created.json().data as TVideoTemplate;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/video/${video._id}/render`,
    headers: headers(actor),
  });
  expect(res.statusCode).toBe(202);
  const [row] = await t.db.select().from(videoTemplates).where(eq(videoTemplates.id, video._id));
  return { video, renderId: row!.renderId!, data };
}

describe('the video.render job', () => {
  it('survives a killed worker and a dead one, ends rendered once with one asset and one email', async () => {
    const admin = await companyWithMember(t.db, 2);
    const withSound = await storedClip(
      admin,
      makeClip({ width: 640, height: 360, seconds: 1.5, audio: true }),
      1.5,
    );
    const silent = await storedClip(
      admin,
      makeClip({ width: 360, height: 640, seconds: 1, audio: false }),
      1,
    );
    const { video, renderId, data } = await finalized(admin, 'landscape', [withSound, silent]);
    // The clip with sound was transcribed (issue 34): its words go into the rendered video's captions.
    await t.db.insert(transcripts).values({
      assetId: withSound.assetId,
      companyId: admin.company.id,
      status: 'done',
      language: 'en',
      segments: [{ start: 0.2, end: 1.3, text: 'We bake at dawn.' }],
    });
    const base = videoRenderDeps(t.app.ctx);
    const seen: string[] = [];

    // Attempt 1: the worker is killed half-way through the frames (pg-boss aborts the job's signal).
    const kill = new AbortController();
    const killing: TRenderDeps = {
      ...base,
      render: (input) =>
        base.render({
          ...input,
          onProgress: (f) => {
            input.onProgress?.(f);
            if (f > 0.3) kill.abort(new Error('worker killed'));
          },
        }),
    };
    await expect(
      renderVideoTemplate(killing, { templateId: video._id, renderId, job: job(1, kill.signal) }),
    ).rejects.toThrow();
    const [afterKill] = await t.db.select().from(videoTemplates).where(eq(videoTemplates.id, video._id));
    expect(afterKill).toMatchObject({ status: 'rendering', fileId: null });
    expect(afterKill!.progress).toBeGreaterThan(0);

    // Attempt 2: renders, stores the MP4 and its asset, then dies before the renditions.
    await expect(
      renderVideoTemplate(base, {
        templateId: video._id,
        renderId,
        job: job(2),
        hooks: {
          afterStep: (step) => {
            seen.push(step);
            if (step === 'stored') throw new Error('worker died');
          },
        },
      }),
    ).rejects.toThrow('worker died');
    expect(seen).toEqual(['prepared', 'rendered', 'stored']);

    // Attempt 3 (the last): finds the stored MP4, runs the pipeline and finishes; a duplicate changes nothing.
    const steps: string[] = [];
    const done = await renderVideoTemplate(base, {
      templateId: video._id,
      renderId,
      job: job(3),
      hooks: { afterStep: (step) => void steps.push(step) },
    });
    expect(done).toMatchObject({ outcome: 'rendered', assetId: renderId, notified: true });
    expect(steps).toEqual(['processed']);
    expect(await renderVideoTemplate(base, { templateId: video._id, renderId, job: job(3) })).toEqual({
      outcome: 'skipped',
    });

    const assets = await t.db.select().from(videoAssets).where(eq(videoAssets.id, renderId));
    expect(assets).toHaveLength(1);
    expect(assets[0]).toMatchObject({ companyId: admin.company.id, ownerId: admin.user.id, exclude: true });
    const mails = await t.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, admin.user.email), like(outboxEmails.subject, '%is ready')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('/content?tab=animated');

    const got = (
      await t.app.inject({ method: 'GET', url: `/api/video/${video._id}`, headers: headers(admin) })
    ).json().data as TVideoTemplate;
    expect(got).toMatchObject({ status: 'rendered', progress: 100, _file: renderId, errorReason: null });
    for (const url of [got.videoMp4Url, got.videoMp4Url_720p, got.thumbnail]) expect(url).toMatch(/^http/);

    // The stored renditions are H.264/AAC as long as the timeline; the 720p is the render's own size.
    const timeline = buildTemplateTimeline('landscape', data);

    // Issue 34 item 2: its captions come from the plan: each card's words while it shows, the clip's speech
    // where the clip plays; no engine minutes were spent on it.
    const clipScene = timeline.scenes.find((s) => s.kind === 'video')!;
    const vtt = await t.app.inject({
      method: 'GET',
      url: `/api/asset/${renderId}/captions.vtt`,
      headers: headers(admin),
    });
    expect(vtt.statusCode).toBe(200);
    expect(vtt.body).toContain('Join our team');
    expect(vtt.body).toContain('Apply today');
    // The clip (1.5 s) plays from 2.5 s; its speech (0.2–1.3 s) is cut at the middles of its crossfades.
    expect(clipScene).toMatchObject({ startMs: 2500, endMs: 4000, fadeInMs: 500, fadeOutMs: 500 });
    expect(vtt.body).toContain('00:00:02.750 --> 00:00:03.750\nWe bake at dawn.');
    const [planned] = await t.db.select().from(transcripts).where(eq(transcripts.assetId, renderId));
    expect(planned).toMatchObject({
      status: 'done',
      model: 'render plan',
      durationSeconds: 0,
      language: 'en',
    });
    const mp4 = inspectMp4((await t.app.ctx.storage.read(assets[0]!.data.videoMp4Url_720p!))!);
    expect(mp4.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(Math.abs(mp4.duration - timeline.durationMs / 1000)).toBeLessThan(0.1);
    expect(mp4.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 1280, height: 720 });
    expect(mp4.fastStart).toBe(true);

    // It can go on a job: the job's video is the template's asset.
    const rendered = await t.app.inject({
      method: 'GET',
      url: '/api/video?status=rendered',
      headers: headers(admin),
    });
    expect(rendered.json().data.videos.map((v: TVideoTemplate) => v._file)).toEqual([renderId]);
    const asset = await t.app.inject({
      method: 'GET',
      url: `/api/asset/${renderId}`,
      headers: headers(admin),
    });
    expect(asset.json().data).toMatchObject({ status: 'prepared', dimension: 'landscape' });
    const jobRow = await createJob(t.db, { companyId: admin.company.id });
    const onJob = await t.app.inject({
      method: 'PATCH',
      url: `/api/job/${jobRow.id}`,
      headers: headers(admin),
      payload: { _video: got._file },
    });
    expect(onJob.statusCode).toBe(200);
    expect(onJob.json().data._video.data.videoMp4Url).toMatch(/-480p\.mp4\?/);
    // And as one of its additional videos (spec 1: "Add a video (recorded, animated, or a pasted link)").
    const extra = await t.app.inject({
      method: 'PATCH',
      url: `/api/job/${jobRow.id}`,
      headers: headers(admin),
      payload: { additionalVideos: [got._file] },
    });
    expect(extra.statusCode).toBe(200);
    expect(extra.json().data.additionalVideos).toMatchObject([{ _id: renderId, status: 'prepared' }]);
  }, 240_000);

  it('ends in error with the reason when a clip is broken, and can be finalized again', async () => {
    const admin = await companyWithMember(t.db, 2);
    const broken = await storedClip(admin, corruptClip(), 2);
    const { video, renderId } = await finalized(admin, 'portrait', [broken]);
    const result = await renderVideoTemplate(videoRenderDeps(t.app.ctx), {
      templateId: video._id,
      renderId,
      job: job(1),
    });
    expect(result.outcome).toBe('failed');
    const got = (
      await t.app.inject({ method: 'GET', url: `/api/video/${video._id}`, headers: headers(admin) })
    ).json().data as TVideoTemplate;
    expect(got.status).toBe('error');
    expect(got.errorReason).toMatch(/^VideoPlayer template error: The clip of "Clip 1" could not be read/);
    expect(got._file).toBeNull();
    expect(await t.db.select().from(videoAssets).where(eq(videoAssets.id, renderId))).toHaveLength(0);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/video/${video._id}/render`,
      headers: headers(admin),
    });
    expect(again.json().data).toMatchObject({ status: 'preparing', errorReason: null });
  }, 60_000);
  it('a re-render replaces the files of the previous one; the job showing it plays the new render', async () => {
    const admin = await companyWithMember(t.db, 2);
    const clip = await storedClip(admin, makeClip({ width: 640, height: 360, seconds: 1, audio: true }), 1);
    const { video, renderId: first, data } = await finalized(admin, 'landscape', [clip]);
    const deps = videoRenderDeps(t.app.ctx);
    const storage = t.app.ctx.storage;
    const exists = async (key: string) => (await storage.head(key)) !== null;
    const assetRow = async (id: string) =>
      (await t.db.select().from(videoAssets).where(eq(videoAssets.id, id)))[0];

    expect(
      await renderVideoTemplate(deps, { templateId: video._id, renderId: first, job: job(1) }),
    ).toMatchObject({
      outcome: 'rendered',
      assetId: first,
    });
    const firstKeys = storedKeys((await assetRow(first))!);
    // The MP4, its 480p and 720p, thumbnails and posters of the first render, each in storage.
    expect(firstKeys.filter((k) => k.includes(first)).length).toBeGreaterThanOrEqual(6);
    const firstWritten: string[] = [];
    for (const key of firstKeys) if (await exists(key)) firstWritten.push(key);
    expect(firstWritten.length).toBeGreaterThanOrEqual(6);
    expect(firstWritten.some((k) => k.endsWith(`${first}.mp4`))).toBe(true);
    expect(firstWritten.some((k) => k.endsWith('-720p.mp4'))).toBe(true);
    expect(firstWritten.some((k) => k.endsWith('.jpg'))).toBe(true);
    expect(firstWritten.some((k) => k.endsWith('.webp'))).toBe(true);

    // A job shows it.
    const jobRow = await createJob(t.db, { companyId: admin.company.id });
    const onJob = await t.app.inject({
      method: 'PATCH',
      url: `/api/job/${jobRow.id}`,
      headers: headers(admin),
      payload: { _video: first },
    });
    expect(onJob.statusCode).toBe(200);

    // Changed and finalized again: a second render, with its own render id.
    const changed = {
      ...data,
      sections: data.sections.map((s) => (s.type === 'video' ? { ...s, title: 'Our floor' } : s)),
    };
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/video/${video._id}`,
      headers: headers(admin),
      payload: { title: 'Meet the floor team', data: changed },
    });
    expect(patched.json().data).toMatchObject({ status: 'draft', _file: first });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/video/${video._id}/render`, headers: headers(admin) }))
        .statusCode,
    ).toBe(202);
    const [again] = await t.db.select().from(videoTemplates).where(eq(videoTemplates.id, video._id));
    const second = again!.renderId!;
    expect(second).not.toBe(first);
    expect(
      await renderVideoTemplate(deps, { templateId: video._id, renderId: second, job: job(1) }),
    ).toMatchObject({ outcome: 'rendered', assetId: first });

    // The template keeps its one asset, now holding the second render's files; the second's own row is gone.
    expect(await assetRow(second)).toBeUndefined();
    const kept = (await assetRow(first))!;
    expect(kept).toMatchObject({ title: 'Meet the floor team', status: 'prepared', exclude: true });
    expect(kept.originalKey).toBe(`uploads/${admin.company.id}/${second}.mp4`);
    const secondKeys = storedKeys(kept);
    for (const key of [
      kept.originalKey!,
      kept.data.videoMp4Url!,
      kept.data.videoMp4Url_720p!,
      kept.data.image640!,
      ...kept.thumbnails,
    ]) {
      expect(key).toContain(second);
      expect(await exists(key), key).toBe(true);
    }
    // Every file of the first render is gone from storage.
    for (const key of firstWritten) {
      expect(secondKeys).not.toContain(key);
      expect(await exists(key), key).toBe(false);
    }
    const got = (
      await t.app.inject({ method: 'GET', url: `/api/video/${video._id}`, headers: headers(admin) })
    ).json().data as TVideoTemplate;
    expect(got).toMatchObject({ status: 'rendered', _file: first });
    expect(got.videoMp4Url_720p).toContain(`${second}-720p.mp4`);

    // The job still names the same video and plays the second render: its URL serves the new file.
    const jobAnswer = await t.app.inject({
      method: 'GET',
      url: `/api/job/${jobRow.id}`,
      headers: headers(admin),
    });
    expect(jobAnswer.statusCode).toBe(200);
    const jobVideo = jobAnswer.json().data._video as { _id: string; data: { videoMp4Url: string } };
    expect(jobVideo._id).toBe(first);
    expect(jobVideo.data.videoMp4Url).toContain(`${second}-480p.mp4`);
    const url = new URL(jobVideo.data.videoMp4Url);
    const served = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(served.statusCode).toBe(200);
    const mp4 = inspectMp4(served.rawPayload);
    const timeline = buildTemplateTimeline('landscape', changed);
    expect(Math.abs(mp4.duration - timeline.durationMs / 1000)).toBeLessThan(0.1);

    // A third render that fails for good after storing its MP4: its own asset and files go, the kept video stays.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/video/${video._id}`,
      headers: headers(admin),
      payload: { data },
    });
    await t.app.inject({ method: 'POST', url: `/api/video/${video._id}/render`, headers: headers(admin) });
    const [third] = await t.db.select().from(videoTemplates).where(eq(videoTemplates.id, video._id));
    const failed = await renderVideoTemplate(deps, {
      templateId: video._id,
      renderId: third!.renderId!,
      job: job(1),
      hooks: {
        afterStep: (step) => {
          if (step === 'stored') throw new TemplateRenderError('the disk broke');
        },
      },
    });
    expect(failed.outcome).toBe('failed');
    expect(await assetRow(third!.renderId!)).toBeUndefined();
    expect(await exists(`uploads/${admin.company.id}/${third!.renderId!}.mp4`)).toBe(false);
    expect((await assetRow(first))!.originalKey).toBe(kept.originalKey);
    for (const key of [kept.originalKey!, kept.data.videoMp4Url!, kept.data.videoMp4Url_720p!])
      expect(await exists(key), key).toBe(true);

    // Deleting the template keeps the video the job shows (asset and files)…
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/video/${video._id}`,
      headers: headers(admin),
    });
    expect(removed.statusCode).toBe(200);
    expect(await assetRow(first)).toBeDefined();
    expect(await exists(kept.data.videoMp4Url!)).toBe(true);
    const stillOnJob = await t.app.inject({
      method: 'GET',
      url: `/api/job/${jobRow.id}`,
      headers: headers(admin),
    });
    expect(stillOnJob.json().data._video._id).toBe(first);
  }, 240_000);

  it('deleting a rendered template that nothing shows removes its video and files', async () => {
    const admin = await companyWithMember(t.db, 2);
    const clip = await storedClip(admin, makeClip({ width: 640, height: 360, seconds: 1, audio: false }), 1);
    const { video, renderId } = await finalized(admin, 'portrait', [clip]);
    await renderVideoTemplate(videoRenderDeps(t.app.ctx), { templateId: video._id, renderId, job: job(1) });
    const [asset] = await t.db.select().from(videoAssets).where(eq(videoAssets.id, renderId));
    const keys: string[] = [];
    for (const key of storedKeys(asset!)) if (await t.app.ctx.storage.head(key)) keys.push(key);
    expect(keys.length).toBeGreaterThanOrEqual(6);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/video/${video._id}`,
      headers: headers(admin),
    });
    expect(removed.statusCode).toBe(200);
    expect(await t.db.select().from(videoAssets).where(eq(videoAssets.id, renderId))).toHaveLength(0);
    for (const key of keys) expect(await t.app.ctx.storage.head(key), key).toBeNull();
  }, 120_000);

  it('a render overtaken by another (finalized again while it ran) removes its own video and files', async () => {
    const admin = await companyWithMember(t.db, 2);
    const clip = await storedClip(admin, makeClip({ width: 640, height: 360, seconds: 1, audio: false }), 1);
    const { video, renderId } = await finalized(admin, 'portrait', [clip]);
    const overtaken = await renderVideoTemplate(videoRenderDeps(t.app.ctx), {
      templateId: video._id,
      renderId,
      job: job(1),
      hooks: {
        // As a second Finalize (or the stale-render restart) does while this attempt is finishing.
        afterStep: async (step) => {
          if (step === 'processed')
            await t.db
              .update(videoTemplates)
              .set({ renderId: randomUUID(), status: 'preparing' })
              .where(eq(videoTemplates.id, video._id));
        },
      },
    });
    expect(overtaken.outcome).toBe('skipped');
    expect(await t.db.select().from(videoAssets).where(eq(videoAssets.id, renderId))).toHaveLength(0);
    expect(await t.app.ctx.storage.head(`uploads/${admin.company.id}/${renderId}.mp4`)).toBeNull();
    const [template] = await t.db.select().from(videoTemplates).where(eq(videoTemplates.id, video._id));
    expect(template!.status).toBe('preparing');
  }, 120_000);
});
