import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TApp } from '../../../src/app.ts';
import { createTestDatabase } from '@hirecast/db/test-database';
import { createTusUploads, sweepExpiredUploads, UPLOAD_EXPIRY_MS } from '../../../src/modules/uploads/tus.ts';
import { buildTestApp } from '../../support/helper.ts';
import { companyWithMember } from '../../support/sessions.ts';
import {
  headers,
  mp4Bytes,
  openUpload,
  patchUpload,
  sha256,
  type TActor,
} from '../../support/assets-support.ts';
import { startS3rver, tusObjects } from '../../support/s3rver-support.ts';
import { testConfig } from '../../support/test-config.ts';

// Decision 015: with STORAGE_DRIVER=s3 a resumable upload lives in the bucket, so two apps on one database and
// one bucket (two API processes) can each take a chunk of the same upload; what was uploaded becomes an asset
// byte for byte, and an upload nobody claims is swept from the bucket.
let s3: Awaited<ReturnType<typeof startS3rver>>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let first: Awaited<ReturnType<typeof buildTestApp>>;
let second: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  s3 = await startS3rver();
  database = await createTestDatabase(testConfig.databaseUrl);
  first = await buildTestApp(database, s3.env);
  second = await buildTestApp(database, s3.env);
});
afterAll(async () => {
  await first?.app.close();
  await second?.app.close();
  await database?.close();
  await s3?.close();
});

const head = (app: TApp, actor: TActor, id: string) =>
  app.inject({
    method: 'HEAD',
    url: `/api/uploads/${id}`,
    headers: { ...headers(actor), 'tus-resumable': '1.0.0' },
  });
const claim = (app: TApp, actor: TActor, uploadId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/asset',
    headers: headers(actor),
    payload: { type: 0, title: 'Intro', fileName: 'clip.mp4', uploadId },
  });

describe('resumable uploads in the bucket, shared by two apps', () => {
  it('takes chunks through alternate apps, resumes from the offset either reports, and makes the asset', async () => {
    const admin = await companyWithMember(database.db, 2);
    const bytes = mp4Bytes(600_000);
    const { id } = await openUpload(first.app, admin, bytes.length);
    const apps = [second.app, first.app, second.app];
    const cuts = [0, 200_000, 400_000, bytes.length];
    for (const [i, app] of apps.entries()) {
      const res = await patchUpload(app, admin, id, cuts[i]!, bytes.subarray(cuts[i], cuts[i + 1]));
      expect(res.statusCode).toBe(204);
      expect(res.headers['upload-offset']).toBe(String(cuts[i + 1]));
      // The other app sees the same offset.
      const other = app === first.app ? second.app : first.app;
      expect((await head(other, admin, id)).headers['upload-offset']).toBe(String(cuts[i + 1]));
    }
    // A chunk sent again at a stale offset is refused by either app.
    expect((await patchUpload(first.app, admin, id, 0, bytes.subarray(0, 10))).statusCode).toBe(409);
    // Nothing of it was kept on the apps' disks.
    expect(await tusObjects(s3.options)).toEqual([`tus/${id}`, `tus/${id}.info`]);

    const created = await claim(first.app, admin, id);
    expect(created.statusCode).toBe(201);
    const original = await fetch(created.json().data.data.videoUrl);
    expect(sha256(Buffer.from(await original.arrayBuffer()))).toBe(sha256(bytes));
    expect(await tusObjects(s3.options)).toEqual([]);
    // Claimed once: the other app finds it gone.
    expect((await claim(second.app, admin, id)).statusCode).toBe(404);
  });

  it('two claims of one upload at once, on two apps, make one asset', async () => {
    const admin = await companyWithMember(database.db, 2);
    const bytes = mp4Bytes(50_000);
    const { id } = await openUpload(first.app, admin, bytes.length);
    expect((await patchUpload(second.app, admin, id, 0, bytes)).statusCode).toBe(204);
    const answers = await Promise.all([claim(first.app, admin, id), claim(second.app, admin, id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 404]);
  });

  it('a file that is not a video is refused and its objects removed', async () => {
    const admin = await companyWithMember(database.db, 2);
    const text = Buffer.from('plain text, not a video at all');
    const { id } = await openUpload(first.app, admin, text.length);
    expect((await patchUpload(second.app, admin, id, 0, text)).statusCode).toBe(204);
    expect((await claim(first.app, admin, id)).statusCode).toBe(415);
    expect(await tusObjects(s3.options)).toEqual([]);
  });

  it('the sweep removes paused and unclaimed uploads from the bucket after their expiry', async () => {
    const admin = await companyWithMember(database.db, 2);
    const bytes = mp4Bytes(30_000);
    const paused = (await openUpload(first.app, admin, bytes.length)).id;
    expect((await patchUpload(first.app, admin, paused, 0, bytes.subarray(0, 10_000))).statusCode).toBe(204);
    const unclaimed = (await openUpload(second.app, admin, bytes.length)).id;
    expect((await patchUpload(second.app, admin, unclaimed, 0, bytes)).statusCode).toBe(204);
    const tus = createTusUploads({ config: first.config, db: database.db });

    expect(await sweepExpiredUploads(tus, Date.now() + UPLOAD_EXPIRY_MS - 3600_000)).toBe(0);
    expect(await tusObjects(s3.options)).toEqual(
      [`tus/${paused}.info`, `tus/${paused}.part`, `tus/${unclaimed}`, `tus/${unclaimed}.info`].sort(),
    );
    expect(await sweepExpiredUploads(tus, Date.now() + UPLOAD_EXPIRY_MS + 60_000)).toBe(2);
    expect(await tusObjects(s3.options)).toEqual([]);
    expect((await head(second.app, admin, paused)).statusCode).toBe(404);
    expect((await claim(first.app, admin, unclaimed)).statusCode).toBe(404);
  });
});
