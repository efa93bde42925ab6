import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, referralTokens, shortUrls } from '@hirecast/db/schema';
import { jobMessages } from '@hirecast/domain/job-messages';
import { createJob } from '@hirecast/db/factories';
import { createTestApp } from '../../support/helper.ts';
import { headers, jobApi, jobRow, type TActor } from '../../support/jobs-support.ts';
import { companyWithMember } from '../../support/sessions.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let api: ReturnType<typeof jobApi>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://jobs.hirecast.test' });
  api = jobApi(t.app);
});
afterAll(() => t.close());

describe('GET /api/job', () => {
  it('lists the company jobs: first job on top, then by order, then oldest; search and Live filter', async () => {
    const admin = await companyWithMember(t.db, 0);
    const other = await companyWithMember(t.db, 2);
    await createJob(t.db, { companyId: other.company.id, title: 'Chef elsewhere' });
    const b = await createJob(t.db, {
      companyId: admin.company.id,
      title: 'Barista',
      order: 2,
      status: 'open',
    });
    const c = await createJob(t.db, { companyId: admin.company.id, title: 'Sous Chef', order: 1 });
    const first = await createJob(t.db, {
      companyId: admin.company.id,
      title: 'Head Chef',
      order: 5,
      isFirstJob: true,
    });
    const d = await createJob(t.db, { companyId: admin.company.id, title: '100%_Cleaner', order: 2 });

    const all = await api.list(admin);
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((j: { _id: string }) => j._id)).toEqual([first.id, c.id, b.id, d.id]);

    const chefs = await api.list(admin, '?search=chef');
    expect(chefs.json().data.map((j: { title: string }) => j.title)).toEqual(['Head Chef', 'Sous Chef']);
    expect((await api.list(admin, '?search=%25_')).json().data.map((j: { _id: string }) => j._id)).toEqual([
      d.id,
    ]);
    expect((await api.list(admin, '?status=open')).json().data.map((j: { _id: string }) => j._id)).toEqual([
      b.id,
    ]);
    expect((await api.list(admin, '?status=live')).statusCode).toBe(400);
    expect((await api.list(admin, '?sort=title')).statusCode).toBe(400);
  });

  it('answers an empty list for a company without jobs and 401 without a session', async () => {
    const admin = await companyWithMember(t.db, 2);
    expect((await api.list(admin)).json()).toEqual({ data: [] });
    expect((await t.app.inject({ url: '/api/job' })).statusCode).toBe(401);
  });
});

describe('GET /api/job/:id', () => {
  it('answers the job, with stats computed from the counters when asked', async () => {
    const viewer = await companyWithMember(t.db, 0);
    const job = await createJob(t.db, {
      companyId: viewer.company.id,
      totalVisits: 200,
      startedApplications: 40,
      submittedApplications: 10,
    });
    const plain = await api.get(viewer, job.id);
    expect(plain.statusCode).toBe(200);
    expect(plain.json().data).not.toHaveProperty('stats');
    expect(plain.json().data.applicantsCount).toBe(10);
    const res = await api.get(viewer, job.id, '?includeStats=true');
    expect(res.json().data.stats).toEqual({
      totalVisits: 200,
      totalApplies: 40,
      startedApplications: 40,
      submittedApplications: 10,
      applyRate: 0.05,
      submittedApplicationsRate: 0.25,
      videoEngagement: [],
    });
    const empty = await createJob(t.db, { companyId: viewer.company.id });
    expect((await api.get(viewer, empty.id, '?includeStats=true')).json().data.stats).toMatchObject({
      applyRate: 0,
      submittedApplicationsRate: 0,
    });
  });
});

