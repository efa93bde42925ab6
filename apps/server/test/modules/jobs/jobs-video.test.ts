import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoAssets } from '@hirecast/db/schema';
import { createJob } from '@hirecast/db/factories';
import { jobMessages } from '@hirecast/domain/job-messages';
import { createTestApp } from '../../support/helper.ts';
import { jobApi, jobRow } from '../../support/jobs-support.ts';
import { companyWithMember } from '../../support/sessions.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let api: ReturnType<typeof jobApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = jobApi(t.app);
});
afterAll(() => t.close());

async function libraryVideo(companyId: string, status = 'prepared') {
  const [row] = await t.db
    .insert(videoAssets)
    .values({
      companyId,
      title: 'Meet the kitchen',
      fileName: 'kitchen.mp4',
      status,
      originalKey: `uploads/${companyId}/7f0b3c39-5c5e-4a43-9a55-2f6a8c0e3b10.mp4`,
      data: { videoMp4Url: `uploads/${companyId}/7f0b3c39-5c5e-4a43-9a55-2f6a8c0e3b10-480p.mp4` },
    })
    .returning();
  return row!;
}

// spec 1 §3 `_video (asset or string)`: a job's video is a library video or a pasted link.
describe('a library video on a job', () => {
  it('stores the asset id, answers the asset with signed URLs, and a link replaces it', async () => {
    const admin = await companyWithMember(t.db, 2);
    const job = await createJob(t.db, { companyId: admin.company.id });
    const asset = await libraryVideo(admin.company.id);

    const res = await api.patch(admin, job.id, { _video: asset.id });
    expect(res.statusCode).toBe(200);
    const video = res.json().data._video;
    expect(video).toMatchObject({ _id: asset.id, title: 'Meet the kitchen', status: 'prepared' });
    expect(video.data.videoMp4Url).toMatch(/\/api\/storage\/uploads\/.+-480p\.mp4\?expires=\d+&signature=/);
    expect(await jobRow(t.db, job.id)).toMatchObject({ videoAssetId: asset.id, video: null });

    // The list answers it too (loaded in one query for every job).
    const listed = (await api.list(admin)).json().data.find((j: { _id: string }) => j._id === job.id);
    expect(listed._video._id).toBe(asset.id);

    const link = await api.patch(admin, job.id, { _video: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(link.json().data._video).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(await jobRow(t.db, job.id)).toMatchObject({ videoAssetId: null });

    await api.patch(admin, job.id, { _video: asset.id });
    expect((await api.patch(admin, job.id, { _video: null })).json().data._video).toBeNull();
    expect(await jobRow(t.db, job.id)).toMatchObject({ videoAssetId: null, video: null });
  });

  it("refuses another company's video and one that failed processing, changing nothing", async () => {
    const admin = await companyWithMember(t.db, 2);
    const other = await companyWithMember(t.db, 2);
    const job = await createJob(t.db, { companyId: admin.company.id });
    const theirs = await libraryVideo(other.company.id);
    const broken = await libraryVideo(admin.company.id, 'error');

    const foreign = await api.patch(admin, job.id, { _video: theirs.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(jobMessages.videoAssetMissing);
    const failed = await api.patch(admin, job.id, { _video: broken.id });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().error.message).toBe(jobMessages.videoAssetFailed);
    expect(await jobRow(t.db, job.id)).toMatchObject({ videoAssetId: null, video: null });
  });

  it('lets viewers neither add nor replace a video', async () => {
    const viewer = await companyWithMember(t.db, 0);
    const job = await createJob(t.db, { companyId: viewer.company.id });
    const asset = await libraryVideo(viewer.company.id);
    const res = await api.patch(viewer, job.id, { _video: asset.id });
    expect(res.statusCode).toBe(403);
    expect(await jobRow(t.db, job.id)).toMatchObject({ videoAssetId: null });
  });

  it('keeps the job when its video is deleted from the library', async () => {
    const admin = await companyWithMember(t.db, 2);
    const asset = await libraryVideo(admin.company.id);
    const job = await createJob(t.db, { companyId: admin.company.id, videoAssetId: asset.id });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/asset/${asset.id}`,
      headers: { authorization: `Bearer ${admin.token}`, 'x-company-id': admin.company.id },
    });
    expect(del.statusCode).toBeLessThan(300);
    expect((await api.get(admin, job.id)).json().data._video).toBeNull();
  });
});
