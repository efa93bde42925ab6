import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '@hirecast/db/schema';
import { applyMessages } from '@hirecast/domain/application';
import { ZPublicJob } from '@hirecast/domain/public-job';
import { createTestApp } from '../../support/helper.ts';
import {
  canonicalOf,
  hostedVideo,
  jsonLdOf,
  metaOf,
  openJob,
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
const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

// Issue 5 item 2: the job page as served, with what search engines and link previews read.
describe('GET /job/:city/:company/:slug', () => {
  it('serves the page with JobPosting JSON-LD carrying the job’s values', async () => {
    const { job, company, path } = await openJob(
      t.db,
      {
        title: 'Head Barista',
        postHeading: 'Lead the morning team',
        description: {
          ops: [
            { insert: 'Pull great shots ' },
            { insert: 'every day', attributes: { bold: true } },
            { insert: '.\n' },
          ],
        },
        employmentType: 'full-time',
        locationType: 'office',
        salary: { from: '25,000', to: '30,000', currency: 'GBP', unit: 'annually' },
        location: {
          streetAddress: '1 High St',
          city: 'Leeds',
          county: 'West Yorkshire',
          postalCode: 'LS1 1AA',
          country: 'United Kingdom',
        },
      },
      {
        name: 'Bean & Co',
        logo: `${SITE}/api/storage/uploads/public/logo.png`,
        info: [{ type: 'website', value: 'https://bean.example.com' }],
      },
    );
    const res = await page(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html.startsWith('<!doctype html><html lang="en"><head><meta charset="utf-8">')).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');

    const lds = jsonLdOf(html);
    expect(lds).toHaveLength(1);
    expect(lds[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Head Barista',
      description: '<p>Pull great shots <strong>every day</strong>.</p>',
      datePosted: '2025-03-01T09:00:00.000Z',
      employmentType: 'FULL_TIME',
      url: `${SITE}${path}`,
      hiringOrganization: {
        '@type': 'Organization',
        name: 'Bean & Co',
        sameAs: 'https://bean.example.com',
        logo: `${SITE}/api/storage/uploads/public/logo.png`,
      },
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '1 High St',
          addressLocality: 'Leeds',
          addressRegion: 'West Yorkshire',
          postalCode: 'LS1 1AA',
          addressCountry: 'GB',
        },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'GBP',
        value: { '@type': 'QuantitativeValue', minValue: 25000, maxValue: 30000, unitText: 'YEAR' },
      },
      directApply: true,
      identifier: { '@type': 'PropertyValue', name: 'Bean & Co', value: job.shortId },
    });

    expect(titleOf(html)).toBe('Head Barista at Bean & Co | Hirecast');
    expect(metaOf(html, 'description')).toBe('Pull great shots every day.');
    expect(canonicalOf(html)).toBe(`${SITE}${path}`);
    expect(metaOf(html, 'robots')).toBeUndefined();
    expect(metaOf(html, 'og:title')).toBe('Head Barista at Bean & Co');
    expect(metaOf(html, 'og:description')).toBe('Pull great shots every day.');
    expect(metaOf(html, 'og:type')).toBe('website');
    expect(metaOf(html, 'og:url')).toBe(`${SITE}${path}`);
    expect(metaOf(html, 'og:site_name')).toBe('Hirecast');
    // No job image and no video: the company logo stands for the job.
    expect(metaOf(html, 'og:image')).toBe(`${SITE}/api/storage/uploads/public/logo.png`);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'twitter:title')).toBe('Head Barista at Bean & Co');

    // The page data for hydration is the public job, and without a site build the body still shows the job.
    const data = siteDataOf(html);
    expect(data).toMatchObject({ kind: 'job', preview: false, siteUrl: SITE });
    expect(ZPublicJob.parse(data.job).shortId).toBe(job.shortId);
    expect(html).toContain('<div id="root"><main>');
    expect(html).toContain('<h1>Head Barista</h1>');
    expect(html).toContain('<p>Bean &amp; Co</p>');
    expect(html).toContain('£25,000 – £30,000 per year');
    expect(company.name).toBe('Bean & Co');
  });

  it('answers the site’s headers: camera and microphone for our own pages, YouTube and Vimeo frames', async () => {
    const { path } = await openJob(t.db);
    const res = await page(path);
    expect(res.headers['permissions-policy']).toContain('camera=(self)');
    expect(res.headers['permissions-policy']).toContain('microphone=(self)');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/www\.youtube-nocookie\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/player\.vimeo\.com/);
    expect(csp).toMatch(/media-src [^;]*blob:/);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    // YouTube's player needs a Referer: the origin only.
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('keeps user-written text from breaking out of tags and scripts', async () => {
    const title = '</script><script>alert(1)</script> Chef';
    const { path } = await openJob(t.db, {
      title,
      description: { ops: [{ insert: '<img src=x onerror=alert(1)> \u2028 & more\n' }] },
    });
    const res = await page(path);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).not.toContain('<img src=x');
    // Inside scripts, U+2028/2029 are escaped too (old parsers read them as line ends).
    const scripts = [...res.body.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('');
    expect(scripts).toContain('\\u2028');
    expect(scripts).not.toContain('\u2028');
    expect(jsonLdOf(res.body)[0]!.title).toBe(title);
    expect(siteDataOf(res.body).job!.title).toBe(title);
    expect(titleOf(res.body)).toContain(title);
  });

  it('redirects any other spelling of the address to the canonical one, keeping the query', async () => {
    const { job, path } = await openJob(t.db, {
      title: 'Sous Chef',
      location: { city: 'York', country: 'UK' },
    });
    const query = '?utm_source=abc&utm_campaign=share-reward&utm_medium=employer-app';
    for (const wrong of [
      `/job/leeds/other-company/sous-chef-${job.shortId}`,
      `/job/york/${path.split('/')[3]}/old-title-${job.shortId}`,
      `/job/York/${path.split('/')[3]}/sous-chef-${job.shortId}`,
    ]) {
      const res = await page(`${wrong}${query}`);
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(`${path}${query}`);
    }
    const bare = await page(`/job/a/b/c-${job.shortId}`);
    expect(bare.headers.location).toBe(path);
    expect((await page(`${path}${query}`)).statusCode).toBe(200);
  });

  it('shows a closed job as closed, without JSON-LD', async () => {
    const { path } = await openJob(t.db, { status: 'closed', title: 'Night Porter' });
    const res = await page(path);
    expect(res.statusCode).toBe(200);
    expect(jsonLdOf(res.body)).toEqual([]);
    expect(res.body).toContain(applyMessages.jobClosed);
    expect(siteDataOf(res.body).job).toMatchObject({ status: 'closed', title: 'Night Porter' });
    expect(titleOf(res.body)).toMatch(/^Night Porter at /);
  });

  it('answers an unknown job or a malformed address with the 404 page', async () => {
    const { job } = await openJob(t.db);
    for (const url of [
      '/job/london/acme/barista-Zz9Zz9Zz',
      '/job/london/acme/barista',
      `/job/london/acme/${job.shortId}`,
    ]) {
      const res = await page(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain(applyMessages.jobNotFound);
      expect(metaOf(res.body, 'robots')).toBe('noindex');
      expect(siteDataOf(res.body).kind).toBe('not-found');
      expect(jsonLdOf(res.body)).toEqual([]);
    }
  });

  it('keeps a hidden location off the page, giving search engines the city and country only', async () => {
    const { job, path } = await openJob(t.db, {
      hideLocation: true,
      location: {
        streetAddress: '9 Secret Lane',
        city: 'Bristol',
        postalCode: 'BS1 5TR',
        country: 'United Kingdom',
      },
    });
    const html = (await page(path)).body;
    expect(html).not.toContain('Secret Lane');
    expect(html).not.toContain('BS1 5TR');
    expect(siteDataOf(html).job!.location).toBeNull();
    expect(jsonLdOf(html)[0]!.jobLocation).toEqual({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: 'Bristol', addressCountry: 'GB' },
    });
    expect(path).toContain('/job/bristol/');
    expect(job.hideLocation).toBe(true);
  });

  it('gives a remote job as TELECOMMUTE, a redirecting job as not directly applicable', async () => {
    const { path } = await openJob(t.db, {
      locationType: 'remote',
      location: { country: 'United Kingdom' },
      customApplication: true,
      customApplicationUrl: 'https://ats.example.com/1',
    });
    expect(path).toMatch(/^\/job\/remote\//);
    const [ld] = jsonLdOf((await page(path)).body);
    expect(ld).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'United Kingdom' },
      directApply: false,
    });
    expect(ld).not.toHaveProperty('jobLocation');
  });

  it("adds a VideoObject for the job's hosted video, and the ISO country and logo to the JobPosting", async () => {
    const { company } = await openJob(
      t.db,
      {},
      { name: 'Reel Co', logo: `${SITE}/api/storage/uploads/public/reel.png` },
    );
    const asset = await hostedVideo(t.db, company.id, { duration: 75 });
    const { path } = await openJob(t.db, {
      companyId: company.id,
      videoAssetId: asset.id,
      title: 'Projectionist',
      postHeading: 'Run the evening shows',
      location: { city: 'Glasgow', country: 'United Kingdom' },
    });
    const [posting, video, ...more] = jsonLdOf((await page(path)).body);
    expect(more).toEqual([]);
    expect(posting).toMatchObject({
      '@type': 'JobPosting',
      hiringOrganization: { name: 'Reel Co', logo: `${SITE}/api/storage/uploads/public/reel.png` },
      jobLocation: { address: { addressLocality: 'Glasgow', addressCountry: 'GB' } },
    });
    expect(video).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: 'Projectionist at Reel Co',
      description: 'Run the evening shows',
      uploadDate: asset.createdAt.toISOString(),
      duration: 'PT1M15S',
      width: 1280,
      height: 720,
      url: `${SITE}${path}`,
    });
    // Issue 23 item 9: stable public addresses, which redirect to a freshly signed URL of the video.
    const shortId = path.slice(-8);
    expect(video!.thumbnailUrl).toBe(`${SITE}/api/public/job/${shortId}/video/poster`);
    expect(video!.contentUrl).toBe(`${SITE}/api/public/job/${shortId}/video`);
    const content = await t.app.inject({ url: `/api/public/job/${shortId}/video` });
    expect(content.statusCode).toBe(302);
    expect(content.headers.location).toMatch(
      /^http:\/\/localhost:3000\/api\/storage\/uploads\/.+-720p\.mp4\?expires=\d+&signature=/,
    );
    const poster = await t.app.inject({ url: `/api/public/job/${shortId}/video/poster` });
    expect(poster.headers.location).toMatch(
      /^http:\/\/localhost:3000\/api\/storage\/uploads\/.+-640\.jpg\?expires=/,
    );
    // A job without a video carries the JobPosting only.
    const { path: plain } = await openJob(t.db, { companyId: company.id });
    expect(jsonLdOf((await page(plain)).body).map((ld) => ld['@type'])).toEqual(['JobPosting']);
  });

  it('answers 404 for the video address of a job that is not public, or one without a video', async () => {
    const { company } = await openJob(t.db);
    const asset = await hostedVideo(t.db, company.id);
    const { job: draft } = await openJob(t.db, {
      companyId: company.id,
      videoAssetId: asset.id,
      status: 'closed',
      publishedAt: null,
    });
    const { job: plain } = await openJob(t.db, { companyId: company.id });
    for (const url of [
      `/api/public/job/${draft.shortId}/video`,
      `/api/public/job/${draft.shortId}/video/poster`,
      `/api/public/job/${plain.shortId}/video`,
      '/api/public/job/nope/video',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('serves /favicon.ico, an icon', async () => {
    const res = await t.app.inject({ url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    // An ICO file: reserved 0, type 1 (icon), at least one image.
    expect([...res.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(res.rawPayload.readUInt16LE(4)).toBeGreaterThan(0);
  });

  it("shows the job's image in link previews, else its video's poster", async () => {
    const { company } = await openJob(t.db);
    const asset = await hostedVideo(t.db, company.id);
    const { path: withVideo } = await openJob(t.db, { companyId: company.id, videoAssetId: asset.id });
    const videoPage = (await page(withVideo)).body;
    expect(metaOf(videoPage, 'og:image')).toMatch(
      /^http:\/\/localhost:3000\/api\/storage\/uploads\/.+-640\.jpg\?expires=\d+&signature=/,
    );
    // The poster is the page's largest picture: the head asks for it early.
    expect(videoPage).toMatch(
      /<link rel="preload" as="image" href="[^"]+-640\.jpg\?[^"]+" fetchpriority="high">/,
    );
    const image = `${SITE}/api/storage/uploads/public/${company.id}/banner.jpg`;
    const { path: withImage } = await openJob(t.db, { companyId: company.id, videoAssetId: asset.id, image });
    expect(metaOf((await page(withImage)).body, 'og:image')).toBe(image);
    const { path: plain } = await openJob(t.db, { companyId: company.id });
    const html = (await page(plain)).body;
    expect(metaOf(html, 'og:image')).toBeUndefined();
    expect(metaOf(html, 'twitter:card')).toBe('summary');
  });

  it('cuts a long description to about 160 characters at a word', async () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const { path } = await openJob(t.db, { description: { ops: [{ insert: `${words}\n` }] } });
    const description = metaOf((await page(path)).body, 'description')!;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^word0 word1 .* word\d+…$/);
  });

  it('answers HEAD like GET, and the job page changes when the job does', async () => {
    const { job, path } = await openJob(t.db, { title: 'Line Cook' });
    const head = await t.app.inject({ method: 'HEAD', url: path });
    expect(head.statusCode).toBe(200);
    await t.db.update(jobs).set({ status: 'closed' }).where(eq(jobs.id, job.id));
    expect((await page(path)).body).toContain(applyMessages.jobClosed);
  });
});
