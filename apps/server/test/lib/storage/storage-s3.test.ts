import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, objectUrl, type TS3Options } from '../../../src/lib/storage/s3.ts';
import { bearer, createTestApp } from '../../support/helper.ts';
import { companyWithMember, signedInUser } from '../../support/sessions.ts';
import { headers, mp4Bytes, sha256, uploadFile } from '../../support/assets-support.ts';
import { S3RVER_BUCKET, startS3rver, tusObjects } from '../../support/s3rver-support.ts';

let s3: Awaited<ReturnType<typeof startS3rver>>;
let options: TS3Options;
let png: Buffer;
const BUCKET = S3RVER_BUCKET;

beforeAll(async () => {
  s3 = await startS3rver();
  options = s3.options;
  png = await sharp({ create: { width: 1400, height: 700, channels: 4, background: '#ff0000' } })
    .png()
    .toBuffer();
});
afterAll(() => s3.close());

describe('S3 driver against a local S3-protocol server', () => {
  it('presigned PUT, head with first bytes, presigned GET, ranged read and delete', async () => {
    const storage = createS3Storage(options);
    const key = 'uploads/0b6c1a55-9a63-4c5c-9e4a-5a0d3c2b1a00/1f0e7d1c-4c5b-4a69-8d7e-6f5a4b3c2d1e.png';
    const putUrl = await storage.signPut({ key, contentType: 'image/png', expiresIn: 60 });
    const put = await fetch(putUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: png });
    expect(put.status).toBe(200);

    const head = await storage.head(key);
    expect(head?.size).toBe(png.length);
    expect(head?.firstBytes.length).toBe(64);
    expect([...head!.firstBytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    const getUrl = await storage.signGet({ key, expiresIn: 60 });
    expect(new URL(getUrl).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const got = await fetch(getUrl);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Buffer.compare(Buffer.from(await got.arrayBuffer()), png)).toBe(0);

    expect(Buffer.compare(Buffer.from((await storage.read(key))!), png)).toBe(0);
    await storage.remove(key);
    expect(await storage.head(key)).toBeNull();
    expect(await storage.read(key)).toBeNull();
  });

  it('putFile streams a local file in and download streams it back out; a missing key answers false', async () => {
    const storage = createS3Storage(options);
    const dir = mkdtempSync(join(tmpdir(), 'hirecast-s3-files-'));
    const bytes = randomBytes(6_000_000);
    const source = join(dir, 'source.mp4');
    writeFileSync(source, bytes);
    const key = `uploads/0b6c1a55-9a63-4c5c-9e4a-5a0d3c2b1a00/${randomUUID()}-720p.mp4`;
    await storage.putFile({ key, file: source, contentType: 'video/mp4' });

    expect((await storage.head(key))?.size).toBe(bytes.length);
    const got = await fetch(await storage.signGet({ key }));
    expect(got.headers.get('content-type')).toBe('video/mp4');
    expect(sha256(Buffer.from(await got.arrayBuffer()))).toBe(sha256(bytes));
    const target = join(dir, 'downloaded.mp4');
    expect(await storage.download(key, target)).toBe(true);
    expect(sha256(readFileSync(target))).toBe(sha256(bytes));

    const missing = join(dir, 'missing.mp4');
    expect(
      await storage.download(`uploads/0b6c1a55-9a63-4c5c-9e4a-5a0d3c2b1a00/${randomUUID()}.mp4`, missing),
    ).toBe(false);
    expect(existsSync(missing)).toBe(false);
  });

  it('presigned URL shape: SigV4 query parameters, path style with an endpoint, virtual host on AWS', async () => {
    const key = 'uploads/0b6c1a55-9a63-4c5c-9e4a-5a0d3c2b1a00/3f0e7d1c-4c5b-4a69-8d7e-6f5a4b3c2d1e.png';
    const local = new URL(
      await createS3Storage(options).signPut({ key, contentType: 'image/png', expiresIn: 900 }),
    );
    expect(local.pathname).toBe(`/${BUCKET}/${key}`);
    expect(local.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(local.searchParams.get('X-Amz-Credential')).toMatch(
      /^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/,
    );
    expect(local.searchParams.get('X-Amz-Expires')).toBe('900');
    // The content type is signed, so a PUT with another Content-Type is refused by a real S3.
    expect(local.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(['content-type', 'host']);
    expect(local.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);

    const aws: TS3Options = { ...options, endpoint: undefined, forcePathStyle: false, region: 'eu-west-2' };
    const remote = new URL(await createS3Storage(aws).signPut({ key, contentType: 'image/png' }));
    expect(remote.host).toBe(`${BUCKET}.s3.eu-west-2.amazonaws.com`);
    expect(remote.pathname).toBe(`/${key}`);
    expect(remote.searchParams.get('X-Amz-Expires')).toBe('900');
  });

  it('a download offered under a chosen name is signed with its Content-Disposition (issue 33)', async () => {
    const storage = createS3Storage(options);
    const key = 'uploads/0b6c1a55-9a63-4c5c-9e4a-5a0d3c2b1a00/4f0e7d1c-4c5b-4a69-8d7e-6f5a4b3c2d1e.pdf';
    await storage.put({ key, body: Buffer.from('%PDF-1.4 Maria Kowalska'), contentType: 'application/pdf' });
    const url = new URL(await storage.signGet({ key, expiresIn: 300, download: 'CV.pdf' }));
    expect(url.searchParams.get('response-content-disposition')).toBe(
      `attachment; filename="CV.pdf"; filename*=UTF-8''CV.pdf`,
    );
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    // S3 answers the object as that attachment (SigV4 signs every query parameter, the name with them).
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="CV.pdf"; filename*=UTF-8''CV.pdf`,
    );
  });

  it('public keys get a plain object URL that does not expire', async () => {
    const key =
      'uploads/public/0b6c1a55-9a63-4c5c-9e4a-5a0d3c2b1a00/4f0e7d1c-4c5b-4a69-8d7e-6f5a4b3c2d1e.png';
    const url = await createS3Storage(options).signGet({ key });
    expect(url).toBe(`${options.endpoint}/${BUCKET}/${key}`);
    expect(objectUrl({ ...options, endpoint: undefined }, key)).toBe(
      `https://${BUCKET}.s3.us-east-1.amazonaws.com/${key}`,
    );
    expect(objectUrl({ ...options, endpoint: 'https://s3.example.com', forcePathStyle: false }, key)).toBe(
      `https://${BUCKET}.s3.example.com/${key}`,
    );
  });
});

describe('the API with STORAGE_DRIVER=s3', () => {
  it('signs an S3 upload, verifies the stored bytes and writes the variants to the bucket', async () => {
    const t = await createTestApp(s3.env);
    try {
      const { token } = await signedInUser(t.db);
      const res = await t.app.inject({
        url: '/api/signed-url/resize?content-type=image/png&imageType=image',
        headers: bearer(token),
      });
      const signed = res.json().data;
      expect(new URL(signed.url).origin).toBe(options.endpoint);
      const put = await fetch(signed.url, {
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        body: png,
      });
      expect(put.status).toBe(200);

      const verified = await t.app.inject({
        method: 'POST',
        url: '/api/storage/verify',
        headers: bearer(token),
        payload: { key: signed.key, imageType: 'image' },
      });
      expect(verified.statusCode).toBe(200);
      expect(verified.json().data.desktopImageAccessUrl).toBe(signed.desktopImageAccessUrl);
      const desktop = await fetch(signed.desktopImageAccessUrl);
      expect(desktop.status).toBe(200);
      expect((await sharp(Buffer.from(await desktop.arrayBuffer())).metadata()).width).toBe(1280);

      // The local PUT/GET endpoints are not served when S3 holds the files.
      expect((await t.app.inject({ url: `/api/storage/${signed.key}` })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  }, 90_000);

  it('moves a finished resumable upload into the bucket, streamed, byte for byte', async () => {
    const t = await createTestApp(s3.env);
    try {
      const admin = await companyWithMember(t.db, 2);
      // Above Fastify's 1 MB body limit and the SDK's 5 MB part size: neither may buffer or split it.
      const bytes = mp4Bytes(6_000_000);
      const uploadId = await uploadFile(t.app, admin, bytes);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/asset',
        headers: headers(admin),
        payload: { type: 0, title: 'Intro', fileName: 'clip.mp4', uploadId },
      });
      expect(res.statusCode).toBe(201);
      const original = await fetch(res.json().data.data.videoUrl);
      expect(new URL(original.url).origin).toBe(options.endpoint);
      expect(original.headers.get('content-type')).toBe('video/mp4');
      expect(sha256(Buffer.from(await original.arrayBuffer()))).toBe(sha256(bytes));
      // The upload was kept in the bucket, never on the API's disk, and is gone once it is an asset.
      expect(existsSync(join(t.config.dataDir, 'uploads-tus', uploadId))).toBe(false);
      expect(await tusObjects(options)).toEqual([]);
    } finally {
      await t.close();
    }
  }, 90_000);
});
