import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@hirecast/domain/messages';
import { bearer, createTestApp } from '../../support/helper.ts';
import { companyWithMember, signedInUser } from '../../support/sessions.ts';
import { parseRange } from '../../../src/modules/storage/serve.ts';
import { DEFAULT_EXPIRES_IN } from '../../../src/lib/storage/driver.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let token: string;
let userId: string;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  ({
    token,
    user: { id: userId },
  } = await signedInUser(t.db));
  // A real PNG, wider than the desktop variant so both variants are scaled down.
  png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#44504B' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

async function signUpload(contentType = 'image/png', headers: Record<string, string> = bearer(token)) {
  const res = await t.app.inject({
    url: `/api/signed-url?content-type=${encodeURIComponent(contentType)}`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { url: string; accessUrl: string; key: string };
}

const put = (url: string, body: Buffer, contentType = 'image/png') =>
  t.app.inject({ method: 'PUT', url: pathOf(url), headers: { 'content-type': contentType }, payload: body });

const verify = (key: string, imageType = 'image') =>
  t.app.inject({
    method: 'POST',
    url: '/api/storage/verify',
    headers: bearer(token),
    payload: { key, imageType },
  });

const fileOf = (key: string) => join(t.config.storage.localDir, key);

describe('GET /api/signed-url', () => {
  it('requires a signed-in user', async () => {
    const res = await t.app.inject({ url: '/api/signed-url?content-type=image/png' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it('refuses content types other than png, jpeg and webp', async () => {
    for (const type of ['image/gif', 'text/html', '']) {
      const res = await t.app.inject({ url: `/api/signed-url?content-type=${type}`, headers: bearer(token) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(messages.imageWrongType);
    }
  });

  it('answers a signed PUT URL, a public access URL and a server-made key owned by the user', async () => {
    const data = await signUpload('image/webp');
    expect(data.key).toMatch(new RegExp(`^uploads/public/${userId}/[0-9a-f-]{36}\\.webp$`));
    const put = new URL(data.url);
    expect(put.pathname).toBe(`/api/storage/${data.key}`);
    expect(put.searchParams.get('content-type')).toBe('image/webp');
    expect(put.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(put.searchParams.get('expires'))).toBeGreaterThan(Date.now() / 1000);
    expect(data.accessUrl).toBe(`http://localhost:3000/api/storage/${data.key}`);
  });

  it('puts the key under the company of X-Company-Id, and 404s for a company the caller is not in', async () => {
    const member = await companyWithMember(t.db, 0);
    const data = await signUpload('image/png', {
      ...bearer(member.token),
      'x-company-id': member.company.id,
    });
    expect(data.key.startsWith(`uploads/public/${member.company.id}/`)).toBe(true);
    const other = await companyWithMember(t.db, 2);
    const res = await t.app.inject({
      url: '/api/signed-url?content-type=image/png',
      headers: { ...bearer(token), 'x-company-id': other.company.id },
    });
    expect(res.statusCode).toBe(404);
  });

  it('resize answers deterministic desktop and mobile URLs derived from the key', async () => {
    const res = await t.app.inject({
      url: '/api/signed-url/resize?content-type=image/jpeg&imageType=banner',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const base = data.key.replace(/\.jpg$/, '');
    expect(data.originalAccessUrl).toBe(`http://localhost:3000/api/storage/${data.key}`);
    expect(data.desktopImageAccessUrl).toBe(`http://localhost:3000/api/storage/${base}-desktop.webp`);
    expect(data.mobileImageAccessUrl).toBe(`http://localhost:3000/api/storage/${base}-mobile.webp`);
    expect(new URL(data.url).pathname).toBe(`/api/storage/${data.key}`);
  });

  it('resize needs a known imageType and an image content type', async () => {
    const bad = await t.app.inject({
      url: '/api/signed-url/resize?content-type=image/png&imageType=poster',
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
    const wrongType = await t.app.inject({
      url: '/api/signed-url/resize?content-type=application/pdf&imageType=logo',
      headers: bearer(token),
    });
    expect(wrongType.json().error.message).toBe(messages.imageWrongType);
  });
});

describe('upload round trip (local disk)', () => {
  it('PUT, verify, then GET the original and the variants, with Range support', async () => {
    const res0 = await t.app.inject({
      url: '/api/signed-url/resize?content-type=image/png&imageType=image',
      headers: bearer(token),
    });
    const signed = res0.json().data;
    const up = await put(signed.url, png);
    expect(up.statusCode).toBe(200);
    expect(up.json().data).toEqual({ key: signed.key, size: png.length });

    const checked = await verify(signed.key);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().data).toEqual({
      key: signed.key,
      size: png.length,
      contentType: 'image/png',
      accessUrl: signed.originalAccessUrl,
      desktopImageAccessUrl: signed.desktopImageAccessUrl,
      mobileImageAccessUrl: signed.mobileImageAccessUrl,
    });

    const full = await t.app.inject({ url: pathOf(signed.originalAccessUrl) });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(full.rawPayload, png)).toBe(0);

    const part = await t.app.inject({
      url: pathOf(signed.originalAccessUrl),
      headers: { range: 'bytes=0-7' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${png.length}`);
    expect(part.headers['content-length']).toBe('8');
    expect([...part.rawPayload]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    const tail = await t.app.inject({
      url: pathOf(signed.originalAccessUrl),
      headers: { range: 'bytes=-4' },
    });
    expect(tail.statusCode).toBe(206);
    expect(Buffer.compare(tail.rawPayload, png.subarray(png.length - 4))).toBe(0);

    const beyond = await t.app.inject({
      url: pathOf(signed.originalAccessUrl),
      headers: { range: `bytes=${png.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${png.length}`);
    const garbled = await t.app.inject({
      url: pathOf(signed.originalAccessUrl),
      headers: { range: 'lines=1-2' },
    });
    expect(garbled.statusCode).toBe(416);

    for (const [url, width] of [
      [signed.desktopImageAccessUrl, 1280],
      [signed.mobileImageAccessUrl, 640],
    ] as const) {
      const variant = await t.app.inject({ url: pathOf(url) });
      expect(variant.statusCode).toBe(200);
      expect(variant.headers['content-type']).toBe('image/webp');
      const meta = await sharp(variant.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
    }
  });

  it('a tampered signature, an expired URL and a different Content-Type are refused with 403', async () => {
    const signed = await signUpload();
    const tampered = new URL(signed.url);
    const sig = tampered.searchParams.get('signature')!;
    tampered.searchParams.set('signature', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    const bad = await put(tampered.toString(), png);
    expect(bad.statusCode).toBe(403);
    expect(bad.json().error.message).toBe(messages.signatureInvalid);

    const otherKey = new URL(signed.url);
    otherKey.pathname = otherKey.pathname.replace(
      /[0-9a-f-]{36}\.png$/,
      '00000000-0000-4000-8000-000000000000.png',
    );
    expect((await put(otherKey.toString(), png)).statusCode).toBe(403);

    const expiredUrl = await t.app.ctx.storage.signPut({
      key: signed.key,
      contentType: 'image/png',
      expiresIn: -5,
    });
    const expired = await put(expiredUrl, png);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error.message).toBe(messages.signatureInvalid);

    const wrongType = await put(signed.url, png, 'image/jpeg');
    expect(wrongType.statusCode).toBe(403);
    expect(existsSync(fileOf(signed.key))).toBe(false);
  });

  it('refuses an upload over the largest limit with 413 and keeps nothing', async () => {
    const signed = await signUpload();
    const res = await put(signed.url, Buffer.alloc(20 * 1024 * 1024 + 1, 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(existsSync(fileOf(signed.key))).toBe(false);
  });

  it('verify refuses a text file named .png (400) and deletes it', async () => {
    const signed = await signUpload();
    await put(signed.url, Buffer.from('hello, I am not a picture at all\n'));
    expect(existsSync(fileOf(signed.key))).toBe(true);
    const res = await verify(signed.key);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.fileInvalid);
    expect(existsSync(fileOf(signed.key))).toBe(false);
    expect((await t.app.inject({ url: pathOf(signed.accessUrl) })).statusCode).toBe(404);
  });

  it('verify refuses another format (a GIF) with 415 and deletes it', async () => {
    const signed = await signUpload();
    await put(signed.url, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'));
    const res = await verify(signed.key);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe(messages.imageWrongType);
    expect(existsSync(fileOf(signed.key))).toBe(false);
  });

  it('verify refuses a PNG header with broken image data (400)', async () => {
    const signed = await signUpload();
    await put(signed.url, Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]));
    const res = await verify(signed.key);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.fileInvalid);
  });

  it('verify applies the limit of the image type: a logo over 2 MB gives 413 and is deleted', async () => {
    const signed = await signUpload();
    const big = Buffer.concat([png, Buffer.alloc(2_000_001 - png.length)]);
    await put(signed.url, big);
    const res = await verify(signed.key, 'logo');
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(messages.logoTooLarge);
    expect(existsSync(fileOf(signed.key))).toBe(false);

    const image = await signUpload();
    await put(image.url, Buffer.concat([png, Buffer.alloc(10_000_001 - png.length)]));
    const res2 = await verify(image.key, 'image');
    expect(res2.statusCode).toBe(413);
    expect(res2.json().error.message).toBe(messages.imageTooLarge);
  });

  it('verify stores the real type when it differs from the declared one (JPEG bytes sent as PNG)', async () => {
    const jpeg = await sharp(png).jpeg().toBuffer();
    const signed = await signUpload();
    await put(signed.url, jpeg);
    const res = await verify(signed.key);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.contentType).toBe('image/jpeg');
    const got = await t.app.inject({ url: pathOf(signed.accessUrl) });
    expect(got.headers['content-type']).toBe('image/jpeg');
  });

  it('verify: missing file 400, foreign key 404, malformed key 400, anonymous 401', async () => {
    const signed = await signUpload();
    expect((await verify(signed.key)).json().error.message).toBe(messages.fileInvalid);

    const stranger = await signedInUser(t.db);
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/storage/verify',
      headers: bearer(stranger.token),
      payload: { key: signed.key, imageType: 'image' },
    });
    expect(theirs.statusCode).toBe(404);

    for (const key of ['../../etc/passwd', `uploads/public/${userId}/../../x.png`, '']) {
      const res = await verify(key);
      expect(res.statusCode).toBe(400);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/storage/verify',
      payload: { key: signed.key, imageType: 'image' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/storage/<key>', () => {
  it('private keys need a valid, unexpired signature; public keys do not', async () => {
    const key = `uploads/${userId}/11111111-1111-4111-8111-111111111111.png`;
    await t.app.ctx.storage.put({ key, body: png, contentType: 'image/png' });
    const url = await t.app.ctx.storage.signGet({ key });
    expect(new URL(url).searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    const ok = await t.app.inject({ url: pathOf(url) });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toContain('private');

    const unsigned = await t.app.inject({ url: `/api/storage/${key}` });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json().error.message).toBe(messages.signatureInvalid);

    const expired = await t.app.inject({
      url: pathOf(await t.app.ctx.storage.signGet({ key, expiresIn: -1 })),
    });
    expect(expired.statusCode).toBe(403);

    const u = new URL(url);
    u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600));
    expect((await t.app.inject({ url: pathOf(u.toString()) })).statusCode).toBe(403);
  });

  it('signs a file the same way for a third of the URL lifetime, with two thirds of it left at least', async () => {
    // A list the page polls hands a playing video the same address, so the browser does not load it again.
    const key = `uploads/${userId}/22222222-2222-4222-8222-222222222222.png`;
    await t.app.ctx.storage.put({ key, body: png, contentType: 'image/png' });
    const first = await t.app.ctx.storage.signGet({ key });
    const expires = Number(new URL(first).searchParams.get('expires'));
    const issued = expires - DEFAULT_EXPIRES_IN;
    const window = DEFAULT_EXPIRES_IN / 3;
    expect(issued % window).toBe(0);
    expect(expires - Date.now() / 1000).toBeGreaterThan(DEFAULT_EXPIRES_IN - window - 1);
    // Within the window the URL is the same; in the next one it is new (and still works).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime((issued + window - 1) * 1000);
      expect(await t.app.ctx.storage.signGet({ key })).toBe(first);
      vi.setSystemTime((issued + window) * 1000);
      const next = await t.app.ctx.storage.signGet({ key });
      expect(next).not.toBe(first);
      expect(Number(new URL(next).searchParams.get('expires'))).toBe(expires + window);
      expect((await t.app.inject({ url: pathOf(next) })).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 404 for unknown keys and paths that try to leave the storage folder', async () => {
    for (const url of [
      `/api/storage/uploads/public/${userId}/22222222-2222-4222-8222-222222222222.png`,
      '/api/storage/../../config.ts',
      '/api/storage/uploads/public/%2e%2e/%2e%2e/app-secret',
      `/api/storage/uploads/public/${userId}/22222222-2222-4222-8222-222222222222.png.meta`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('parseRange', () => {
  it('reads single byte ranges and rejects the rest', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=95-200', 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-200', 100)).toEqual({ start: 0, end: 99 });
    for (const bad of ['bytes=100-', 'bytes=5-1', 'bytes=-', 'bytes=-0', 'bytes=0-1,3-4', 'items=0-1']) {
      expect(parseRange(bad, 100), bad).toBe('invalid');
    }
  });
});
