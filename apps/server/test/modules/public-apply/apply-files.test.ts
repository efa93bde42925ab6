import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJob } from '@hirecast/db/factories';
import { APPLY_LIMITS, applyMessages } from '@hirecast/domain/application';
import { createTestApp } from '../../support/helper.ts';
import { companyWithMember } from '../../support/sessions.ts';
import { mp4Bytes, uploadFile } from '../../support/assets-support.ts';
import {
  apply,
  applyBody,
  DOCX,
  openCandidateUpload,
  openJob,
  patchCandidateUpload,
  pdfBytes,
  PDF,
  pngBytes,
  putCandidateFile,
  signedUrl,
  snapshot,
  storedFile,
  uniqueEmail,
  uploadCandidateVideo,
} from '../../support/apply-support.ts';

// The CV and the video an application refers to: checked from their bytes, refused with the exact messages,
// deleted when they can never be used, and nothing written.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t.close());

let job: Awaited<ReturnType<typeof openJob>>['job'];
beforeEach(async () => {
  ({ job } = await openJob(t.db, { isVideoOptional: true }));
});

const root = () => t.config.storage.localDir;
const tusFiles = () => readdirSync(join(t.config.dataDir, 'uploads-tus'));
const newKey = (ext: string, companyId = job.companyId) => `uploads/${companyId}/${randomUUID()}.${ext}`;

async function refused(payload: Record<string, unknown>, field: 'cv' | 'video', message: string) {
  const before = await snapshot(t.db, job.id);
  const res = await apply(t.app, job.shortId, applyBody(payload));
  expect(res.statusCode).toBe(400);
  expect(res.json().error).toEqual({ code: 'VALIDATION', message, fields: { [field]: message } });
  expect(await snapshot(t.db, job.id)).toEqual(before);
}

