import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyPageBlocks, companyPages } from '@hirecast/db/schema';
import { createCompany, createJob } from '@hirecast/db/factories';
import type { TCompanyPage } from '@hirecast/domain/company-page';
import { companyPageMessages, SAMPLES_COMPANY_SLUG } from '@hirecast/domain/company-page-rules';
import type { TSitePage } from '@hirecast/domain/site-page';
import { nextFreeSlug } from '../../../src/modules/companies/slug.ts';
import { createTestApp } from '../../support/helper.ts';
import { companyWithMember } from '../../support/sessions.ts';
import { call, libraryVideo } from '../../support/company-page-support.ts';
import { SITE_TEST_ENV, siteDataOf } from '../../support/site-support.ts';

// Issue 23 items 6 and 9: the career page's corrections, through the editor's API and the public site.

const SPA_MARKER = '<!doctype html><title>Hirecast app</title><div id="app-root"></div>';
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // A stand-in build of the employer app, so the SPA fallback can be told apart from the site's 404.
  const webDist = await mkdtemp(join(tmpdir(), 'hirecast-web-dist-'));
  await writeFile(join(webDist, 'index.html'), SPA_MARKER);
  t = await createTestApp({ ...SITE_TEST_ENV, WEB_DIST_DIR: webDist });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
type TCompanyData = Extract<TSitePage, { kind: 'company' }>;

/** An admin's page with a story added on the Why Us tab (as "Add content" on that tab does). */
async function storyOnWhyUs() {
  const admin = await companyWithMember(t.db, 2);
  const opened = await call(t.app, admin, 'GET', `/api/company-page/${admin.company.id}/company`);
  const pageId = (opened.json().data as TCompanyPage)._id;
  const video = await libraryVideo(t.db, admin.company.id);
  const story = await call(t.app, admin, 'POST', `/api/company-page/${pageId}/employer-testimonial`, {
    name: 'Ana Lopes',
    title: 'Head chef',
    quoteText: 'I love it here',
    _video: video.id,
    pageType: 'WHY_JOIN',
  });
  expect(story.statusCode, story.body).toBe(201);
  return { admin, pageId };
}

describe('a story added on another tab', () => {
  it("is on the editor's Stories tab as well as where it was added", async () => {
    const { admin, pageId } = await storyOnWhyUs();
    // A story of the Stories tab itself comes first there, in its own order.
    const video = await libraryVideo(t.db, admin.company.id, 'Second');
    await call(t.app, admin, 'POST', `/api/company-page/${pageId}/employer-testimonial`, {
      name: 'Bo Berg',
      title: 'Waiter',
      _video: video.id,
    });
    const res = await call(t.app, admin, 'GET', `/api/company-page/${admin.company.id}/company`);
    const page = res.json().data as TCompanyPage;
    const names = (tab: keyof TCompanyPage['pages']) =>
      page.pages[tab].sortedBlocks.flatMap((b) =>
        b.type === 'TESTIMONIAL_CARD' ? [b.story._person.name] : [],
      );
    expect(names('STORIES')).toEqual(['Bo Berg', 'Ana Lopes']);
    expect(page.pages.STORIES.employerTestimonials.map((s) => s._person.name)).toEqual([
      'Bo Berg',
      'Ana Lopes',
    ]);
    expect(names('WHY_JOIN')).toEqual(['Ana Lopes']);
    expect(names('BENEFITS')).toEqual([]);
  });

  it('is on the public Stories tab, and the tab no longer says there are none', async () => {
    const { admin } = await storyOnWhyUs();
    const res = await get(`/company/${admin.company.slug}?tab=stories`);
    expect(res.statusCode).toBe(200);
    const data = siteDataOf(res.body) as unknown as TCompanyData;
    expect(data.page.pages.STORIES).toMatchObject([
      {
        type: 'TESTIMONIAL_CARD',
        story: { name: 'Ana Lopes', path: `/company/${admin.company.slug}/stories/ana-lopes` },
      },
    ]);
    expect(data.page.pages.WHY_JOIN.filter((b) => b.type === 'TESTIMONIAL_CARD')).toHaveLength(1);
    // Its own page works too.
    expect((await get(`/company/${admin.company.slug}/stories/ana-lopes`)).statusCode).toBe(200);
  });
});

