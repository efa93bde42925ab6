import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, jobs, videoAssets } from '@hirecast/db/schema';
import { applyMessages } from '@hirecast/domain/application';
import { buildSharePath } from '@hirecast/domain/share-url';
import { loadCandidateApplication } from '../../../src/modules/public-apply/manage.ts';
import { createTestApp } from '../../support/helper.ts';
import { mp4Bytes } from '../../support/assets-support.ts';
import {
  apply,
  applicationRow,
  applyBody,
  assetRow,
  manageToken,
  openJob,
  pdfBytes,
  putCandidateFile,
  storedFile,
  uniqueEmail,
  uploadCandidateVideo,
} from '../../support/apply-support.ts';

// The candidate's private link from the confirmation email: view, withdraw, delete; only that application.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t.close());

const link = (token: string, suffix = '') => `/api/public/application/${token}${suffix}`;
const notFound = { error: { code: 'NOT_FOUND', message: applyMessages.linkInvalid404 } };

/** An application with a CV and a video; answers its id, token and the job. */
async function applied() {
  const { job, company } = await openJob(t.db);
  const cvKey = await putCandidateFile(t.app, job.shortId, pdfBytes());
  const { uploadId } = await uploadCandidateVideo(t.app, job.shortId, mp4Bytes(8192));
  const email = uniqueEmail();
  const res = await apply(
    t.app,
    job.shortId,
    applyBody({ email, cv: { key: cvKey, fileName: 'cv.pdf' }, video: { uploadId } }),
  );
  expect(res.statusCode).toBe(201);
  const id = res.json().data.applicationId as string;
  return { id, token: await manageToken(t.db, email), job, company, email, cvKey };
}

describe('the private link', () => {
  it('shows the application, with the job page while the job is open', async () => {
    const { id, token, job, company, email } = await applied();
    const res = await t.app.inject({ method: 'GET', url: link(token) });
    expect(res.statusCode).toBe(200);
    const path = buildSharePath({
      city: 'London',
      companyName: company.name,
      title: job.title,
      shortId: job.shortId,
    });
    expect(res.json().data).toEqual({
      _id: id,
      status: 'new',
      sentAt: expect.any(String),
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      job: { title: job.title, companyName: company.name, companyLogo: company.logo, url: path },
      hasVideo: true,
      hasCv: true,
      erasureRequestedAt: null,
    });
    expect(await loadCandidateApplication(t.app.ctx, token)).toEqual(res.json().data);

    await t.db.update(jobs).set({ status: 'closed' }).where(eq(jobs.id, job.id));
    expect((await t.app.inject({ method: 'GET', url: link(token) })).json().data.job.url).toBeNull();
  });

  it('answers 404 for tokens that match nothing', async () => {
    for (const token of ['short', 'a'.repeat(43), 'b'.repeat(90), 'a.b~c'.repeat(9)]) {
      const res = await t.app.inject({ method: 'GET', url: link(token) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
      expect(await loadCandidateApplication(t.app.ctx, token)).toBeNull();
    }
  });

  it('withdraws the application, and again changes nothing', async () => {
    const { id, token } = await applied();
    const first = await t.app.inject({ method: 'POST', url: link(token, '/withdraw') });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ _id: id, status: 'withdrawn' });
    const row = (await applicationRow(t.db, id))!;
    expect(row.status).toBe('withdrawn');
    expect(row.withdrawnAt).toBeInstanceOf(Date);

    const again = await t.app.inject({ method: 'POST', url: link(token, '/withdraw') });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe('withdrawn');
    expect(await applicationRow(t.db, id)).toEqual(row);
  });

  it('withdraws whatever the team has done with it', async () => {
    const { id, token } = await applied();
    await t.db.update(applications).set({ status: 'shortlisted' }).where(eq(applications.id, id));
    expect((await t.app.inject({ method: 'POST', url: link(token, '/withdraw') })).json().data.status).toBe(
      'withdrawn',
    );
  });

  it('deletes the application, its CV and every file of its video; the link then answers 404', async () => {
    const { id, token, cvKey, job } = await applied();
    const row = (await applicationRow(t.db, id))!;
    const asset = (await assetRow(t.db, row.videoAssetId!))!;
    // As if the pipeline had run: renditions and thumbnails stored beside the original.
    const base = asset.originalKey!.replace(/\.mp4$/, '');
    const outputs = [`${base}-480p.mp4`, `${base}-thumb1.jpg`, `${base}-image640.webp`];
    for (const key of outputs)
      await t.app.ctx.storage.put({
        key,
        body: new Uint8Array([1, 2, 3]),
        contentType: 'application/octet-stream',
      });
    await t.db
      .update(videoAssets)
      .set({
        data: { videoUrl: asset.originalKey, videoMp4Url: outputs[0], image640: outputs[2] },
        thumbnails: [outputs[1]!],
      })
      .where(eq(videoAssets.id, asset.id));
    const root = t.config.storage.localDir;
    expect([cvKey, asset.originalKey!, ...outputs].every((k) => storedFile(root, k))).toBe(true);
    const [{ submittedApplications: submittedBefore }] = (await t.db
      .select({ submittedApplications: jobs.submittedApplications })
      .from(jobs)
      .where(eq(jobs.id, job.id))) as [{ submittedApplications: number }];

    const res = await t.app.inject({ method: 'DELETE', url: link(token) });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await applicationRow(t.db, id)).toBeUndefined();
    expect(await assetRow(t.db, asset.id)).toBeUndefined();
    expect([cvKey, asset.originalKey!, ...outputs].filter((k) => storedFile(root, k))).toEqual([]);
    // The counters are history and stay.
    const [after] = await t.db
      .select({ n: jobs.submittedApplications })
      .from(jobs)
      .where(eq(jobs.id, job.id));
    expect(after!.n).toBe(submittedBefore);

    for (const [method, suffix] of [
      ['GET', ''],
      ['POST', '/withdraw'],
      ['DELETE', ''],
    ] as const) {
      const gone = await t.app.inject({ method, url: link(token, suffix) });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual(notFound);
    }
  });

  it('works only for its own application', async () => {
    const mine = await applied();
    const theirs = await applied();
    const theirsBefore = await applicationRow(t.db, theirs.id);
    expect((await t.app.inject({ method: 'POST', url: link(mine.token, '/withdraw') })).json().data._id).toBe(
      mine.id,
    );
    expect((await t.app.inject({ method: 'DELETE', url: link(mine.token) })).statusCode).toBe(204);
    expect(await applicationRow(t.db, theirs.id)).toEqual(theirsBefore);
    expect(storedFile(t.config.storage.localDir, theirs.cvKey)).toBe(true);
    // A token differing in one character is another token.
    const altered = `${theirs.token.slice(0, -1)}${theirs.token.endsWith('A') ? 'B' : 'A'}`;
    expect((await t.app.inject({ method: 'DELETE', url: link(altered) })).statusCode).toBe(404);
    expect(await applicationRow(t.db, theirs.id)).toEqual(theirsBefore);
  });
});
