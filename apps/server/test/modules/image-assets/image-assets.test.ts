import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageAssets } from '@hirecast/db/schema';
import { addMember } from '@hirecast/db/factories';
import { createTestApp } from '../../support/helper.ts';
import { companyWithMember, signedInUser } from '../../support/sessions.ts';
import { headers, type TActor } from '../../support/assets-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // The pipeline's in-process worker is tested on its own; here jobs are only queued.
  t = await createTestApp({ QUEUE_INPROCESS: 'false' });
});
afterAll(() => t.close());

async function storedImage(ownerId: string, width = 900, height = 600) {
  const key = `uploads/public/${ownerId}/${randomUUID()}.png`;
  const body = await sharp({ create: { width, height, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  await t.app.ctx.storage.put({ key, body, contentType: 'image/png' });
  return key;
}
const call = (actor: TActor, method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: headers(actor), ...(payload && { payload }) });
const rows = (companyId: string) =>
  t.db.select().from(imageAssets).where(eq(imageAssets.companyId, companyId));

describe('image assets', () => {
  it('creates a verified image with its size, variants and default title', async () => {
    const admin = await companyWithMember(t.db, 2);
    const key = await storedImage(admin.company.id, 600, 900);
    const res = await call(admin, 'POST', '/api/image-asset', { key, fileName: 'team.png' });
    expect(res.statusCode).toBe(201);
    const image = res.json().data;
    expect(image).toMatchObject({
      title: 'New image',
      fileName: 'team.png',
      width: 600,
      height: 900,
      dimension: 'portrait',
    });
    expect(image.url).toBe(`http://localhost:3000/api/storage/${key}`);
    expect(image.data.image400.url).toMatch(/-w400\.webp$/);
    expect(image.data.image640.url).toMatch(/-mobile\.webp$/);
    const small = await sharp(
      (await t.app.ctx.storage.read(key.replace('.png', '-w400.webp'))) as Uint8Array,
    ).metadata();
    expect(small.width).toBe(400);

    const byUrl = await call(admin, 'POST', '/api/image-asset', {
      title: 'Office',
      url: `http://localhost:3000/api/storage/${await storedImage(admin.company.id)}`,
      fileName: 'office.png',
    });
    expect(byUrl.statusCode).toBe(201);
    expect(byUrl.json().data).toMatchObject({ title: 'Office', dimension: 'landscape', width: 900 });
  });

  it('refuses files that are not the company’s or not images, storing nothing', async () => {
    const admin = await companyWithMember(t.db, 2);
    const other = await companyWithMember(t.db, 2);
    const theirs = await storedImage(other.company.id);
    expect(
      (await call(admin, 'POST', '/api/image-asset', { key: theirs, fileName: 'x.png' })).statusCode,
    ).toBe(400);
    const fake = `uploads/public/${admin.company.id}/${randomUUID()}.png`;
    await t.app.ctx.storage.put({
      key: fake,
      body: Buffer.from('%PDF-1.4 not an image, not at all'),
      contentType: 'image/png',
    });
    expect((await call(admin, 'POST', '/api/image-asset', { key: fake, fileName: 'x.png' })).statusCode).toBe(
      415,
    );
    expect((await call(admin, 'POST', '/api/image-asset', { fileName: 'x.png' })).statusCode).toBe(400);
    const long = await call(admin, 'POST', '/api/image-asset', {
      key: await storedImage(admin.company.id),
      fileName: 'x.png',
      title: 'z'.repeat(91),
    });
    expect(long.statusCode).toBe(400);
    expect(await rows(admin.company.id)).toEqual([]);
  });

  it('renames, lists with search, deletes files, and applies ownership and tenancy', async () => {
    const admin = await companyWithMember(t.db, 2);
    const viewerUser = await signedInUser(t.db);
    await addMember(t.db, { companyId: admin.company.id, userId: viewerUser.user.id, role: 0 });
    const viewer = { company: admin.company, ...viewerUser };
    const make = async (actor: TActor, title: string) =>
      (
        await call(actor, 'POST', '/api/image-asset', {
          key: await storedImage(admin.company.id),
          fileName: 'a.png',
          title,
        })
      ).json().data as { _id: string };
    const logo = await make(admin, 'Logo');
    const mine = await make(viewer, 'Banner');
    expect(
      (await call(admin, 'PATCH', `/api/image-asset/${logo._id}`, { title: 'Logo 2' })).json().data.title,
    ).toBe('Logo 2');
    expect((await call(viewer, 'PATCH', `/api/image-asset/${logo._id}`, { title: 'Mine' })).statusCode).toBe(
      403,
    );
    expect((await call(viewer, 'DELETE', `/api/image-asset/${logo._id}`)).statusCode).toBe(403);
    expect(
      (await call(viewer, 'PATCH', `/api/image-asset/${mine._id}`, { title: 'My banner' })).statusCode,
    ).toBe(200);

    const list = await call(admin, 'GET', '/api/company/image-assets?search=logo');
    expect(list.json().data.count).toBe(1);
    expect(list.json().data.assets[0].title).toBe('Logo 2');
    expect((await call(admin, 'GET', '/api/company/image-assets?limit=1')).json().data).toMatchObject({
      count: 2,
    });

    const other = await companyWithMember(t.db, 2);
    expect((await call(other, 'PATCH', `/api/image-asset/${logo._id}`, { title: 'x' })).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/api/image-asset/${logo._id}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', '/api/company/image-assets')).json().data.count).toBe(0);

    const [stored] = await t.db.select().from(imageAssets).where(eq(imageAssets.id, logo._id));
    const file = join(t.config.storage.localDir, stored!.key!);
    expect(existsSync(file)).toBe(true);
    expect((await call(admin, 'DELETE', `/api/image-asset/${logo._id}`)).statusCode).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect((await rows(admin.company.id)).map((r) => r.title)).toEqual(['My banner']);
  });
});
