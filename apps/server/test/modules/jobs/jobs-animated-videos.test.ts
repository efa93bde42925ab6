import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoAssets, videoTemplates } from '@hirecast/db/schema';
import { createJob } from '@hirecast/db/factories';
import { jobMessages } from '@hirecast/domain/job-messages';
import type { TVideoTemplate } from '@hirecast/domain/video-template';
import { createTestApp } from '../../support/helper.ts';
import {
  apply,
  applyBody,
  applicationRow,
  openJob,
  uploadCandidateVideo,
} from '../../support/apply-support.ts';
import { mp4Bytes } from '../../support/assets-support.ts';
import { headers, jobApi, jobRow, type TActor } from '../../support/jobs-support.ts';
import { companyWithMember } from '../../support/sessions.ts';
import { clipAsset, templateData } from '../../support/video-templates-support.ts';

// spec 1 "Add a video (recorded, animated, or a pasted link)": a rendered animated video (an asset kept out of
// the recorded library) goes on a job as its video or as an additional video; a candidate's video, also kept
// out of the library, and another company's video never do.
let t: Awaited<ReturnType<typeof createTestApp>>;
let api: ReturnType<typeof jobApi>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
  api = jobApi(t.app);
});
afterAll(() => t.close());

/**
 * An animated video of the company made through the API and left as its render leaves it (render-job.ts): a
 * processed asset whose id is the render's, `exclude` set, the template's `_file`. The real render is
 * video-template-render.test.ts.
 */
async function renderedAnimatedVideo(actor: TActor) {
  const clip = await clipAsset(t.db, actor.company.id, { status: 'prepared', duration: 2 });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/video',
    headers: headers(actor),
    payload: {
      title: 'Meet the team',
      data: templateData('landscape', [{ assetId: clip.id, duration: 2000 }]),
    },
  });
  expect(created.statusCode).toBe(201);
  const template = created.json().data as TVideoTemplate;
  return { template, asset: await renderAgain(template._id, actor.company.id) };
}

/** A finished render of the template: its new asset becomes the template's `_file`. */
async function renderAgain(templateId: string, companyId: string) {
  const renderId = randomUUID();
  const base = `uploads/${companyId}/${renderId}`;
  const [asset] = await t.db
    .insert(videoAssets)
    .values({
      id: renderId,
      companyId,
      title: 'Meet the team',
      fileName: 'Meet the team.mp4',
      status: 'prepared',
      originalKey: `${base}.mp4`,
      data: { videoUrl: `${base}.mp4`, videoMp4Url: `${base}-480p.mp4`, image640: `${base}-640.jpg` },
      dimension: 'landscape',
      width: 1280,
      height: 720,
      duration: 8,
      exclude: true,
    })
    .returning();
  await t.db
    .update(videoTemplates)
    .set({ status: 'rendered', progress: 100, renderId, fileId: renderId, renderedAt: new Date() })
    .where(eq(videoTemplates.id, templateId));
  return asset!;
}

/** A candidate's video introduction, sent through the public apply form. */
async function candidateVideo() {
  const { job, company, adminToken } = await openJob(t.db, { isVideoOptional: true });
  const { uploadId } = await uploadCandidateVideo(t.app, job.shortId, mp4Bytes(4096));
  const res = await apply(t.app, job.shortId, applyBody({ video: { uploadId } }));
  expect(res.statusCode).toBe(201);
  const row = await applicationRow(t.db, res.json().data.applicationId);
  const [asset] = await t.db.select().from(videoAssets).where(eq(videoAssets.id, row!.videoAssetId!));
  expect(asset).toMatchObject({ companyId: company.id, exclude: true });
  return { asset: asset!, admin: { token: adminToken, company } satisfies TActor };
}

const idsOf = (videos: { _id: string }[]) => videos.map((v) => v._id);

describe('an animated video on a job', () => {
  it('is accepted as an additional video and shown on the public job page', async () => {
    const admin = await companyWithMember(t.db, 2);
    const { asset } = await renderedAnimatedVideo(admin);
    // The chooser's Animated videos tab lists it and reads its asset.
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/video?status=rendered',
      headers: headers(admin),
    });
    expect(listed.json().data.videos.map((v: TVideoTemplate) => v._file)).toEqual([asset.id]);
    const job = await createJob(t.db, {
      companyId: admin.company.id,
      status: 'open',
      publishedAt: new Date(),
    });

    const res = await api.patch(admin, job.id, { additionalVideos: [asset.id], showAdditionalVideos: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.additionalVideos).toMatchObject([{ _id: asset.id, title: 'Meet the team' }]);
    expect((await jobRow(t.db, job.id))!.additionalVideos).toEqual([{ assetId: asset.id, order: 0 }]);

    const page = await t.app.inject({ method: 'GET', url: `/api/public/job/${job.shortId}` });
    const shown = page.json().data.additionalVideos;
    expect(shown.map((v: { assetId: string }) => v.assetId)).toEqual([asset.id]);
    expect(shown[0].mp4).toMatch(/-480p\.mp4\?expires=\d+&signature=/);

    // As the job's own video too.
    const main = await api.patch(admin, job.id, { _video: asset.id });
    expect(main.statusCode).toBe(200);
    expect(main.json().data._video._id).toBe(asset.id);
  });

  it('stays on the job when its animated video is rendered again, but the earlier render goes on no other job', async () => {
    const admin = await companyWithMember(t.db, 2);
    const { template, asset: first } = await renderedAnimatedVideo(admin);
    const job = await createJob(t.db, { companyId: admin.company.id });
    expect(
      (await api.patch(admin, job.id, { additionalVideos: [first.id], _video: first.id })).statusCode,
    ).toBe(200);

    const second = await renderAgain(template._id, admin.company.id);
    const kept = await api.patch(admin, job.id, {
      additionalVideos: [second.id, first.id],
      _video: first.id,
    });
    expect(kept.statusCode).toBe(200);
    expect(idsOf(kept.json().data.additionalVideos)).toEqual([second.id, first.id]);

    const other = await createJob(t.db, { companyId: admin.company.id });
    for (const payload of [{ additionalVideos: [first.id] }, { _video: first.id }]) {
      const res = await api.patch(admin, other.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(jobMessages.videoAssetMissing);
    }
  });

  it("refuses a candidate's video and another company's animated video, changing nothing", async () => {
    const { asset: candidate, admin } = await candidateVideo();
    const { asset: mine } = await renderedAnimatedVideo(admin);
    const other = await companyWithMember(t.db, 2);
    const { asset: theirs } = await renderedAnimatedVideo(other);
    const job = await createJob(t.db, { companyId: admin.company.id });

    for (const id of [candidate.id, theirs.id]) {
      for (const [payload, field] of [
        [{ additionalVideos: [mine.id, id] }, 'additionalVideos'],
        [{ _video: id }, '_video'],
      ] as const) {
        const res = await api.patch(admin, job.id, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({
          message: jobMessages.videoAssetMissing,
          fields: { [field]: jobMessages.videoAssetMissing },
        });
      }
    }
    expect(await jobRow(t.db, job.id)).toMatchObject({ additionalVideos: [], videoAssetId: null });
  });
});
