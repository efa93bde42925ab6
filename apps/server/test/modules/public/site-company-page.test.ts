import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJob } from '@hirecast/db/factories';
import { EMBED_HEIGHT_MESSAGE } from '@hirecast/domain/company-page-rules';
import type { TSitePage } from '@hirecast/domain/site-page';
import { createTestApp } from '../../support/helper.ts';
import { companyWithMember } from '../../support/sessions.ts';
import { call, libraryVideo } from '../../support/company-page-support.ts';
import {
  canonicalOf,
  jsonLdOf,
  metaOf,
  SITE_TEST_ENV,
  siteDataOf,
  titleOf,
} from '../../support/site-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp(SITE_TEST_ENV);
});
afterAll(() => t.close());

const SITE = 'http://localhost:3000';
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

/** A company with a page: stats, a quote, a video, a story, one open and one closed job. */
async function companyWithPage() {
  const admin = await companyWithMember(t.db, 2);
  const pageRes = await call(t.app, admin, 'GET', `/api/company-page/${admin.company.id}/company`);
  const pageId = pageRes.json().data._id as string;
  const api = (method: 'POST' | 'PATCH', path: string, body: object) =>
    call(t.app, admin, method, `/api/company-page/${pageId}${path}`, body);
  await api('PATCH', '', { stats: { foundingYear: 2001, employees: 40, gender: { male: 20, female: 20 } } });
  await api('POST', '/quote', { pageType: 'WHY_JOIN', content: 'Best team in town', author: 'Ana' });
  const video = await libraryVideo(t.db, admin.company.id);
  await api('POST', '/asset', { pageType: 'WHY_JOIN', assetType: 'video', assetId: video.id });
  const story = await api('POST', '/employer-testimonial', {
    name: 'Ana Lopes',
    title: 'Head chef',
    quoteText: 'I love it here',
    _video: video.id,
    text: { ops: [{ insert: 'I joined in 2019.\n' }] },
  });
  expect(story.statusCode, story.body).toBe(201);
  await createJob(t.db, {
    companyId: admin.company.id,
    title: 'Open Chef',
    status: 'open',
    publishedAt: new Date(),
  });
  await createJob(t.db, { companyId: admin.company.id, title: 'Closed Chef', status: 'closed' });
  return { admin, pageId, video };
}

