import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoAssets } from '@hirecast/db/schema';
import { createJob } from '@hirecast/db/factories';
import { jobMessages } from '@hirecast/domain/job-messages';
import { createTestApp } from '../../support/helper.ts';
import { headers, jobApi, jobRow } from '../../support/jobs-support.ts';
import { companyWithMember } from '../../support/sessions.ts';
import { hostedVideo, SITE_TEST_ENV } from '../../support/site-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let api: ReturnType<typeof jobApi>;
beforeAll(async () => {
  t = await createTestApp(SITE_TEST_ENV);
  api = jobApi(t.app);
});
afterAll(() => t.close());

async function libraryVideo(
  companyId: string,
  { title = 'Meet the kitchen', status = 'prepared', exclude = false } = {},
) {
  const [row] = await t.db
    .insert(videoAssets)
    .values({ companyId, title, fileName: 'kitchen.mp4', status, exclude })
    .returning();
  return row!;
}

const idsOf = (videos: { _id: string }[]) => videos.map((v) => v._id);
const getPublic = (shortId: string) => t.app.inject({ method: 'GET', url: `/api/public/job/${shortId}` });

// spec 1 §3 Job listing `additionalVideos (list of _asset and order)`.
describe("a job's additional videos", () => {
  it('sets, reorders and removes them, answering the assets in order', async () => {
    const admin = await companyWithMember(t.db, 2);
    const job = await createJob(t.db, { companyId: admin.company.id });
    const [a, b, c] = [
      await libraryVideo(admin.company.id, { title: 'A' }),
      await libraryVideo(admin.company.id, { title: 'B' }),
      await libraryVideo(admin.company.id, { title: 'C' }),
    ];

    const set = await api.patch(admin, job.id, { additionalVideos: [b.id, a.id, c.id, b.id] });
    expect(set.statusCode).toBe(200);
    // Duplicates are dropped, the order kept.
    expect(idsOf(set.json().data.additionalVideos)).toEqual([b.id, a.id, c.id]);
    expect(set.json().data.additionalVideos[0]).toMatchObject({ _id: b.id, title: 'B' });
    expect((await jobRow(t.db, job.id))!.additionalVideos).toEqual([
      { assetId: b.id, order: 0 },
      { assetId: a.id, order: 1 },
      { assetId: c.id, order: 2 },
    ]);

    const reordered = await api.patch(admin, job.id, { additionalVideos: [c.id, b.id, a.id] });
    expect(idsOf(reordered.json().data.additionalVideos)).toEqual([c.id, b.id, a.id]);
    // GET and the list answer them too.
    expect(idsOf((await api.get(admin, job.id)).json().data.additionalVideos)).toEqual([c.id, b.id, a.id]);
    const listed = (await api.list(admin)).json().data.find((j: { _id: string }) => j._id === job.id);
    expect(idsOf(listed.additionalVideos)).toEqual([c.id, b.id, a.id]);

    const removed = await api.patch(admin, job.id, { additionalVideos: [c.id, a.id] });
    expect(idsOf(removed.json().data.additionalVideos)).toEqual([c.id, a.id]);
    const cleared = await api.patch(admin, job.id, { additionalVideos: [] });
    expect(cleared.json().data.additionalVideos).toEqual([]);
    expect((await jobRow(t.db, job.id))!.additionalVideos).toEqual([]);
  });

  it("refuses another company's video, one that failed and a candidate's video, changing nothing", async () => {
    const admin = await companyWithMember(t.db, 2);
    const other = await companyWithMember(t.db, 2);
    const job = await createJob(t.db, { companyId: admin.company.id });
    const mine = await libraryVideo(admin.company.id);
    const theirs = await libraryVideo(other.company.id);
    const broken = await libraryVideo(admin.company.id, { status: 'error' });
    const candidate = await libraryVideo(admin.company.id, { exclude: true });

    const cases = [
      [theirs.id, jobMessages.videoAssetMissing],
      [broken.id, jobMessages.videoAssetFailed],
      [candidate.id, jobMessages.videoAssetMissing],
    ] as const;
    for (const [id, message] of cases) {
      const res = await api.patch(admin, job.id, { additionalVideos: [mine.id, id] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const notUuid = await api.patch(admin, job.id, { additionalVideos: ['not-a-uuid'] });
    expect(notUuid.statusCode).toBe(400);
    const tooMany = await api.patch(admin, job.id, { additionalVideos: Array(11).fill(mine.id) });
    expect(tooMany.statusCode).toBe(400);
    expect((await jobRow(t.db, job.id))!.additionalVideos).toEqual([]);
  });

  it('lets viewers not change them', async () => {
    const viewer = await companyWithMember(t.db, 0);
    const job = await createJob(t.db, { companyId: viewer.company.id });
    const asset = await libraryVideo(viewer.company.id);
    expect((await api.patch(viewer, job.id, { additionalVideos: [asset.id] })).statusCode).toBe(403);
    expect((await jobRow(t.db, job.id))!.additionalVideos).toEqual([]);
  });

  it('answers them on the public job in order only when the switch is on; a deleted one drops out', async () => {
    const admin = await companyWithMember(t.db, 2);
    const job = await createJob(t.db, { companyId: admin.company.id, status: 'open' });
    const first = await hostedVideo(t.db, admin.company.id);
    const second = await hostedVideo(t.db, admin.company.id);
    const third = await hostedVideo(t.db, admin.company.id);
    await api.patch(admin, job.id, { additionalVideos: [third.id, first.id, second.id] });

    expect((await getPublic(job.shortId)).json().data.additionalVideos).toEqual([]);

    await api.patch(admin, job.id, { showAdditionalVideos: true });
    const shown = (await getPublic(job.shortId)).json().data.additionalVideos;
    expect(shown.map((v: { assetId: string }) => v.assetId)).toEqual([third.id, first.id, second.id]);
    expect(shown[0]).toMatchObject({ kind: 'hosted', assetId: third.id, width: 1280, height: 720 });
    expect(shown[0].mp4).toMatch(/\/api\/storage\/uploads\/.+-480p\.mp4\?expires=\d+&signature=/);
    expect(shown[0].poster).toMatch(/-640\.jpg\?expires=\d+&signature=/);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/asset/${first.id}`,
      headers: headers(admin),
    });
    expect(del.statusCode).toBeLessThan(300);
    const after = (await getPublic(job.shortId)).json().data.additionalVideos;
    expect(after.map((v: { assetId: string }) => v.assetId)).toEqual([third.id, second.id]);
    expect(idsOf((await api.get(admin, job.id)).json().data.additionalVideos)).toEqual([third.id, second.id]);
  });
});
