import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoAssets } from '@hirecast/db/schema';
import { variantKeys } from '../../../src/lib/storage/keys.ts';
import { bearer, createTestApp } from '../../support/helper.ts';
import { companyWithMember } from '../../support/sessions.ts';
import { headers, mp4Bytes, uploadFile, type TActor } from '../../support/assets-support.ts';

// spec 3 §2 Thumbnail selector / §7 Assets: the web sends custom thumbnails as URLs (signed, expiring ones
// included); the server keeps storage keys and signs them afresh on every answer.
let t: Awaited<ReturnType<typeof createTestApp>>;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp({ QUEUE_INPROCESS: 'false' });
  png = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#44504B' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
const row = async (id: string) => (await t.db.select().from(videoAssets).where(eq(videoAssets.id, id)))[0]!;
const call = (actor: TActor, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: headers(actor), ...(payload && { payload }) });
const createAsset = async (actor: TActor, data: Record<string, string> = {}) =>
  call(actor, 'POST', '/api/asset', {
    type: 0,
    title: 'Welcome',
    fileName: 'welcome.mp4',
    uploadId: await uploadFile(t.app, actor, mp4Bytes(4096)),
    data,
  });

/** The web's thumbnail upload: signed PUT, then verify; answers the key and the URLs the browser gets. */
async function uploadThumbnail(requestHeaders: Record<string, string>) {
  const signed = await t.app.inject({
    url: '/api/signed-url/resize?content-type=image/png&imageType=image',
    headers: requestHeaders,
  });
  const { key, url } = signed.json().data as { key: string; url: string };
  const put = await t.app.inject({
    method: 'PUT',
    url: pathOf(url),
    headers: { 'content-type': 'image/png' },
    payload: png,
  });
  expect(put.statusCode).toBe(200);
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/storage/verify',
    headers: requestHeaders,
    payload: { key, imageType: 'image' },
  });
  expect(verified.statusCode).toBe(200);
  return { key, ...(verified.json().data as { accessUrl: string; desktopImageAccessUrl: string }) };
}

async function expectLoads(url: string, contentType: string) {
  const res = await t.app.inject({ url: pathOf(url) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe(contentType);
  return res.rawPayload;
}

describe('custom thumbnails are stored as storage keys', () => {
  it('keeps the key of an uploaded thumbnail and answers a URL that loads', async () => {
    const admin = await companyWithMember(t.db, 2);
    const upload = await uploadThumbnail(headers(admin));
    const res = await createAsset(admin, {
      customThumbnailUrl: upload.accessUrl,
      customMobileThumbnailUrl: upload.desktopImageAccessUrl,
    });
    expect(res.statusCode).toBe(201);
    const asset = res.json().data;
    expect((await row(asset._id)).data).toMatchObject({
      customThumbnailUrl: upload.key,
      customMobileThumbnailUrl: variantKeys(upload.key).desktop,
    });
    expect(Buffer.compare(await expectLoads(asset.data.customThumbnailUrl, 'image/png'), png)).toBe(0);
    await expectLoads(asset.data.customMobileThumbnailUrl, 'image/webp');
  });

  it('turns one of the video’s own thumbnails, sent as a signed expiring URL, into its key', async () => {
    const admin = await companyWithMember(t.db, 2);
    const created = (await createAsset(admin)).json().data as { _id: string };
    const original = (await row(created._id)).originalKey!;
    const thumbKey = original.replace(/\.mp4$/, '-thumb1.jpg');
    const jpeg = await sharp(png).jpeg().toBuffer();
    await t.app.ctx.storage.put({ key: thumbKey, body: jpeg, contentType: 'image/jpeg' });
    await t.db
      .update(videoAssets)
      .set({ thumbnails: [thumbKey] })
      .where(eq(videoAssets.id, created._id));
    const shown = (await call(admin, 'GET', `/api/asset/${created._id}`)).json().data.thumbnails[0] as string;
    expect(shown).toMatch(/\?expires=\d+&signature=[0-9a-f]{64}$/);

    const res = await call(admin, 'PATCH', `/api/asset/${created._id}`, {
      customThumbnailUrl: shown,
      customMobileThumbnailUrl: shown,
    });
    expect(res.statusCode).toBe(200);
    expect((await row(created._id)).data).toMatchObject({
      customThumbnailUrl: thumbKey,
      customMobileThumbnailUrl: thumbKey,
    });
    const answered = res.json().data.data.customThumbnailUrl as string;
    expect(answered).toMatch(/\?expires=\d+&signature=[0-9a-f]{64}$/);
    expect(Buffer.compare(await expectLoads(answered, 'image/jpeg'), jpeg)).toBe(0);

    // The S3 form of one of our URLs (path style, SigV4 query) is recognised the same way.
    const s3Url = `https://s3.example.com/hirecast/${thumbKey}?X-Amz-Signature=${'0'.repeat(64)}`;
    await call(admin, 'PATCH', `/api/asset/${created._id}`, { customThumbnailUrl: s3Url });
    expect((await row(created._id)).data.customThumbnailUrl).toBe(thumbKey);
  });

  it('accepts the caller’s own upload made before choosing a company', async () => {
    const admin = await companyWithMember(t.db, 2);
    const upload = await uploadThumbnail(bearer(admin.token));
    expect(upload.key).toContain(`/${admin.user.id}/`);
    const res = await createAsset(admin, { customThumbnailUrl: upload.accessUrl });
    expect(res.statusCode).toBe(201);
    expect((await row(res.json().data._id)).data.customThumbnailUrl).toBe(upload.key);
  });

  it('refuses another company’s file with Invalid file address and stores nothing', async () => {
    const admin = await companyWithMember(t.db, 2);
    const other = await companyWithMember(t.db, 2);
    const theirs = await uploadThumbnail(headers(other));
    const theirUserFile = await uploadThumbnail(bearer(other.token));

    const create = await createAsset(admin, { customThumbnailUrl: theirs.accessUrl });
    expect(create.statusCode).toBe(400);
    expect(create.json().error.message).toBe('Invalid file address');
    expect(await t.db.select().from(videoAssets).where(eq(videoAssets.companyId, admin.company.id))).toEqual(
      [],
    );

    const asset = (await createAsset(admin, { customThumbnailUrl: 'https://cdn.example.com/t.jpg' })).json()
      .data as { _id: string };
    for (const ref of [
      theirs.accessUrl,
      theirs.desktopImageAccessUrl,
      theirUserFile.accessUrl,
      `uploads/${other.company.id}/${randomUUID()}-thumb1.jpg`,
    ]) {
      const res = await call(admin, 'PATCH', `/api/asset/${asset._id}`, { customMobileThumbnailUrl: ref });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Invalid file address');
    }
    // An outside URL is kept as it was sent.
    expect((await row(asset._id)).data).toMatchObject({
      customThumbnailUrl: 'https://cdn.example.com/t.jpg',
      customMobileThumbnailUrl: null,
    });
  });
});
