import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/helper.ts';
import { openJob, SITE_TEST_ENV } from '../../support/site-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp(SITE_TEST_ENV);
});
afterAll(() => t.close());

const SITE = 'http://localhost:3000';
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('GET /sitemap.xml', () => {
  it('lists every open job, absolute, with its last change, and no closed one', async () => {
    const updatedAt = new Date('2025-04-02T10:20:30.000Z');
    const open = await openJob(t.db, { title: 'Barista & Baker', updatedAt });
    const other = await openJob(t.db, { title: 'Sous Chef' });
    const closed = await openJob(t.db, { title: 'Closed Role', status: 'closed' });
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(
      res.body.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    const entries = [...res.body.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)].map(
      (m) => ({
        loc: m[1],
        lastmod: m[2],
      }),
    );
    expect(entries).toContainEqual({ loc: `${SITE}${open.path}`, lastmod: '2025-04-02T10:20:30.000Z' });
    expect(entries.map((e) => e.loc)).toContain(`${SITE}${other.path}`);
    expect(entries.map((e) => e.loc)).not.toContain(`${SITE}${closed.path}`);
    expect(res.body).not.toContain(closed.job.shortId);
    expect(entries.filter((e) => e.loc?.includes('/job/'))).toHaveLength(2);
  });
});

describe('GET /robots.txt', () => {
  it('opens job pages to crawlers, closes private pages and the API, and points at the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.trim().split('\n');
    expect(lines).toEqual([
      'User-agent: *',
      'Allow: /job/',
      'Allow: /company/',
      'Disallow: /preview/',
      'Disallow: /application/',
      'Disallow: /api/',
      `Sitemap: ${SITE}/sitemap.xml`,
    ]);
  });
});