describe('POST /api/job/:id/copy', () => {
  it('makes a closed copy titled "(copy)" with a new shortId at the end of the list', async () => {
    const admin = await companyWithMember(t.db, 1);
    const source = await createJob(t.db, {
      companyId: admin.company.id,
      title: 'Head Chef',
      status: 'open',
      isFirstJob: true,
      publishedAt: new Date(),
      order: 3,
      totalVisits: 9,
      customQuestion: 'Why us?',
    });
    await createJob(t.db, { companyId: admin.company.id, order: 7 });
    const res = await api.copy(admin, source.id);
    expect(res.statusCode).toBe(201);
    const copy = res.json().data;
    expect(copy).toMatchObject({
      title: 'Head Chef (copy)',
      status: 'closed',
      publishedAt: null,
      isFirstJob: false,
      order: 8,
      customQuestion: 'Why us?',
      description: source.description,
    });
    expect(copy._id).not.toBe(source.id);
    expect(copy.shortId).not.toBe(source.shortId);
    expect((await jobRow(t.db, copy._id))!.totalVisits).toBe(0);
    expect(await jobRow(t.db, source.id)).toEqual(source);
  });

  it('keeps the copied title within 90 characters', async () => {
    const admin = await companyWithMember(t.db, 2);
    const source = await createJob(t.db, { companyId: admin.company.id, title: 'T'.repeat(90) });
    const title = (await api.copy(admin, source.id)).json().data.title as string;
    expect(title).toHaveLength(90);
    expect(title.endsWith(' (copy)')).toBe(true);
  });
});

