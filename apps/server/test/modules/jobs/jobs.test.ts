import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '@hirecast/db/schema';
import { createJob } from '@hirecast/db/factories';
import { DEFAULT_AI_SETTINGS, ZJob } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { bearer, createTestApp } from '../../support/helper.ts';
import { jobApi, jobRow, validJob } from '../../support/jobs-support.ts';
import { companyWithMember } from '../../support/sessions.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let api: ReturnType<typeof jobApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = jobApi(t.app);
});
afterAll(() => t.close());

describe('POST /api/job', () => {
  it('creates a closed job with the defaults of §9, the first of the company marked isFirstJob', async () => {
    const admin = await companyWithMember(t.db, 2);
    const res = await api.create(admin, validJob({ title: '  Head Chef  ' }));
    expect(res.statusCode).toBe(201);
    const job = ZJob.parse(res.json().data);
    expect(job).toMatchObject({
      _company: admin.company.id,
      title: 'Head Chef',
      status: 'closed',
      publishedAt: null,
      employmentType: 'part-time',
      locationType: 'on location',
      salary: { currency: 'GBP', unit: 'annually' },
      isVideoOptional: true,
      aiSettings: DEFAULT_AI_SETTINGS,
      isFirstJob: true,
      order: 0,
      customApplication: false,
      linkData: { location: 'london', title: 'head-chef' },
    });
    expect(job.shortId).toMatch(/^[0-9A-Za-z]{8}$/);
    expect(job.stats).toBeUndefined();
    const row = await jobRow(t.db, job._id);
    expect(row).toMatchObject({ companyId: admin.company.id, createdBy: admin.user.id, title: 'Head Chef' });

    const second = await api.create(admin, validJob({ title: 'Sous Chef', employmentType: 'full-time' }));
    expect(second.json().data).toMatchObject({ isFirstJob: false, order: 1, employmentType: 'full-time' });
  });

  it('applies the AI cascade and the redirect rules on create', async () => {
    const admin = await companyWithMember(t.db, 1);
    const res = await api.create(
      admin,
      validJob({
        aiSettings: { isScreening: false, isShortlist: true, isAutoRejection: true },
        customApplication: true,
        customApplicationURL: 'https://ats.example.com/apply',
        _video: 'https://youtu.be/dQw4w9WgXcQ',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      aiSettings: DEFAULT_AI_SETTINGS,
      customApplication: true,
      customApplicationURL: 'https://ats.example.com/apply',
      _video: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    });
  });

  it("lists what is missing under 'Please fill the required fields:' and creates nothing", async () => {
    const admin = await companyWithMember(t.db, 2);
    const res = await api.create(admin, { title: 'Chef', location: { city: 'Leeds' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION',
      message: 'Please fill the required fields: Description, Job Post Heading',
      fields: { description: expect.any(String), postHeading: expect.any(String) },
    });
    const all = await api.create(admin, {});
    expect(all.json().error.message).toBe(
      'Please fill the required fields: Title, Description, Location, Job Post Heading',
    );
    expect(await t.db.select().from(jobs).where(eq(jobs.companyId, admin.company.id))).toHaveLength(0);
  });

  it.each([
    ['a title of 91 characters', { title: 'a'.repeat(91) }, 'Title must be at most 90 characters'],
    ['a wrong employment type', { employmentType: 'full time' }, null],
    ['a wrong location type', { locationType: 'moon' }, null],
    [
      'a non-numeric salary',
      { salary: { from: 'abc', to: null, currency: 'GBP', unit: 'annually' } },
      jobMessages.salaryNumeric,
    ],
    ['a wrong currency', { salary: { from: '1', currency: 'JPY', unit: 'annually' } }, null],
    ['score 5.1', { aiSettings: { score: 5.1 } }, jobMessages.scoreRange],
    ['an unknown field', { isFirstJob: true }, null],
    [
      'an http redirect URL',
      { customApplicationURL: 'http://ats.example.com' },
      jobMessages.redirectUrlInvalid,
    ],
    ['the redirect on without a link', { customApplication: true }, jobMessages.redirectUrlMissing],
    [
      'a video link that is not YouTube or Vimeo',
      { _video: 'https://example.com/v.mp4' },
      jobMessages.videoLinkInvalid,
    ],
  ])('answers 400 for %s and creates nothing', async (_label, extra, message) => {
    const admin = await companyWithMember(t.db, 2);
    const res = await api.create(admin, validJob(extra));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    if (message) expect(res.json().error.message).toBe(message);
    expect(await t.db.select().from(jobs).where(eq(jobs.companyId, admin.company.id))).toHaveLength(0);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/job', payload: validJob() });
    expect(res.statusCode).toBe(401);
  });
});

describe('PATCH /api/job/:id', () => {
  it('writes only the changed fields, trimmed, and answers the job', async () => {
    const admin = await companyWithMember(t.db, 2);
    const job = await createJob(t.db, { companyId: admin.company.id, customQuestion: 'Why us?' });
    const res = await api.patch(admin, job.id, {
      title: '  Night Porter  ',
      salary: { from: '25,000', to: '30,000.50', currency: 'EUR', unit: 'monthly' },
      locationType: 'remote',
      isHiringNow: true,
      videoQuestion: ' What brings you here? ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: job.id,
      title: 'Night Porter',
      salary: { from: '25,000', to: '30,000.50', currency: 'EUR', unit: 'monthly' },
      locationType: 'remote',
      isHiringNow: true,
      videoQuestion: 'What brings you here?',
      customQuestion: 'Why us?',
      postHeading: job.postHeading,
    });
    const row = await jobRow(t.db, job.id);
    expect(row).toMatchObject({
      title: 'Night Porter',
      customQuestion: 'Why us?',
      description: job.description,
    });
    expect(row!.updatedAt.getTime()).toBeGreaterThan(job.updatedAt.getTime());
  });

  it('applies the AI cascade on save', async () => {
    const admin = await companyWithMember(t.db, 1);
    const job = await createJob(t.db, { companyId: admin.company.id });
    const allOn = {
      isScreening: true,
      isAutoShortlist: true,
      isShortlist: true,
      isAutoRejection: true,
      isDisableApplicantFeedbackDialog: false,
      score: 3.5,
    };
    expect((await api.patch(admin, job.id, { aiSettings: allOn })).json().data.aiSettings).toEqual(allOn);
    const off = await api.patch(admin, job.id, { aiSettings: { isAutoShortlist: false } });
    expect(off.json().data.aiSettings).toEqual({
      ...allOn,
      isAutoShortlist: false,
      isShortlist: false,
      isAutoRejection: false,
      isDisableApplicantFeedbackDialog: true,
    });
    await api.patch(admin, job.id, { aiSettings: allOn });
    await api.patch(admin, job.id, { aiSettings: { isScreening: false } });
    expect((await jobRow(t.db, job.id))!.aiSettings).toEqual({ ...DEFAULT_AI_SETTINGS, score: 3.5 });
  });

  it('applies the redirect rules on save', async () => {
    const admin = await companyWithMember(t.db, 2);
    const job = await createJob(t.db, { companyId: admin.company.id });
    const on = await api.patch(admin, job.id, { customApplication: true });
    expect(on.statusCode).toBe(400);
    expect(on.json().error.message).toBe(jobMessages.redirectUrlMissing);

    const url = 'https://ats.example.com/apply';
    const ok = await api.patch(admin, job.id, { customApplication: true, customApplicationURL: url });
    expect(ok.json().data).toMatchObject({ customApplication: true, customApplicationURL: url });
    const ats = await api.patch(admin, job.id, { isExternalATSValidation: true });
    expect(ats.json().data.isExternalATSValidation).toBe(true);

    const cleared = await api.patch(admin, job.id, { customApplicationURL: '' });
    expect(cleared.json().data).toMatchObject({
      customApplication: false,
      customApplicationURL: null,
      isExternalATSValidation: false,
    });
    const atsAlone = await api.patch(admin, job.id, { isExternalATSValidation: true });
    expect(atsAlone.statusCode).toBe(400);
    expect((await jobRow(t.db, job.id))!.isExternalAtsValidation).toBe(false);
  });

  it('refuses blanking a required field with the edit message', async () => {
    const admin = await companyWithMember(t.db, 2);
    const job = await createJob(t.db, { companyId: admin.company.id });
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '   ' }, jobMessages.titleRequired],
      [{ location: null }, jobMessages.locationRequired],
      [{ location: { streetAddress: '1 High St' } }, jobMessages.locationRequired],
      [{ postHeading: '' }, jobMessages.postHeadingRequired],
      [{ description: { ops: [{ insert: '\n' }] } }, jobMessages.descriptionRequired],
    ];
    for (const [payload, message] of cases) {
      const res = await api.patch(admin, job.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await jobRow(t.db, job.id)).toEqual(job);
  });

  it.each([
    ['title 91', { title: 'x'.repeat(91) }, 'Title must be at most 90 characters'],
    ['wrong enum', { employmentType: 'gig' }, null],
    [
      'salary abc',
      { salary: { from: 'abc', to: '', currency: 'GBP', unit: 'annually' } },
      jobMessages.salaryNumeric,
    ],
    ['score 5.1', { aiSettings: { score: 5.1 } }, jobMessages.scoreRange],
    ['unknown field', { title: 'Fine', status: 'open' }, null],
    [
      'custom question 91',
      { customQuestion: 'q'.repeat(91) },
      'Custom question must be at most 90 characters',
    ],
    ['bad video link', { _video: 'https://www.youtube.com/watch?v=nope' }, jobMessages.videoLinkInvalid],
    ['image not ours', { image: 'https://evil.example.com/x.png' }, null],
  ])('answers 400 for %s and changes nothing', async (_label, payload, message) => {
    const admin = await companyWithMember(t.db, 2);
    const job = await createJob(t.db, { companyId: admin.company.id });
    const res = await api.patch(admin, job.id, payload);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().error.message).toBe(message);
    expect(await jobRow(t.db, job.id)).toEqual(job);
  });

  it('stores a pasted video link as its embed URL and clears it with null', async () => {
    const admin = await companyWithMember(t.db, 2);
    const job = await createJob(t.db, { companyId: admin.company.id });
    const res = await api.patch(admin, job.id, { _video: 'https://vimeo.com/76979871' });
    expect(res.json().data._video).toBe('https://player.vimeo.com/video/76979871');
    expect((await api.patch(admin, job.id, { _video: null })).json().data._video).toBeNull();
  });

  it('answers 404 for an id that is not a uuid', async () => {
    const admin = await companyWithMember(t.db, 2);
    expect((await api.patch(admin, 'nope', { title: 'x' })).statusCode).toBe(404);
  });
});

describe('the job image (spec 1 §5)', () => {
  async function upload(token: string, body: Buffer, type = 'image/png') {
    const signed = await t.app.inject({
      url: `/api/signed-url?content-type=${type}`,
      headers: bearer(token),
    });
    const { url, accessUrl } = signed.json().data;
    const u = new URL(url);
    const put = await t.app.inject({
      method: 'PUT',
      url: u.pathname + u.search,
      headers: { 'content-type': type },
      payload: body,
    });
    expect(put.statusCode).toBe(200);
    return accessUrl as string;
  }

  it('accepts an uploaded image, refuses a file that is not one, and clears with null', async () => {
    const admin = await companyWithMember(t.db, 2);
    const job = await createJob(t.db, { companyId: admin.company.id });
    const png = await sharp({ create: { width: 32, height: 18, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const image = await upload(admin.token, png);
    const res = await api.patch(admin, job.id, { image });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.image).toContain(new URL(image).pathname);

    const fake = await upload(admin.token, Buffer.from('not an image at all'));
    const bad = await api.patch(admin, job.id, { image: fake });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    expect((await jobRow(t.db, job.id))!.image).toBe(res.json().data.image);

    expect((await api.patch(admin, job.id, { image: null })).json().data.image).toBeNull();
  });
});
