import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies, companyAgencies, jobs } from '@hirecast/db/schema';
import { createCompany, createJob } from '@hirecast/db/factories';
import { applyMessages } from '@hirecast/domain/application';
import { DEFAULT_VIDEO_QUESTION, ZPublicJob } from '@hirecast/domain/public-job';
import { createTestApp } from '../../support/helper.ts';
import { hostedVideo, openJob, SITE_TEST_ENV } from '../../support/site-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp(SITE_TEST_ENV);
});
afterAll(() => t.close());

const getPublic = (shortId: string) => t.app.inject({ method: 'GET', url: `/api/public/job/${shortId}` });

// Issue 5 item 5: GET /api/public/job/{shortId}, what the job page shows, without an account.
describe('GET /api/public/job/:shortId', () => {
  it('answers the job, its company and its address in the public shape', async () => {
    const { job, company, path } = await openJob(
      t.db,
      {
        title: 'Head Barista',
        postHeading: 'Lead the morning team',
        employmentType: 'full-time',
        locationType: 'office',
        salary: { from: '25000', to: '30000', currency: 'GBP', unit: 'annually' },
        location: {
          streetAddress: '1 High St',
          city: 'Leeds',
          postalCode: 'LS1 1AA',
          country: 'United Kingdom',
        },
        customQuestion: 'Latte or flat white?',
      },
      {
        name: 'Bean & Co',
        logo: 'http://localhost:3000/api/storage/uploads/public/logo.png',
        info: [{ type: 'website', value: 'https://bean.example.com' }],
      },
    );
    const res = await getPublic(job.shortId);
    expect(res.statusCode).toBe(200);
    const data = ZPublicJob.parse(res.json().data);
    expect(data).toMatchObject({
      shortId: job.shortId,
      path,
      title: 'Head Barista',
      postHeading: 'Lead the morning team',
      status: 'open',
      publishedAt: '2025-03-01T09:00:00.000Z',
      location: { streetAddress: '1 High St', city: 'Leeds', postalCode: 'LS1 1AA' },
      employmentType: 'full-time',
      locationType: 'office',
      salary: { from: '25000', to: '30000', currency: 'GBP', unit: 'annually' },
      video: null,
      agency: null,
      videoQuestion: DEFAULT_VIDEO_QUESTION,
      customQuestion: 'Latte or flat white?',
      applyUrl: null,
      otherJobs: [],
      additionalVideos: [],
      company: {
        name: 'Bean & Co',
        slug: company.slug,
        logo: 'http://localhost:3000/api/storage/uploads/public/logo.png',
        website: 'https://bean.example.com',
      },
    });
    expect(path).toBe(`/job/leeds/bean-and-co/head-barista-${job.shortId}`);
    // Nothing of the employer side leaks: no ids, counters or AI settings.
    for (const key of ['_id', '_company', 'totalVisits', 'aiSettings'])
      expect(res.json().data).not.toHaveProperty(key);
  });

  it('answers a closed job as closed, and 404 with the spec message for an unknown or malformed id', async () => {
    const { job } = await openJob(t.db, { status: 'closed' });
    expect((await getPublic(job.shortId)).json().data.status).toBe('closed');

    for (const shortId of ['Zz9Zz9Zz', 'nope', 'x'.repeat(90), '%3Cscript%3E']) {
      const res = await getPublic(shortId);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: applyMessages.jobNotFound });
    }
  });

  it('answers 404 for a job never published, on the API, the page and the beacons, until it goes live', async () => {
    const company = await createCompany(t.db);
    const draft = await createJob(t.db, {
      companyId: company.id,
      title: 'Secret Sous Chef',
      status: 'closed',
    });
    const { path } = await openJob(t.db, { companyId: company.id });
    const draftPath = path.replace(/\/[^/]+$/, `/secret-sous-chef-${draft.shortId}`);
    const refused = async () => {
      const api = await getPublic(draft.shortId);
      expect(api.statusCode).toBe(404);
      expect(api.json().error).toEqual({ code: 'NOT_FOUND', message: applyMessages.jobNotFound });
      expect(api.body).not.toContain('Secret');
      const page = await t.app.inject({ url: draftPath, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('Secret Sous Chef');
      const visit = await t.app.inject({
        method: 'POST',
        url: `/api/public/job/${draft.shortId}/track`,
        payload: { event: 'visit', sessionId: 'session-draft-1' },
      });
      expect(visit.statusCode).toBe(404);
    };
    await refused();

    // Published, then closed again: it was live, so its page stays (and says it is closed).
    await t.db.update(jobs).set({ status: 'open', publishedAt: new Date() }).where(eq(jobs.id, draft.id));
    expect((await getPublic(draft.shortId)).json().data.status).toBe('open');
    await t.db.update(jobs).set({ status: 'closed' }).where(eq(jobs.id, draft.id));
    expect((await getPublic(draft.shortId)).json().data).toMatchObject({
      title: 'Secret Sous Chef',
      status: 'closed',
    });
    const page = await t.app.inject({ url: draftPath, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
  });

  it('hides the location when the job asks for it', async () => {
    const { job } = await openJob(t.db, { hideLocation: true });
    expect((await getPublic(job.shortId)).json().data.location).toBeNull();
  });

  it("names the agency beside the company when an agency's job includes its branding", async () => {
    const { job, company } = await openJob(t.db, { isAgencyIncluded: true }, { isAgency: true });
    // No agency details yet: nothing to show.
    expect((await getPublic(job.shortId)).json().data.agency).toBeNull();
    await t.db.insert(companyAgencies).values({ companyId: company.id, name: 'Talent Bridge', logo: null });
    expect((await getPublic(job.shortId)).json().data.agency).toEqual({ name: 'Talent Bridge', logo: null });
    // A job that leaves the branding out, and a company that is no longer an agency, show none.
    const plain = await openJob(t.db, { companyId: company.id, isAgencyIncluded: false });
    expect((await getPublic(plain.job.shortId)).json().data.agency).toBeNull();
    await t.db.update(companies).set({ isAgency: false }).where(eq(companies.id, company.id));
    expect((await getPublic(job.shortId)).json().data.agency).toBeNull();
  });

  it('answers a library video as hosted renditions with signed URLs, and a pasted link as an embed', async () => {
    const { job, company } = await openJob(t.db);
    const asset = await hostedVideo(t.db, company.id);
    const { job: withHosted } = await openJob(t.db, { companyId: company.id, videoAssetId: asset.id });
    const hosted = (await getPublic(withHosted.shortId)).json().data.video;
    expect(hosted).toMatchObject({
      kind: 'hosted',
      assetId: asset.id,
      width: 1280,
      height: 720,
      duration: 30,
    });
    expect(hosted.mp4).toMatch(/\/api\/storage\/uploads\/.+-480p\.mp4\?expires=\d+&signature=/);
    expect(hosted.mp4_720p).toMatch(/-720p\.mp4\?expires=\d+&signature=/);
    expect(hosted.poster).toMatch(/-640\.jpg\?expires=\d+&signature=/);

    const embed = await createJob(t.db, {
      companyId: company.id,
      status: 'open',
      video: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    });
    expect((await getPublic(embed.shortId)).json().data.video).toEqual({
      kind: 'embed',
      url: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    });
    expect((await getPublic(job.shortId)).json().data.video).toBeNull();
  });

  it("lists up to six of the company's other open jobs when the job asks for them", async () => {
    const { job, company } = await openJob(t.db, { showOtherJobs: true });
    const others = [];
    for (let i = 0; i < 7; i++)
      others.push(
        await createJob(t.db, { companyId: company.id, status: 'open', title: `Cook ${i}`, order: i }),
      );
    await createJob(t.db, { companyId: company.id, status: 'closed', title: 'Closed one', order: -1 });
    const listed = (await getPublic(job.shortId)).json().data.otherJobs;
    expect(listed).toHaveLength(6);
    expect(listed.map((o: { title: string }) => o.title)).toEqual([
      'Cook 0',
      'Cook 1',
      'Cook 2',
      'Cook 3',
      'Cook 4',
      'Cook 5',
    ]);
    expect(listed[0]).toEqual({
      shortId: others[0]!.shortId,
      title: 'Cook 0',
      path: expect.stringMatching(new RegExp(`^/job/london/[a-z0-9-]+/cook-0-${others[0]!.shortId}$`)),
      city: 'London',
      employmentType: 'part-time',
    });

    const { job: quiet } = await openJob(t.db, { companyId: company.id });
    expect((await getPublic(quiet.shortId)).json().data.otherJobs).toEqual([]);
  });

  it("answers the job's own question and the redirect URL only when redirecting is on", async () => {
    const { job } = await openJob(t.db, {
      videoQuestion: 'What makes a great cup?',
      customApplication: true,
      customApplicationUrl: 'https://ats.example.com/apply/1',
      isVideoOptional: false,
    });
    expect((await getPublic(job.shortId)).json().data).toMatchObject({
      videoQuestion: 'What makes a great cup?',
      applyUrl: 'https://ats.example.com/apply/1',
      isVideoOptional: false,
    });
    const { job: off } = await openJob(t.db, {
      customApplication: false,
      customApplicationUrl: 'https://ats.example.com/apply/2',
    });
    expect((await getPublic(off.shortId)).json().data.applyUrl).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('documents the public read API and the beacons, with their bodies', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const job = doc.paths['/api/public/job/{shortId}'];
    expect(job.get.tags).toEqual(['public']);
    expect(job.get.responses['200']).toBeDefined();
    const track = doc.paths['/api/public/job/{shortId}/track'].post;
    expect(track.responses['204']).toBeDefined();
    expect(JSON.stringify(track.requestBody)).toContain('apply_started');
    const engagement = doc.paths['/api/public/job/{shortId}/engagement'].post;
    expect(JSON.stringify(engagement.requestBody)).toContain('second');
    // The HTML pages are not part of the API.
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/job/') || p.startsWith('/preview/'))).toBe(
      false,
    );
  });
});