describe('GET /company/{slug}', () => {
  it('serves the page with Organization JSON-LD, Open Graph, canonical and the blocks in order', async () => {
    const { admin, video } = await companyWithPage();
    const slug = admin.company.slug;
    const res = await get(`/company/${slug}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(titleOf(html)).toBe(`Careers at ${admin.company.name} | Hirecast`);
    expect(canonicalOf(html)).toBe(`${SITE}/company/${slug}`);
    expect(metaOf(html, 'og:url')).toBe(`${SITE}/company/${slug}`);
    expect(metaOf(html, 'og:title')).toBe(`Careers at ${admin.company.name}`);
    expect(jsonLdOf(html)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: admin.company.name,
        url: `${SITE}/company/${slug}`,
        description: admin.company.description,
        address: { '@type': 'PostalAddress', addressLocality: 'London', addressCountry: 'United Kingdom' },
        foundingDate: '2001',
        numberOfEmployees: { '@type': 'QuantitativeValue', value: 40 },
      },
    ]);
    const data = siteDataOf(html) as unknown as Extract<TSitePage, { kind: 'company' }>;
    expect(data).toMatchObject({ kind: 'company', tab: 'why-us', embed: false });
    // The default blocks, then the quote and the video in the order they were added; the empty
    // 'Why work here' text and the socials of a company without links are left out.
    expect(data.page.pages.WHY_JOIN.map((b) => b.type)).toEqual([
      'TEXT_AREA',
      'STATISTIC',
      'LATEST_JOBS',
      'QUOTE',
      'VIDEO_ASSET',
    ]);
    expect(data.page.pages.WHY_JOIN[4]).toMatchObject({ video: { kind: 'hosted', assetId: video.id } });
    expect(data.page.pages.STORIES).toMatchObject([
      { type: 'TESTIMONIAL_CARD', story: { name: 'Ana Lopes', path: `/company/${slug}/stories/ana-lopes` } },
    ]);
    expect(data.page.jobs.map((j) => j.title)).toEqual(['Open Chef']);
    // The fallback body (no site build here) carries the jobs too.
    expect(html).toContain('Open Chef');
    expect(html).not.toContain('Closed Chef');
    // Only our own pages may frame the page itself.
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('names the tab in the title and canonical address', async () => {
    const { admin } = await companyWithPage();
    const res = await get(`/company/${admin.company.slug}?tab=jobs`);
    expect(titleOf(res.body)).toBe(`Jobs · Careers at ${admin.company.name} | Hirecast`);
    expect(canonicalOf(res.body)).toBe(`${SITE}/company/${admin.company.slug}?tab=jobs`);
    expect(siteDataOf(res.body)).toMatchObject({ kind: 'company', tab: 'jobs' });
  });

  it('says there are no live jobs when none is open', async () => {
    const admin = await companyWithMember(t.db, 2);
    await createJob(t.db, { companyId: admin.company.id, status: 'closed' });
    const res = await get(`/company/${admin.company.slug}?tab=jobs`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('There are currently no live jobs.');
  });

  it('lets any site frame the embed copy, which points search engines at the page', async () => {
    const { admin } = await companyWithPage();
    const res = await get(`/company/${admin.company.slug}?embed=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(canonicalOf(res.body)).toBe(`${SITE}/company/${admin.company.slug}`);
    expect(jsonLdOf(res.body)).toEqual([]);
    expect(siteDataOf(res.body)).toMatchObject({ kind: 'company', embed: true });
  });

  it('answers 404 for an unknown company and redirects the old /careers address', async () => {
    expect((await get('/company/no-such-company')).statusCode).toBe(404);
    expect((await get('/company/BAD%20SLUG')).statusCode).toBe(404);
    const old = await get('/careers/acme?tab=jobs');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/company/acme?tab=jobs');
  });
});

describe('GET /company/{slug}/stories/{storySlug}', () => {
  it('serves the story with its canonical address, and 404 for an unknown one', async () => {
    const { admin } = await companyWithPage();
    const slug = admin.company.slug;
    const res = await get(`/company/${slug}/stories/ana-lopes`);
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe(`Ana Lopes, Head chef at ${admin.company.name} | Hirecast`);
    expect(canonicalOf(res.body)).toBe(`${SITE}/company/${slug}/stories/ana-lopes`);
    expect(metaOf(res.body, 'og:description')).toBe('I love it here');
    expect(jsonLdOf(res.body)[0]).toMatchObject({ '@type': 'Article', author: { name: 'Ana Lopes' } });
    expect(siteDataOf(res.body)).toMatchObject({
      kind: 'story',
      story: { name: 'Ana Lopes', text: { ops: [{ insert: 'I joined in 2019.\n' }] } },
    });
    expect((await get(`/company/${slug}/stories/nobody`)).statusCode).toBe(404);
  });
});

describe('embed, sitemap and engagement', () => {
  it('serves /embed.js, loadable by other sites, listening for the height message', async () => {
    const res = await get('/embed.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.body).toContain(JSON.stringify(EMBED_HEIGHT_MESSAGE));
  });

  it('lists company pages and stories in sitemap.xml', async () => {
    const { admin } = await companyWithPage();
    const res = await get('/sitemap.xml');
    expect(res.body).toContain(`<loc>${SITE}/company/${admin.company.slug}</loc>`);
    expect(res.body).toContain(`<loc>${SITE}/company/${admin.company.slug}/stories/ana-lopes</loc>`);
  });

  it("counts engagement for a company page's video, and not for a video no page shows", async () => {
    const { admin, video } = await companyWithPage();
    const beacon = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/asset/${id}/engagement`,
        payload: { sessionId: 'session-12345678', second: 5 },
      });
    expect((await beacon(video.id)).statusCode).toBe(200);
    const hidden = await libraryVideo(t.db, admin.company.id, 'Not on the page');
    expect((await beacon(hidden.id)).statusCode).toBe(404);
  });
});
