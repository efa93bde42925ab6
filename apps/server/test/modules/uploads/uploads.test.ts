import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoAssets } from '@hirecast/db/schema';
import { assetMessages } from '@hirecast/domain/asset';
import { createTestApp } from '../../support/helper.ts';
import { companyWithMember } from '../../support/sessions.ts';
import {
  createTusUploads,
  startUploadSweep,
  sweepExpiredUploads,
  UPLOAD_EXPIRY_MS,
  type TTusUploads,
} from '../../../src/modules/uploads/tus.ts';
import {
  headers,
  mp4Bytes,
  openUpload,
  patchUpload,
  sha256,
  uploadFile,
  type TActor,
} from '../../support/assets-support.ts';

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

describe('expiry of resumable uploads', () => {
  // The same folder the app's tus server writes to: the store keeps everything on disk.
  let tus: TTusUploads;
  beforeAll(() => {
    tus = createTusUploads({ config: t.config, db: t.db });
  });
  const directory = () => join(t.config.dataDir, 'uploads-tus');
  const onDisk = (id: string) =>
    existsSync(join(directory(), id)) || existsSync(join(directory(), `${id}.json`));
  const headUpload = (actor: TActor, id: string) =>
    t.app.inject({
      method: 'HEAD',
      url: `/api/uploads/${id}`,
      headers: { ...headers(actor), 'tus-resumable': '1.0.0' },
    });

  it('tells the client when an upload expires: 24 hours after it was opened', async () => {
    const admin = await companyWithMember(t.db, 2);
    const before = Date.now();
    const { res } = await openUpload(t.app, admin, 1000);
    const expires = Date.parse(res.headers['upload-expires'] as string);
    expect(UPLOAD_EXPIRY_MS).toBe(24 * 3600_000);
    // Upload-Expires is an HTTP date: whole seconds.
    expect(expires).toBeGreaterThanOrEqual(before + UPLOAD_EXPIRY_MS - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + UPLOAD_EXPIRY_MS);
  });

  it('the sweep removes paused and unclaimed uploads past their expiry, and keeps the rest', async () => {
    const admin = await companyWithMember(t.db, 2);
    const bytes = mp4Bytes(20_000);
    const paused = (await openUpload(t.app, admin, bytes.length)).id;
    expect((await patchUpload(t.app, admin, paused, 0, bytes.subarray(0, 5000))).statusCode).toBe(204);
    const unclaimed = await uploadFile(t.app, admin, bytes);

    // An hour before expiry nothing goes.
    const soon = Date.now() + UPLOAD_EXPIRY_MS - 3600_000;
    await sweepExpiredUploads(tus, soon);
    expect(onDisk(paused) && onDisk(unclaimed)).toBe(true);
    expect((await headUpload(admin, paused)).statusCode).toBe(200);

    const later = Date.now() + UPLOAD_EXPIRY_MS + 60_000;
    expect(await sweepExpiredUploads(tus, later)).toBeGreaterThanOrEqual(2);
    for (const id of [paused, unclaimed]) {
      expect(onDisk(id)).toBe(false);
      expect((await headUpload(admin, id)).statusCode).toBe(404);
    }
    const claim = await t.app.inject({
      method: 'POST',
      url: '/api/asset',
      headers: headers(admin),
      payload: { type: 0, title: 'Late', fileName: 'clip.mp4', uploadId: unclaimed },
    });
    expect(claim.statusCode).toBe(404);
  });

  it('the periodic sweep removes an upload opened more than a day ago, and stops', async () => {
    const admin = await companyWithMember(t.db, 2);
    const { id } = await openUpload(t.app, admin, 1000);
    const fresh = (await openUpload(t.app, admin, 1000)).id;
    const info = join(directory(), `${id}.json`);
    const upload = JSON.parse(await readFile(info, 'utf8')) as { creation_date: string };
    upload.creation_date = new Date(Date.now() - UPLOAD_EXPIRY_MS - 60_000).toISOString();
    await writeFile(info, JSON.stringify(upload));

    const sweep = startUploadSweep(tus, t.app.log, 20);
    await expect.poll(() => onDisk(id), { timeout: 5000 }).toBe(false);
    await sweep.stop();
    expect(onDisk(fresh)).toBe(true);
  });

  it('the app sweeps expired uploads as soon as it starts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hirecast-sweep-'));
    const directory = join(dataDir, 'uploads-tus');
    mkdirSync(directory);
    const write = (id: string, created: number) => {
      writeFileSync(join(directory, id), 'partial');
      const info = {
        id,
        size: 1000,
        offset: 0,
        metadata: {},
        creation_date: new Date(created).toISOString(),
      };
      writeFileSync(join(directory, `${id}.json`), JSON.stringify(info));
    };
    const old = `${randomUUID()}_${randomUUID()}`;
    const recent = `${randomUUID()}_${randomUUID()}`;
    write(old, Date.now() - UPLOAD_EXPIRY_MS - 60_000);
    write(recent, Date.now() - 60_000);
    const other = await createTestApp({ QUEUE_INPROCESS: 'false', DATA_DIR: dataDir });
    try {
      // The store removes the data, then its .json: wait for both.
      const gone = () => !existsSync(join(directory, old)) && !existsSync(join(directory, `${old}.json`));
      await expect.poll(gone, { timeout: 5000 }).toBe(true);
      expect(existsSync(join(directory, recent))).toBe(true);
    } finally {
      await other.close();
    }
  });
});
