import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/helper.ts';
import { openJob, SITE_TEST_ENV } from '../support/site-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp(SITE_TEST_ENV);
});
afterAll(() => t.close());

describe('compression', () => {
  it('compresses pages and JSON for clients that accept it, and leaves the rest as is', async () => {
    const { job, path } = await openJob(t.db, {
      description: {
        ops: [{ insert: 'Bake bread every morning with a small, friendly team. '.repeat(40) + '\n' }],
      },
    });
    const page = await t.app.inject({ url: path, headers: { 'accept-encoding': 'gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString('utf8')).toContain(job.title);

    const brotli = await t.app.inject({
      url: `/api/public/job/${job.shortId}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');

    const plain = await t.app.inject({ url: path });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain(job.title);
    // Small answers are not worth it.
    const health = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});
