import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/helper.ts';

// Decision 035: the build writes Brotli and gzip copies beside each hashed asset (scripts/precompress.mjs, run
// here on a build of our own) and the server sends the copy the request accepts, as it is.
const repoRoot = join(import.meta.dirname, '../../../..');
// A script long enough to be worth compressing, and varied enough that Brotli and gzip differ.
const script = Array.from(
  { length: 400 },
  (_, i) => `export const value${i} = { id: ${i}, label: 'item ${i * 7919}', seen: ${i % 3 === 0} };\n`,
).join('');

function build(assetsDir: string, file: string) {
  mkdirSync(assetsDir, { recursive: true });
  writeFileSync(join(assetsDir, file), script);
  const run = spawnSync(process.execPath, [join(repoRoot, 'scripts/precompress.mjs'), assetsDir], {
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return {
    raw: readFileSync(join(assetsDir, file)),
    br: readFileSync(join(assetsDir, `${file}.br`)),
    gz: readFileSync(join(assetsDir, `${file}.gz`)),
  };
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let web: ReturnType<typeof build>;
let site: ReturnType<typeof build>;

beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'hirecast-web-dist-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  web = build(join(webDist, 'assets'), 'app-B1x2Y3z4.js');
  const siteDist = mkdtempSync(join(tmpdir(), 'hirecast-site-dist-'));
  site = build(join(siteDist, 'client', 'assets'), 'entry-client-C5d6E7f8.js');
  t = await createTestApp({ WEB_DIST_DIR: webDist, SITE_DIST_DIR: siteDist });
});
afterAll(() => t?.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('precompressed hashed assets', () => {
  it('the build wrote smaller Brotli and gzip copies of the same bytes', () => {
    expect(brotliDecompressSync(web.br).equals(web.raw)).toBe(true);
    expect(gunzipSync(web.gz).equals(web.raw)).toBe(true);
    expect(web.br.length).toBeLessThan(web.gz.length);
    expect(web.gz.length).toBeLessThan(web.raw.length);
  });

  it('sends the Brotli copy to a browser that accepts br (as Chromium asks)', async () => {
    const res = await get('/assets/app-B1x2Y3z4.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(web.br)).toBe(true);
  });

  it('sends the gzip copy to a client that accepts gzip only', async () => {
    const res = await get('/assets/app-B1x2Y3z4.js', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.rawPayload.equals(web.gz)).toBe(true);
  });

  it('sends the file itself, unencoded, to a client that accepts no compression', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await get('/assets/app-B1x2Y3z4.js', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.rawPayload.equals(web.raw)).toBe(true);
    }
  });

  it("serves the site's hashed assets the same way", async () => {
    const br = await get('/site/assets/entry-client-C5d6E7f8.js', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(site.br)).toBe(true);
    const gz = await get('/site/assets/entry-client-C5d6E7f8.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(site.gz)).toBe(true);
    const plain = await get('/site/assets/entry-client-C5d6E7f8.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(site.raw)).toBe(true);
  });
});