describe('addresses of the public site', () => {
  it("leaves /company/new to the employer app's create-company screen, opened directly or reloaded", async () => {
    const res = await get('/company/new');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SPA_MARKER);
  });

  it("gives no new company the slug new (or the samples company's)", () => {
    expect(nextFreeSlug('new', [])).toBe('new-2');
    expect(nextFreeSlug(SAMPLES_COMPANY_SLUG, [])).toBe(`${SAMPLES_COMPANY_SLUG}-2`);
    expect(nextFreeSlug('acme', [])).toBe('acme');
  });

  it('says that an unknown company page could not be found', async () => {
    const res = await get('/company/no-such-company-here');
    expect(res.statusCode).toBe(404);
    expect(siteDataOf(res.body)).toMatchObject({
      kind: 'not-found',
      text: companyPageMessages.publicPageNotFound,
    });
    expect(res.body).toContain('This company page could not be found.');
  });

  it('has no public page, story or sitemap entry for the internal samples company', async () => {
    const samples = await createCompany(t.db, { name: 'Hirecast samples', slug: SAMPLES_COMPANY_SLUG });
    await createJob(t.db, { companyId: samples.id, status: 'open', publishedAt: new Date() });
    await t.db.insert(companyPages).values({ companyId: samples.id });
    const res = await get(`/company/${SAMPLES_COMPANY_SLUG}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This company page could not be found.');
    expect((await get(`/company/${SAMPLES_COMPANY_SLUG}?embed=1`)).statusCode).toBe(404);
    expect((await get('/sitemap.xml')).body).not.toContain(`/company/${SAMPLES_COMPANY_SLUG}`);
  });
});

describe("a crawler's first visit", () => {
  it('writes nothing: the page it sees is the one the first editor open would make', async () => {
    const admin = await companyWithMember(t.db, 2);
    const counts = async () => {
      const [row] = await t.db
        .select({
          pages: sql<number>`(select count(*)::int from ${companyPages})`,
          blocks: sql<number>`(select count(*)::int from ${companyPageBlocks})`,
        })
        .from(sql`(select 1) as one`);
      return row;
    };
    const before = await counts();
    for (const path of ['', '?tab=stories', '?embed=1', '/stories/nobody'])
      await get(`/company/${admin.company.slug}${path}`);
    const res = await get(`/company/${admin.company.slug}`);
    expect(res.statusCode).toBe(200);
    expect(await counts()).toEqual(before);
    expect(
      await t.db.select().from(companyPages).where(eq(companyPages.companyId, admin.company.id)),
    ).toEqual([]);
    // What it saw: the default About text with the company's description, as the editor's first open makes it.
    const data = siteDataOf(res.body) as unknown as TCompanyData;
    expect(data.page.pages.WHY_JOIN[0]).toMatchObject({
      type: 'TEXT_AREA',
      header: `About ${admin.company.name}`,
      content: admin.company.description,
    });
    const opened = await call(t.app, admin, 'GET', `/api/company-page/${admin.company.id}/company`);
    const made = opened.json().data as TCompanyPage;
    expect(made.pages.WHY_JOIN.sortedBlocks.map((b) => b.type)).toEqual([
      'TEXT_AREA',
      'TEXT_AREA',
      'STATISTIC',
      'LATEST_JOBS',
      'SOCIALS',
    ]);
    expect((await get(`/company/${admin.company.slug}`)).statusCode).toBe(200);
  });
});

describe('/embed.js', () => {
  it('pings the frames with any target origin, so a frame still loading raises no error on the host', async () => {
    const res = await get('/embed.js');
    expect(res.body).toMatch(/postMessage\(\{ type: "hirecast:ping" \}, '\*'\)/);
  });
});