describe('GET /api/public/signed-url', () => {
  it('signs a 15-minute PUT for a CV or a video under the job’s company', async () => {
    for (const [type, ext] of [
      [PDF, 'pdf'],
      [DOCX, 'docx'],
      ['video/mp4', 'mp4'],
      ['video/webm', 'webm'],
      ['video/quicktime', 'mov'],
    ] as const) {
      const res = await signedUrl(t.app, job.shortId, type);
      expect(res.statusCode).toBe(200);
      const { url, key } = res.json().data;
      expect(key).toMatch(new RegExp(`^uploads/${job.companyId}/[0-9a-f-]{36}\\.${ext}$`));
      const signed = new URL(url);
      expect(signed.pathname).toBe(`/api/storage/${key}`);
      expect(signed.searchParams.get('content-type')).toBe(type);
      const expires = Number(signed.searchParams.get('expires')) * 1000;
      expect(expires - Date.now()).toBeGreaterThan(14 * 60_000);
      expect(expires - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    }
  });

  it('refuses other types, unknown, closed and redirecting jobs', async () => {
    const png = await signedUrl(t.app, job.shortId, 'image/png');
    expect(png.statusCode).toBe(400);
    expect(png.json().error.message).toBe(applyMessages.cvWrongType);
    const unknown = await signedUrl(t.app, 'Zz9Zz9Zz', PDF);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(applyMessages.jobNotFound);
    const closed = (await openJob(t.db, { status: 'closed' })).job;
    expect((await signedUrl(t.app, closed.shortId, PDF)).json().error).toEqual({
      code: 'CONFLICT',
      message: applyMessages.jobClosed,
    });
    const elsewhere = (
      await openJob(t.db, { customApplication: true, customApplicationUrl: 'https://x.example' })
    ).job;
    expect((await signedUrl(t.app, elsewhere.shortId, PDF)).json().error.message).toBe(
      applyMessages.applyElsewhere,
    );
  });

  it('holds the PUT to the signed content type', async () => {
    const { url } = (await signedUrl(t.app, job.shortId, PDF)).json().data;
    const target = new URL(url);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${target.pathname}${target.search}`,
      headers: { 'content-type': 'text/html' },
      payload: '<script>alert(1)</script>',
    });
    expect(put.statusCode).toBe(403);
  });
});

describe('apply: the CV', () => {
  it('refuses a PNG renamed .pdf and deletes it', async () => {
    const key = await putCandidateFile(t.app, job.shortId, pngBytes(), PDF);
    expect(storedFile(root(), key)).toBe(true);
    await refused({ cv: { key, fileName: 'photo.pdf' } }, 'cv', applyMessages.cvWrongType);
    expect(storedFile(root(), key)).toBe(false);
  });

  it('refuses a PDF sent as a DOCX, and a zip that holds no Word document', async () => {
    const pdfAsDocx = await putCandidateFile(t.app, job.shortId, pdfBytes(), DOCX);
    await refused({ cv: { key: pdfAsDocx, fileName: 'cv.docx' } }, 'cv', applyMessages.cvWrongType);
    const zip = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(26), Buffer.from('photos/cat.jpg')]);
    const plainZip = await putCandidateFile(t.app, job.shortId, zip, DOCX);
    await refused({ cv: { key: plainZip, fileName: 'cv.docx' } }, 'cv', applyMessages.cvWrongType);
  });

  it('refuses an empty file', async () => {
    const key = newKey('pdf');
    await t.app.ctx.storage.put({ key, body: new Uint8Array(), contentType: PDF });
    await refused({ cv: { key, fileName: 'cv.pdf' } }, 'cv', applyMessages.cvWrongType);
  });

  it('refuses a CV over 20 MB (as S3 would accept it) and deletes it', async () => {
    // The embedded store's PUT stops at 20 MiB itself; S3 presigned PUTs carry no limit, so the check that
    // matters is the one at apply time. The file is written straight into storage as S3 would hold it.
    const key = newKey('pdf');
    const big = Buffer.alloc(APPLY_LIMITS.cvMaxBytes + 1, 0x20);
    big.write('%PDF-1.4');
    await t.app.ctx.storage.put({ key, body: big, contentType: PDF });
    await refused({ cv: { key, fileName: 'big.pdf' } }, 'cv', applyMessages.cvTooLarge);
    expect(storedFile(root(), key)).toBe(false);
  });

  it('takes a CV of exactly 20 MiB through the signed PUT, and the PUT refuses one byte more', async () => {
    expect(APPLY_LIMITS.cvMaxBytes).toBe(20 * 1024 * 1024);
    const body = Buffer.alloc(APPLY_LIMITS.cvMaxBytes, 0x20);
    body.write('%PDF-1.4');
    const key = await putCandidateFile(t.app, job.shortId, body, PDF);
    expect((await apply(t.app, job.shortId, applyBody({ cv: { key, fileName: 'cv.pdf' } }))).statusCode).toBe(
      201,
    );
    const { url, key: overKey } = (await signedUrl(t.app, job.shortId, PDF)).json().data;
    const target = new URL(url);
    const over = await t.app.inject({
      method: 'PUT',
      url: `${target.pathname}${target.search}`,
      headers: { 'content-type': PDF },
      payload: Buffer.concat([body, Buffer.from(' ')]),
    });
    expect(over.statusCode).toBe(413);
    expect(storedFile(root(), overKey)).toBe(false);
  });

  it('refuses keys that were never uploaded, belong elsewhere or are not CVs', async () => {
    await refused({ cv: { key: newKey('pdf'), fileName: 'cv.pdf' } }, 'cv', applyMessages.uploadMissing);
    const otherJob = (await openJob(t.db)).job;
    const foreign = await putCandidateFile(t.app, otherJob.shortId, pdfBytes());
    await refused({ cv: { key: foreign, fileName: 'cv.pdf' } }, 'cv', applyMessages.uploadMissing);
    await refused({ cv: { key: '../../etc/passwd', fileName: 'cv.pdf' } }, 'cv', applyMessages.uploadMissing);
    const publicKey = `uploads/public/${job.companyId}/${randomUUID()}.pdf`;
    await refused({ cv: { key: publicKey, fileName: 'cv.pdf' } }, 'cv', applyMessages.uploadMissing);
    const video = await putCandidateFile(t.app, job.shortId, mp4Bytes(4096), 'video/mp4');
    await refused({ cv: { key: video, fileName: 'cv.pdf' } }, 'cv', applyMessages.cvWrongType);
    // The foreign file is untouched.
    expect(storedFile(root(), foreign)).toBe(true);
  });

  it('refuses a CV another application holds, so deleting one never removes the other’s file', async () => {
    const key = await putCandidateFile(t.app, job.shortId, pdfBytes());
    expect((await apply(t.app, job.shortId, applyBody({ cv: { key, fileName: 'cv.pdf' } }))).statusCode).toBe(
      201,
    );
    await refused({ cv: { key, fileName: 'cv.pdf' } }, 'cv', applyMessages.uploadMissing);
    expect(storedFile(root(), key)).toBe(true);
  });
});

describe('apply: the video', () => {
  it('refuses a tus upload that is not a video and deletes it', async () => {
    const { uploadId } = await uploadCandidateVideo(t.app, job.shortId, pngBytes());
    await refused({ video: { uploadId } }, 'video', applyMessages.videoWrongType);
    expect(tusFiles().filter((f) => f.startsWith(uploadId))).toEqual([]);
  });

  it('refuses an unfinished upload, and takes it once finished', async () => {
    const bytes = mp4Bytes(10_000);
    const created = await openCandidateUpload(t.app, { shortId: job.shortId, size: bytes.length });
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/api\/public\/uploads\/[0-9a-f-]{36}_[0-9a-f-]{36}$/);
    expect((await patchCandidateUpload(t.app, location, 0, bytes.subarray(0, 5000))).statusCode).toBe(204);
    const uploadId = location.split('/').pop()!;
    await refused({ video: { uploadId } }, 'video', applyMessages.uploadMissing);
    const head = await t.app.inject({ method: 'HEAD', url: location, headers: { 'tus-resumable': '1.0.0' } });
    expect(head.headers['upload-offset']).toBe('5000');
    expect((await patchCandidateUpload(t.app, location, 5000, bytes.subarray(5000))).statusCode).toBe(204);
    expect((await apply(t.app, job.shortId, applyBody({ video: { uploadId } }))).statusCode).toBe(201);
    // Claimed once: a second application cannot reuse it.
    await refused({ video: { uploadId } }, 'video', applyMessages.uploadMissing);
  });

  it('refuses an upload made for another job, or an employer’s own upload', async () => {
    const sibling = await createJob(t.db, { companyId: job.companyId, status: 'open' });
    const { uploadId: forSibling } = await uploadCandidateVideo(t.app, sibling.shortId, mp4Bytes(4096));
    await refused({ video: { uploadId: forSibling } }, 'video', applyMessages.uploadMissing);

    const employer = await companyWithMember(t.db, 2);
    const employerJob = await createJob(t.db, { companyId: employer.company.id, status: 'open' });
    const employerUpload = await uploadFile(t.app, employer, mp4Bytes(4096));
    const res = await apply(t.app, employerJob.shortId, applyBody({ video: { uploadId: employerUpload } }));
    expect(res.json().error.message).toBe(applyMessages.uploadMissing);
    // Nor can a candidate resume or read it through the public endpoint.
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/public/uploads/${employerUpload}`,
      headers: { 'tus-resumable': '1.0.0' },
    });
    expect(head.statusCode).toBe(404);
  });

  it('refuses a recorded key that is not a video, or over 500 MB, and deletes it', async () => {
    const png = await putCandidateFile(t.app, job.shortId, pngBytes(), 'video/mp4');
    await refused({ video: { key: png } }, 'video', applyMessages.videoWrongType);
    expect(storedFile(root(), png)).toBe(false);

    // A sparse file: 500 MB + 1 byte on S3's terms without writing 500 MB.
    const big = newKey('mp4');
    const file = join(root(), big);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, mp4Bytes(4096));
    truncateSync(file, APPLY_LIMITS.videoMaxBytes + 1);
    writeFileSync(`${file}.meta`, JSON.stringify({ contentType: 'video/mp4' }));
    await refused({ video: { key: big } }, 'video', applyMessages.videoTooLarge);
    expect(storedFile(root(), big)).toBe(false);

    await refused({ video: { key: newKey('mp4') } }, 'video', applyMessages.uploadMissing);
    const cv = await putCandidateFile(t.app, job.shortId, pdfBytes());
    await refused({ video: { key: cv } }, 'video', applyMessages.videoWrongType);
  });

  it('refuses a key that is already a video of the library', async () => {
    const key = await putCandidateFile(t.app, job.shortId, mp4Bytes(4096), 'video/mp4');
    expect((await apply(t.app, job.shortId, applyBody({ video: { key } }))).statusCode).toBe(201);
    await refused({ video: { key } }, 'video', applyMessages.uploadMissing);
    expect(storedFile(root(), key)).toBe(true);
  });

  it('keeps one video in storage when the same email races itself', async () => {
    const email = uniqueEmail();
    const uploads = await Promise.all(
      [0, 1].map(() => uploadCandidateVideo(t.app, job.shortId, mp4Bytes(4096))),
    );
    const results = await Promise.all(
      uploads.map(({ uploadId }) => apply(t.app, job.shortId, applyBody({ email, video: { uploadId } }))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const videos = readdirSync(join(root(), 'uploads', job.companyId)).filter((f) => f.endsWith('.mp4'));
    expect(videos).toHaveLength(1);
  });
});

