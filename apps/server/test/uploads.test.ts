import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoAssets } from '@hirecast/db/schema';
import { assetMessages } from '@hirecast/domain/asset';
import { createTestApp } from './helper.ts';
import { companyWithMember } from './sessions.ts';
import { headers, mp4Bytes, openUpload, patchUpload, sha256, uploadFile } from './assets-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // The pipeline's in-process worker is tested on its own; here jobs are only queued.
  t = await createTestApp({ QUEUE_INPROCESS: 'false' });
});
afterAll(() => t.close());

const stored = async (key: string) => readFile(join(t.config.storage.localDir, key));

describe('resumable uploads at /api/uploads (tus)', () => {
  it('resumes an upload interrupted half way and stores byte-identical content', async () => {
    const admin = await companyWithMember(t.db, 2);
    // Each half is above Fastify's 1 MB body limit: the bytes stream to the tus store, never buffered.
    const bytes = mp4Bytes(3_000_000);
    const half = 1_500_000;
    const { id } = await openUpload(t.app, admin, bytes.length);
    expect(id.startsWith(`${admin.company.id}_`)).toBe(true);

    const first = await patchUpload(t.app, admin, id, 0, bytes.subarray(0, half));
    expect(first.statusCode).toBe(204);
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/uploads/${id}`,
      headers: { ...headers(admin), 'tus-resumable': '1.0.0' },
    });
    expect(head.statusCode).toBe(200);
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBe(half);
    expect(head.headers['upload-length']).toBe(String(bytes.length));

    const rest = await patchUpload(t.app, admin, id, offset, bytes.subarray(offset));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(bytes.length));

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/asset',
      headers: headers(admin),
      payload: { type: 0, title: 'Intro', fileName: 'clip.mp4', uploadId: id },
    });
    expect(created.statusCode).toBe(201);
    const [row] = await t.db.select().from(videoAssets).where(eq(videoAssets.id, created.json().data._id));
    expect(row!.originalKey).toMatch(new RegExp(`^uploads/${admin.company.id}/[0-9a-f-]{36}\\.mp4$`));
    expect(sha256(await stored(row!.originalKey!))).toBe(sha256(bytes));
  });

  it('refuses a patch at the wrong offset and keeps what was received', async () => {
    const admin = await companyWithMember(t.db, 2);
    const bytes = mp4Bytes(20_000);
    const { id } = await openUpload(t.app, admin, bytes.length);
    expect((await patchUpload(t.app, admin, id, 0, bytes.subarray(0, 5000))).statusCode).toBe(204);
    expect((await patchUpload(t.app, admin, id, 0, bytes.subarray(0, 5000))).statusCode).toBe(409);
  });

  it('needs a signed-in member and hides other companies’ uploads (404)', async () => {
    const admin = await companyWithMember(t.db, 2);
    const other = await companyWithMember(t.db, 2);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(anonymous.statusCode).toBe(401);
    const id = await uploadFile(t.app, admin, mp4Bytes(1000));
    const peek = await t.app.inject({
      method: 'HEAD',
      url: `/api/uploads/${id}`,
      headers: { ...headers(other), 'tus-resumable': '1.0.0' },
    });
    expect(peek.statusCode).toBe(404);
    const steal = await t.app.inject({
      method: 'POST',
      url: '/api/asset',
      headers: headers(other),
      payload: { type: 0, title: 'Stolen', fileName: 'clip.mp4', uploadId: id },
    });
    expect(steal.statusCode).toBe(404);
  });

  it('needs filename and filetype metadata', async () => {
    const admin = await companyWithMember(t.db, 2);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...headers(admin), 'tus-resumable': '1.0.0', 'upload-length': '100' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses uploads above 500 MB before any byte is sent', async () => {
    const admin = await companyWithMember(t.db, 2);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...headers(admin),
        'tus-resumable': '1.0.0',
        'upload-length': String(500 * 1024 * 1024 + 1),
      },
    });
    expect(res.statusCode).toBe(413);
  });

  it('answers 415 with the spec message for a file that is not a video, and removes it', async () => {
    const admin = await companyWithMember(t.db, 2);
    const id = await uploadFile(t.app, admin, Buffer.from('%PDF-1.7 this is not a video at all....'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/asset',
      headers: headers(admin),
      payload: { type: 0, title: 'Doc', fileName: 'doc.mp4', uploadId: id },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe(assetMessages.videoWrongType);
    expect(await t.db.select().from(videoAssets).where(eq(videoAssets.companyId, admin.company.id))).toEqual(
      [],
    );
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/asset',
      headers: headers(admin),
      payload: { type: 0, title: 'Doc', fileName: 'doc.mp4', uploadId: id },
    });
    expect(again.statusCode).toBe(404);
  });
});
