import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '@hirecast/db/factories';
import { localDateOf, periodRange } from '@hirecast/domain/sharing';
import { createTestApp } from '../../support/helper.ts';
import { applyBody } from '../../support/apply-support.ts';
import { headers, type TActor } from '../../support/jobs-support.ts';
import { signedInUser } from '../../support/sessions.ts';
import { rangeParts } from '../../../src/modules/sharing/statistics.ts';
import { hostedVideo, openJob, SITE_TEST_ENV } from '../../support/site-support.ts';

// Issue 16: events made through the public endpoints with a share link's token and UTM values land in the
// sharer's and the campaign's rows; managers see their own; other companies never count; admins only.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp(SITE_TEST_ENV);
});
afterAll(() => t.close());

const get = (actor: TActor, url: string) => t.app.inject({ method: 'GET', url, headers: headers(actor) });

async function member(companyId: string, role: 0 | 1 | 2, firstName: string) {
  const m = await signedInUser(t.db, { firstName, lastName: 'Sharer' });
  await addMember(t.db, { companyId, userId: m.user.id, role });
  return { token: m.token, company: { id: companyId }, user: m.user };
}

async function shareUrl(actor: TActor, jobId: string) {
  const res = await t.app.inject({ method: 'POST', url: `/api/job/${jobId}/short`, headers: headers(actor) });
  expect(res.statusCode).toBe(200);
  return new URL(res.json().data.shareUrl as string);
}

