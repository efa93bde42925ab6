import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { applications, companies, jobs, videoAssets } from '@hirecast/db/schema';
import { DEMO_COMPANY_SLUG, DEMO_PASSWORD, DEMO_USERS, seedDemoData } from '@hirecast/db/seed';
import { FREE_PLAN } from '@hirecast/domain/billing';
import { videoToolsFrom } from '../../../src/lib/video/tools.ts';
import { DEMO_APPLICANTS, seedDemoMedia } from '../../../src/modules/onboarding/demo-media.ts';
import { createTestApp } from '../../support/helper.ts';

// Issue 17 item 14: the demo company of a first start, with real ffmpeg and the in-process worker.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ QUEUE_INPROCESS: 'true' });
});
afterAll(() => t.close());

const demoCompany = async () =>
  (await t.db.select().from(companies).where(eq(companies.slug, DEMO_COMPANY_SLUG)))[0]!;

describe('the demo company', () => {
  it('is seeded within its free plan, then given a logo, a job video and applicants with videos', async () => {
    expect(await seedDemoData(t.db)).toBe(true);
    expect(await seedDemoData(t.db)).toBe(false);
    const company = await demoCompany();
    expect(company.logo).toBeNull();

    // The plan: no subscription is the free plan; only the first job and as many more as it allows are live.
    const seededJobs = await t.db.select().from(jobs).where(eq(jobs.companyId, company.id));
    const live = seededJobs.filter((j) => j.status === 'open');
    expect(live.filter((j) => !j.isFirstJob)).toHaveLength(FREE_PLAN.activeJobLimit);
    expect(live.some((j) => j.isFirstJob)).toBe(true);
    expect(company.activeJobs).toBe(FREE_PLAN.activeJobLimit);
    // The API agrees: a demo admin cannot publish another job on this plan.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/manager/signin/email',
      payload: { email: DEMO_USERS[0].email, password: DEMO_PASSWORD },
    });
    const token = signIn.json().data['access-token'] as string;
    const closed = seededJobs.find((j) => j.status === 'closed')!;
    const publish = await t.app.inject({
      method: 'PATCH',
      url: `/api/job/${closed.id}/status`,
      headers: { authorization: `Bearer ${token}`, 'x-company-id': company.id },
      payload: { status: 'open' },
    });
    expect(publish.statusCode, publish.body).toBe(409);

    // Issue 15: the career page is filled in, and its Jobs tab lists the live jobs only.
    const careerPage = await t.app.inject({
      url: `/api/company-page/${company.id}/company`,
      headers: { authorization: `Bearer ${token}`, 'x-company-id': company.id },
    });
    expect(careerPage.statusCode, careerPage.body).toBe(200);
    const pageData = careerPage.json().data;
    expect(pageData.stats.foundingYear).toBe(2012);
    expect(pageData.pages.WHY_JOIN.sortedBlocks.map((b: { type: string }) => b.type)).toEqual([
      'TEXT_AREA',
      'QUOTE',
      'TEXT_AREA',
      'STATISTIC',
      'LATEST_JOBS',
      'SOCIALS',
    ]);
    expect(pageData.jobs).toHaveLength(live.length);

    const tools = videoToolsFrom(t.app.ctx.config);
    expect(await seedDemoMedia(t.app.ctx, tools)).toBe(true);
    expect(await seedDemoMedia(t.app.ctx, tools)).toBe(false);

    // The logo: a public PNG the company page and the job page show.
    const withMedia = await demoCompany();
    expect(withMedia.logo).toMatch(/\/api\/storage\/uploads\/public\/.+\.png$/);
    const logo = await t.app.inject({ url: new URL(withMedia.logo!).pathname });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');

    // The first job plays a video, and its applicants each sent a video introduction.
    const [first] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.companyId, company.id), eq(jobs.isFirstJob, true)));
    expect(first!.videoAssetId).toBeTruthy();
    expect(first!.submittedApplications).toBe(DEMO_APPLICANTS.length);
    const applied = await t.db.select().from(applications).where(eq(applications.jobId, first!.id));
    expect(applied.map((a) => `${a.firstName} ${a.status}`).sort()).toEqual(
      DEMO_APPLICANTS.map((a) => `${a.firstName} ${a.status}`).sort(),
    );
    const videoIds = [first!.videoAssetId!, ...applied.map((a) => a.videoAssetId!)];
    expect(videoIds.every(Boolean)).toBe(true);

    // All four are processed to playable renditions with posters by the usual pipeline.
    await expect
      .poll(
        async () =>
          (await t.db.select().from(videoAssets).where(eq(videoAssets.companyId, company.id))).filter(
            (v) => videoIds.includes(v.id) && v.status === 'prepared' && v.data.image640,
          ).length,
        { timeout: 150_000, interval: 1000 },
      )
      .toBe(videoIds.length);

    // The public job page carries the logo and the video.
    const page = await t.app.inject({ url: `/api/public/job/${first!.shortId}` });
    expect(page.json().data.company.logo).toBe(withMedia.logo);
    expect(page.json().data.video).toMatchObject({ kind: 'hosted', assetId: first!.videoAssetId });
  }, 200_000);
});