describe('PATCH /api/job/reorder', () => {
  it('persists {_id, order} in one go and answers the sorted list', async () => {
    const admin = await companyWithMember(t.db, 1);
    const a = await createJob(t.db, { companyId: admin.company.id, order: 0 });
    const b = await createJob(t.db, { companyId: admin.company.id, order: 1 });
    const c = await createJob(t.db, { companyId: admin.company.id, order: 2 });
    const res = await api.reorder(admin, [
      { _id: c.id, order: 0 },
      { _id: a.id, order: 1 },
      { _id: b.id, order: 2 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((j: { _id: string }) => j._id)).toEqual([c.id, a.id, b.id]);
    expect((await jobRow(t.db, c.id))!.order).toBe(0);
  });

  it('refuses the whole list (404) when one id is not the company job, and changes nothing', async () => {
    const admin = await companyWithMember(t.db, 2);
    const other = await companyWithMember(t.db, 2);
    const mine = await createJob(t.db, { companyId: admin.company.id, order: 0 });
    const theirs = await createJob(t.db, { companyId: other.company.id, order: 0 });
    const res = await api.reorder(admin, [
      { _id: mine.id, order: 9 },
      { _id: theirs.id, order: 1 },
    ]);
    expect(res.statusCode).toBe(404);
    expect(await jobRow(t.db, mine.id)).toEqual(mine);
    expect(await jobRow(t.db, theirs.id)).toEqual(theirs);
    const missing = await api.reorder(admin, [{ _id: '00000000-0000-4000-8000-000000000000', order: 0 }]);
    expect(missing.statusCode).toBe(404);
  });

  it('answers 400 for bad entries and duplicates', async () => {
    const admin = await companyWithMember(t.db, 2);
    const job = await createJob(t.db, { companyId: admin.company.id });
    expect((await api.reorder(admin, [])).statusCode).toBe(400);
    expect((await api.reorder(admin, [{ _id: job.id, order: -1 }])).statusCode).toBe(400);
    expect((await api.reorder(admin, [{ _id: job.id, order: 0, x: 1 }])).statusCode).toBe(400);
    const dup = await api.reorder(admin, [
      { _id: job.id, order: 1 },
      { _id: job.id, order: 2 },
    ]);
    expect(dup.statusCode).toBe(400);
    expect(await jobRow(t.db, job.id)).toEqual(job);
  });
});

describe('sharing: POST /api/job/:id/short, POST /api/short-url and /s/:shortId', () => {
  it('answers the short info with the share URL of §7 for the caller', async () => {
    const viewer = await companyWithMember(t.db, 0);
    const job = await createJob(t.db, {
      companyId: viewer.company.id,
      title: 'Crème Pâtissier',
      location: { city: 'Saint Albans', country: 'United Kingdom' },
    });
    const res = await api.short(viewer, job.id);
    expect(res.statusCode).toBe(200);
    const slug = viewer.company.name.toLowerCase().replace(/ /g, '-');
    const [row] = await t.db
      .select({ token: referralTokens.token })
      .from(referralTokens)
      .where(eq(referralTokens.userId, viewer.user.id));
    expect(res.json().data).toEqual({
      _id: job.id,
      title: 'Crème Pâtissier',
      shortId: job.shortId,
      status: 'closed',
      // Issue 16: plus the caller's referral token.
      shareUrl: `https://jobs.hirecast.test/job/saint-albans/${slug}/creme-patissier-${job.shortId}?utm_source=${viewer.user.id}&utm_campaign=share-reward&utm_medium=employer-app&ref=${row!.token}`,
    });
  });

  it('/s/{job shortId} redirects to the job page, keeping only the incoming query', async () => {
    const admin = await companyWithMember(t.db, 2);
    const job = await createJob(t.db, {
      companyId: admin.company.id,
      title: 'Head Chef',
      location: { country: 'UK' },
      status: 'open',
      publishedAt: new Date(),
    });
    const slug = admin.company.name.toLowerCase().replace(/ /g, '-');
    const res = await t.app.inject({ url: `/s/${job.shortId}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/job/remote/${slug}/head-chef-${job.shortId}`);
    const utm = await t.app.inject({ url: `/s/${job.shortId}?utm_source=abc&utm_medium=x` });
    expect(utm.headers.location).toBe(
      `/job/remote/${slug}/head-chef-${job.shortId}?utm_source=abc&utm_medium=x`,
    );
  });

  it('/s/{id} of a job that is not public answers 404 and names nothing, itself or through a short URL', async () => {
    const admin = await companyWithMember(t.db, 2);
    const draft = await createJob(t.db, {
      companyId: admin.company.id,
      title: 'Secret Sommelier',
      location: { country: 'UK' },
    });
    const link = await shortUrl(admin, `https://jobs.hirecast.test/job/remote/x/y-${draft.shortId}`);
    expect(link.statusCode, link.body).toBe(201);
    for (const id of [draft.shortId, link.json().data.shortId as string])
      for (const accept of ['text/html', 'application/json']) {
        const res = await t.app.inject({ url: `/s/${id}`, headers: { accept } });
        expect(res.statusCode).toBe(404);
        expect(res.headers.location).toBeUndefined();
        expect(res.body).not.toMatch(/sommelier/i);
      }
    // Once published it leads to its page, and a closed job's page still says it is closed.
    await t.db.update(jobs).set({ status: 'closed', publishedAt: new Date() }).where(eq(jobs.id, draft.id));
    expect((await t.app.inject({ url: `/s/${draft.shortId}` })).statusCode).toBe(302);
  });

  const shortUrl = (actor: TActor | null, redirectURL: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/short-url',
      ...(actor && { headers: headers(actor) }),
      payload: { redirectURL },
    });

  it("POST /short-url stores a link to one of the company's job pages that /s/{shortId} redirects to", async () => {
    const admin = await companyWithMember(t.db, 2);
    const job = await createJob(t.db, {
      companyId: admin.company.id,
      title: 'Head Chef',
      location: { country: 'UK' },
      status: 'open',
      publishedAt: new Date(),
    });
    const slug = admin.company.name.toLowerCase().replace(/ /g, '-');
    const path = `/job/remote/${slug}/head-chef-${job.shortId}`;
    const res = await shortUrl(
      admin,
      ` https://jobs.hirecast.test${path}?utm_source=${admin.user.id}#apply `,
    );
    expect(res.statusCode, res.body).toBe(201);
    const { shortId, shortUrl: link } = res.json().data;
    expect(shortId).toMatch(/^[0-9A-Za-z]{8}$/);
    expect(link).toBe(`https://jobs.hirecast.test/s/${shortId}`);
    const go = await t.app.inject({ url: `/s/${shortId}` });
    expect(go.statusCode).toBe(302);
    expect(go.headers.location).toBe(`${path}?utm_source=${admin.user.id}#apply`);

    // An old spelling of the job's address is kept as the canonical one.
    const old = await shortUrl(admin, `https://jobs.hirecast.test/job/york/acme/old-title-${job.shortId}`);
    expect(old.statusCode, old.body).toBe(201);
    const goOld = await t.app.inject({ url: `/s/${old.json().data.shortId}` });
    expect(goOld.headers.location).toBe(path);
  });

  it("POST /short-url also takes the company's career page", async () => {
    const manager = await companyWithMember(t.db, 1);
    const res = await shortUrl(
      manager,
      `https://jobs.hirecast.test/company/${manager.company.slug}?tab=jobs`,
    );
    expect(res.statusCode, res.body).toBe(201);
    const go = await t.app.inject({ url: `/s/${res.json().data.shortId}` });
    expect(go.headers.location).toBe(`/company/${manager.company.slug}?tab=jobs`);
  });

  it('POST /short-url refuses any other target with 400, so our domain cannot redirect elsewhere', async () => {
    const admin = await companyWithMember(t.db, 2);
    const other = await companyWithMember(t.db, 2);
    const theirs = await createJob(t.db, { companyId: other.company.id });
    const mine = await createJob(t.db, { companyId: admin.company.id });
    for (const target of [
      'https://careers.example.com/open-day?x=1',
      'https://evil.example/job/london/acme/chef-' + mine.shortId,
      'http://jobs.hirecast.test.evil.example/',
      `https://user:pass@jobs.hirecast.test/job/london/acme/chef-${mine.shortId}`,
      'https://jobs.hirecast.test/',
      'https://jobs.hirecast.test/jobs',
      `https://jobs.hirecast.test/s/${mine.shortId}`,
      `https://jobs.hirecast.test/job/london/acme/chef-${theirs.shortId}`,
      `https://jobs.hirecast.test/company/${other.company.slug}`,
      `https://jobs.hirecast.test/careers/${other.company.slug}`,
      'https://jobs.hirecast.test/job/london/acme/chef-Zz9Zz9Zz',
      'javascript:alert(1)',
      '//evil.example/x',
    ]) {
      const res = await shortUrl(admin, target);
      expect(res.statusCode, target).toBe(400);
    }
    const res = await shortUrl(admin, 'https://careers.example.com/open-day');
    expect(res.json().error.message).toBe(jobMessages.shortUrlNotAllowed);
    expect(await t.db.select().from(shortUrls).where(eq(shortUrls.companyId, admin.company.id))).toEqual([]);
    expect((await shortUrl(null, 'https://example.com')).statusCode).toBe(401);
  });

  it('POST /short-url refuses a viewer with 403 (spec 1 §6: viewers are read-only)', async () => {
    const viewer = await companyWithMember(t.db, 0);
    const job = await createJob(t.db, { companyId: viewer.company.id });
    const res = await shortUrl(viewer, `https://jobs.hirecast.test/job/remote/x/y-${job.shortId}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(jobMessages.viewerCannotShare);
    expect(await t.db.select().from(shortUrls).where(eq(shortUrls.companyId, viewer.company.id))).toEqual([]);
  });

  it('/s/{shortId} does not follow a link made earlier to another site', async () => {
    const admin = await companyWithMember(t.db, 2);
    await t.db.insert(shortUrls).values([
      { shortId: 'Legacy01', redirectUrl: 'https://phish.example/login', companyId: admin.company.id },
      {
        shortId: 'Legacy02',
        redirectUrl: 'https://jobs.hirecast.test/careers/x?a=1',
        companyId: admin.company.id,
      },
    ]);
    expect((await t.app.inject({ url: '/s/Legacy01' })).statusCode).toBe(404);
    const own = await t.app.inject({ url: '/s/Legacy02' });
    expect(own.statusCode).toBe(302);
    expect(own.headers.location).toBe('/careers/x?a=1');
  });

  it('an unknown short id answers 404', async () => {
    expect((await t.app.inject({ url: '/s/ZZZZZZZZ' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/s/not-an-id' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/s/ZZZZZZZZ' })).statusCode).toBe(404);
  });
});

describe('isFirstJob', () => {
  it('only the first job a company creates through the API is its first job', async () => {
    const admin = await companyWithMember(t.db, 2);
    const body = {
      title: 'Waiter',
      postHeading: 'Serve',
      description: { ops: [{ insert: 'Serve.\n' }] },
      location: { country: 'UK' },
    };
    const created = await Promise.all([
      api.create(admin, body),
      api.create(admin, body),
      api.create(admin, body),
    ]);
    expect(created.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const rows = await t.db.select().from(jobs).where(eq(jobs.companyId, admin.company.id));
    expect(rows.filter((r) => r.isFirstJob)).toHaveLength(1);
    expect(new Set(rows.map((r) => r.order)).size).toBe(3);
  });
});