describe('candidate uploads at /api/public/uploads (tus)', () => {
  it('refuses to open an upload over 500 MB, of another type, or without an open job', async () => {
    const tooBig = await openCandidateUpload(t.app, {
      shortId: job.shortId,
      size: APPLY_LIMITS.videoMaxBytes + 1,
    });
    expect(tooBig.statusCode).toBe(413);
    const wrongType = await openCandidateUpload(t.app, {
      shortId: job.shortId,
      size: 100,
      filetype: 'image/png',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.body).toBe(applyMessages.videoWrongType);
    const unknown = await openCandidateUpload(t.app, { shortId: 'Zz9Zz9Zz', size: 100 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(applyMessages.jobNotFound);
    const closed = (await openJob(t.db, { status: 'closed' })).job;
    const onClosed = await openCandidateUpload(t.app, { shortId: closed.shortId, size: 100 });
    expect(onClosed.statusCode).toBe(409);
    const noJob = await t.app.inject({
      method: 'POST',
      url: '/api/public/uploads',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '100' },
    });
    expect(noJob.statusCode).toBe(404);
  });

  it('answers 404 for upload ids that are not a candidate’s', async () => {
    for (const id of ['nope', `${job.companyId}_${randomUUID()}`]) {
      const res = await patchCandidateUpload(t.app, `/api/public/uploads/${id}`, 0, Buffer.from('x'));
      expect(res.statusCode).toBe(404);
    }
  });
});