/** An anonymous candidate arriving through `url`: a visit, and optionally an apply start and a submission. */
async function candidate(
  shortId: string,
  url: URL | null,
  steps: { apply?: boolean; submit?: boolean; watch?: number },
) {
  const sessionId = randomUUID();
  const fromUrl = Object.fromEntries(url ? url.searchParams : []);
  // Each candidate is a browser of their own (issue 23: a visit counts once per visitor, job and day).
  const track = (event: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/job/${shortId}/track`,
      headers: { 'user-agent': `candidate-browser/${sessionId}` },
      payload: { event, sessionId, ...extra },
    });
  expect((await track('visit', fromUrl)).statusCode).toBe(204);
  if (steps.watch !== undefined) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/job/${shortId}/engagement`,
      payload: { sessionId, second: steps.watch },
    });
    expect(res.statusCode).toBe(204);
  }
  // The apply page's URL no longer carries the link's values: the visit (first touch) decides.
  if (steps.apply) expect((await track('apply_started')).statusCode).toBe(204);
  if (steps.submit) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/job/${shortId}/apply`,
      payload: applyBody({ sessionId }),
    });
    expect(res.statusCode).toBe(201);
  }
}

const THIS_MONTH = () => periodRange('this-month', new Date(), 'Europe/London');
const q = (range: { startDate?: string; endDate?: string }) =>
  `?${new URLSearchParams(range as Record<string, string>).toString()}`;

describe('sharing statistics', () => {
  it('credits visits, apply starts and submissions to the sharer and the campaign', async () => {
    const { job, company } = await openJob(t.db, { isVideoOptional: true });
    const video = await hostedVideo(t.db, company.id, { duration: 30 });
    const { job: videoJob } = await openJob(t.db, {
      companyId: company.id,
      isVideoOptional: true,
      videoAssetId: video.id,
    });
    const admin = await member(company.id, 2, 'Ada');
    const manager = await member(company.id, 1, 'Max');
    const adminLink = await shareUrl(admin, job.id);
    const managerLink = await shareUrl(manager, job.id);
    expect(adminLink.searchParams.get('ref')).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(adminLink.searchParams.get('utm_source')).toBe(admin.user.id);
    expect(managerLink.searchParams.get('ref')).not.toBe(adminLink.searchParams.get('ref'));
    // The same member's link to another job carries the same token.
    expect((await shareUrl(admin, videoJob.id)).searchParams.get('ref')).toBe(
      adminLink.searchParams.get('ref'),
    );

    await candidate(job.shortId, adminLink, { apply: true, submit: true });
    await candidate(job.shortId, adminLink, { apply: true });
    await candidate(job.shortId, adminLink, {});
    await candidate(job.shortId, managerLink, { apply: true, submit: true });
    const campaign = new URL('https://x.test/?utm_source=linkedin&utm_campaign=spring&utm_medium=social');
    await candidate(job.shortId, campaign, { apply: true, submit: true });
    await candidate(job.shortId, campaign, {});
    await candidate(job.shortId, null, {}); // direct
    // Video: one visitor watched 20 of 30 s and applied, one did not watch and did not apply.
    await candidate(videoJob.shortId, campaign, { watch: 20, apply: true, submit: true });
    await candidate(videoJob.shortId, campaign, {});

    // Another company: its own traffic, and a visit carrying this company's token, never count here.
    const other = await openJob(t.db, { isVideoOptional: true });
    await candidate(other.job.shortId, adminLink, { apply: true, submit: true });
    await candidate(other.job.shortId, campaign, { apply: true });

    const res = await get(admin, `/api/sharing/adminStatistics${q(THIS_MONTH())}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const byName = (name: string) =>
      data.sharingData.dataPerManager.find((m: { managerFullName: string }) => m.managerFullName === name);
    // Default points: visit 1, applied 5, submitted 20. Issue 23: a referral's apply start counts (and earns)
    // once its application is submitted: Ada's second candidate started but never submitted.
    expect(byName('Ada Sharer')).toMatchObject({ visits: 3, applies: 1, submits: 1, points: 3 + 5 + 20 });
    expect(byName('Max Sharer')).toMatchObject({ visits: 1, applies: 1, submits: 1, points: 26 });
    expect(data.sharingData.dataPerManager).toHaveLength(2);
    expect(data.sharingData.totals).toEqual({ visits: 4, applies: 2, submits: 2, points: 54 });
    expect(data.totalPoints).toBe(54);
    expect(data.sharingData.dataPerJob).toEqual([
      expect.objectContaining({ jobId: job.id, visits: 4, applies: 2, submits: 2 }),
    ]);
    expect(data.sharingData.rows[0]).toMatchObject({
      token: adminLink.searchParams.get('ref'),
      managerFullName: 'Ada Sharer',
      utm_campaign: 'share-reward',
      utm_medium: 'employer-app',
    });
    expect(data.utmData).toEqual([
      {
        utm_source: 'linkedin',
        utm_campaign: 'spring',
        utm_medium: 'social',
        visits: 4,
        applies: 2,
        submits: 2,
      },
    ]);
    const funnel = Object.fromEntries(data.funnel.map((f: { source: string }) => [f.source, f]));
    expect(funnel['Employee referrals']).toMatchObject({ visits: 4, played: 0, applies: 3, submits: 2 });
    expect(funnel.linkedin).toMatchObject({ visits: 4, played: 1, applies: 2, submits: 2 });
    expect(funnel.Direct).toMatchObject({ visits: 1, applies: 0 });
    const effect = data.videoEffect.find((e: { jobId: string }) => e.jobId === videoJob.id);
    expect(effect.source).toBe('linkedin');
    expect(effect.bands).toEqual([
      { band: 0, visitors: 1, applies: 0, submits: 0 },
      { band: 1, visitors: 0, applies: 0, submits: 0 },
      { band: 2, visitors: 1, applies: 1, submits: 1 },
    ]);
    const today = localDateOf(new Date(), 'Europe/London');
    expect(data.series.step).toBe('day');
    expect(data.series.points).toContainEqual({ date: today, visits: 9, applies: 4, submits: 4 });

    // The manager sees their own row only, and no admin statistics.
    const own = await get(manager, `/api/sharing/user${q(THIS_MONTH())}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.dataPerManager).toEqual([
      expect.objectContaining({
        managerFullName: 'Max Sharer',
        visits: 1,
        applies: 1,
        submits: 1,
        points: 26,
      }),
    ]);
    expect(own.json().data.totalPoints).toBe(26);
    expect((await get(manager, `/api/sharing/adminStatistics${q(THIS_MONTH())}`)).statusCode).toBe(403);

    // All time reads month rows: the same figures.
    const all = (await get(admin, '/api/sharing/adminStatistics')).json().data;
    expect(all.sharingData.totals).toEqual(data.sharingData.totals);
    expect(all.series.step).toBe('month');
    // Last year: nothing.
    const empty = (
      await get(admin, `/api/sharing/adminStatistics${q(periodRange('last-year', new Date(), 'UTC'))}`)
    ).json().data;
    expect(empty.sharingData.rows).toEqual([]);
    expect(empty.utmData).toEqual([]);

    // Points set by an admin; a time zone change rebuilds the rollup from the events with the same sums.
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/sharing/settings',
          headers: headers(manager),
          payload: { points: { visit: 2, applied: 0, submitted: 0 } },
        })
      ).statusCode,
    ).toBe(403);
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/sharing/settings',
      headers: headers(admin),
      payload: { timeZone: 'Pacific/Auckland', points: { visit: 2, applied: 0, submitted: 0 } },
    });
    expect(saved.statusCode).toBe(200);
    const rebuilt = (await get(admin, '/api/sharing/adminStatistics')).json().data;
    expect(rebuilt.sharingData.totals).toEqual({ visits: 4, applies: 2, submits: 2, points: 8 });
    expect(rebuilt.utmData).toEqual(all.utmData);
    expect(rebuilt.funnel).toEqual(all.funnel);
    expect(rebuilt.videoEffect).toEqual(all.videoEffect);
    expect((await get(admin, '/api/sharing/settings')).json().data).toEqual({
      timeZone: 'Pacific/Auckland',
      points: { visit: 2, applied: 0, submitted: 0 },
    });
  });

  it('answers an empty view before a member has shared, and rejects bad dates', async () => {
    const { company } = await openJob(t.db);
    const viewer = await member(company.id, 0, 'Vi');
    const res = await get(viewer, '/api/sharing/user');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ dataPerJob: [], dataPerManager: [], totalPoints: 0 });
    expect((await get(viewer, '/api/sharing/user?startDate=2026-02-30')).statusCode).toBe(400);
    expect((await get(viewer, '/api/sharing/adminStatistics')).statusCode).toBe(403);
  });
});

describe('rangeParts', () => {
  it('reads whole years, whole months and the edge days, each once', () => {
    expect(rangeParts({ startDate: '2025-03-15', endDate: '2027-02-10' })).toEqual([
      { grain: 'd', from: '2025-03-15', to: '2025-04-01' },
      { grain: 'm', from: '2025-04-01', to: '2026-01-01' },
      { grain: 'y', from: '2026-01-01', to: '2027-01-01' },
      { grain: 'm', from: '2027-01-01', to: '2027-02-01' },
      { grain: 'd', from: '2027-02-01', to: '2027-02-10' },
    ]);
    expect(rangeParts({ startDate: '2026-03-23', endDate: '2026-03-30' })).toEqual([
      { grain: 'd', from: '2026-03-23', to: '2026-03-30' },
    ]);
    expect(rangeParts({ startDate: '2026-03-01', endDate: '2026-04-01' })).toEqual([
      { grain: 'm', from: '2026-03-01', to: '2026-04-01' },
    ]);
    expect(rangeParts({})).toBe('all');
  });
});
