import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMember } from '@hirecast/db/factories';
import { jobVisitorDays } from '@hirecast/db/schema';
import { periodRange, REFERRAL_VISITS_PER_ADDRESS } from '@hirecast/domain/sharing';
import { createTestApp } from '../../support/helper.ts';
import { applyBody } from '../../support/apply-support.ts';
import { headers, jobRow, type TActor } from '../../support/jobs-support.ts';
import { signedInUser } from '../../support/sessions.ts';
import { hostedVideo, openJob, SITE_TEST_ENV } from '../../support/site-support.ts';

// Issue 23 items 1 and 4: reward points that cannot be farmed, and watching counted as a share of the video.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp(SITE_TEST_ENV);
});
afterAll(() => t.close());

const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36';
// Each test's client has an address of its own (the beacons' per-address limit counts across tests).
let testIp = 0;
let clientIp = '';
beforeEach(() => {
  clientIp = `203.0.113.${++testIp}`;
});
type TClient = { ip?: string; userAgent?: string; cookie?: string };

const track = (shortId: string, payload: Record<string, unknown>, client: TClient = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/job/${shortId}/track`,
    remoteAddress: client.ip ?? clientIp,
    headers: {
      'user-agent': client.userAgent ?? AGENT,
      ...(client.cookie ? { cookie: client.cookie } : {}),
    },
    payload,
  });

async function admin(companyId: string) {
  const m = await signedInUser(t.db, { firstName: 'Ada', lastName: 'Sharer' });
  await addMember(t.db, { companyId, userId: m.user.id, role: 2 });
  return { token: m.token, company: { id: companyId }, user: m.user };
}

async function shareParams(actor: TActor, jobId: string) {
  const res = await t.app.inject({ method: 'POST', url: `/api/job/${jobId}/short`, headers: headers(actor) });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(new URL(res.json().data.shareUrl as string).searchParams);
}

async function statistics(actor: TActor) {
  const range = periodRange('this-month', new Date(), 'Europe/London') as Record<string, string>;
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/sharing/adminStatistics?${new URLSearchParams(range).toString()}`,
    headers: headers(actor),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const sharerRow = async (actor: TActor) =>
  (await statistics(actor)).sharingData.dataPerManager.find(
    (m: { managerFullName: string }) => m.managerFullName === 'Ada Sharer',
  ) ?? { visits: 0, applies: 0, submits: 0, points: 0 };

describe('reward points cannot be farmed', () => {
  it('credits at most one visit for 50 forged visits with random session ids from one client', async () => {
    const { job, company } = await openJob(t.db);
    const sharer = await admin(company.id);
    const link = await shareParams(sharer, job.id);
    for (let i = 0; i < 50; i++) {
      const res = await track(job.shortId, { event: 'visit', sessionId: randomUUID(), ...link });
      expect(res.statusCode).toBe(204);
    }
    expect(await sharerRow(sharer)).toMatchObject({ visits: 1, points: 1 });
    expect((await jobRow(t.db, job.id))!.totalVisits).toBe(1);
    // The employer's funnel counts the visitor once as well.
    const funnel = (await statistics(sharer)).funnel;
    expect(funnel).toEqual([expect.objectContaining({ source: 'Employee referrals', visits: 1 })]);
  });

  it('knows a visitor by a signed HttpOnly cookie across networks, and counts them again the next day', async () => {
    const { job, company } = await openJob(t.db);
    const sharer = await admin(company.id);
    const link = await shareParams(sharer, job.id);
    const first = await track(job.shortId, { event: 'visit', sessionId: randomUUID(), ...link });
    const cookie = first.cookies.find((c) => c.name === 'hc-visitor');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/public/job', sameSite: 'Lax' });
    expect(cookie!.value).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    const kept = `hc-visitor=${cookie!.value}`;
    // The same browser on another network: the cookie says it is the same visitor (and no new cookie is set).
    const moved = await track(
      job.shortId,
      { event: 'visit', sessionId: randomUUID(), ...link },
      { ip: '198.51.100.20', cookie: kept },
    );
    expect(moved.cookies).toEqual([]);
    // A forged cookie is no one's: the address and agent still know the client.
    const [id] = cookie!.value.split('.');
    await track(
      job.shortId,
      { event: 'visit', sessionId: randomUUID(), ...link },
      { cookie: `hc-visitor=${id}.${'A'.repeat(43)}` },
    );
    expect(await sharerRow(sharer)).toMatchObject({ visits: 1 });
    // Another visitor (another browser) counts.
    await track(
      job.shortId,
      { event: 'visit', sessionId: randomUUID(), ...link },
      { userAgent: 'Mozilla/5.0 (iPhone) Safari/604.1' },
    );
    expect(await sharerRow(sharer)).toMatchObject({ visits: 2 });
    // The next day the first visitor counts again (their marks of the day before stay where they were).
    await t.db
      .update(jobVisitorDays)
      .set({ day: sql`${jobVisitorDays.day} - 1` })
      .where(eq(jobVisitorDays.jobId, job.id));
    await track(job.shortId, { event: 'visit', sessionId: randomUUID(), ...link }, { cookie: kept });
    expect(await sharerRow(sharer)).toMatchObject({ visits: 3 });
    expect((await jobRow(t.db, job.id))!.totalVisits).toBe(3);
  });

  it('credits no apply points for apply starts without a submission, and one for a referred application', async () => {
    const { job, company } = await openJob(t.db, { isVideoOptional: true });
    const sharer = await admin(company.id);
    const link = await shareParams(sharer, job.id);
    for (let i = 0; i < 10; i++) {
      const res = await track(job.shortId, { event: 'apply_started', sessionId: randomUUID(), ...link });
      expect(res.statusCode).toBe(204);
    }
    // Issue 33 item 6: a start has visited the job, but one address earns at most its few referral visits
    // of the day and no apply points.
    expect(await sharerRow(sharer)).toMatchObject({
      visits: REFERRAL_VISITS_PER_ADDRESS,
      applies: 0,
      submits: 0,
      points: REFERRAL_VISITS_PER_ADDRESS,
    });

    // A real candidate through the link: a visit, an apply start, and the application submitted.
    const sessionId = randomUUID();
    const candidate = { ip: '192.0.2.44', userAgent: 'Mozilla/5.0 (Macintosh) Firefox/133.0' };
    await track(job.shortId, { event: 'visit', sessionId, ...link }, candidate);
    await track(job.shortId, { event: 'apply_started', sessionId }, candidate);
    const before = REFERRAL_VISITS_PER_ADDRESS;
    expect(await sharerRow(sharer)).toMatchObject({ visits: before + 1, applies: 0, points: before + 1 });
    const applied = await t.app.inject({
      method: 'POST',
      url: `/api/public/job/${job.shortId}/apply`,
      payload: applyBody({ sessionId }),
    });
    expect(applied.statusCode).toBe(201);
    // Default points: visit 1, applied 5, submitted 20.
    expect(await sharerRow(sharer)).toMatchObject({
      visits: before + 1,
      applies: 1,
      submits: 1,
      points: before + 26,
    });
    // The same session's apply start sent again changes nothing.
    await track(job.shortId, { event: 'apply_started', sessionId }, candidate);
    expect(await sharerRow(sharer)).toMatchObject({ applies: 1, points: before + 26 });
  });
});

describe('watching counted as a share of the video', () => {
  it('counts 3.2 s of a 6 s video as played and half or more, and half a second as played', async () => {
    const { company } = await openJob(t.db);
    const video = await hostedVideo(t.db, company.id, { duration: 6 });
    const { job } = await openJob(t.db, { companyId: company.id, videoAssetId: video.id });
    const sharer = await admin(company.id);
    const visitor = async (second: number | null, userAgent: string) => {
      const sessionId = randomUUID();
      await track(job.shortId, { event: 'visit', sessionId, utm_source: 'jobs-board' }, { userAgent });
      if (second === null) return;
      for (const reached of [1, 2, 3, second].filter((s) => s <= second)) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/public/job/${job.shortId}/engagement`,
          payload: { sessionId, second: reached },
        });
        expect(res.statusCode).toBe(204);
      }
    };
    await visitor(3.2, 'browser-a');
    await visitor(0.4, 'browser-b');
    await visitor(null, 'browser-c');
    const data = await statistics(sharer);
    expect(data.funnel).toEqual([
      expect.objectContaining({ source: 'jobs-board', visits: 3, played: 2, applies: 0, submits: 0 }),
    ]);
    const effect = data.videoEffect.find((e: { jobId: string }) => e.jobId === job.id);
    expect(effect.bands.map((b: { visitors: number }) => b.visitors)).toEqual([1, 1, 1]);
    // The per-second curve: both sessions at second 0, the 3.2 s one through second 3.
    const curve = await t.app.inject({
      method: 'GET',
      url: `/api/asset/${video.id}/statistic`,
      headers: headers(sharer),
    });
    expect(curve.json().data.videoEngagement).toEqual([
      { second: 0, viewers: 2, percentage: 100 },
      { second: 1, viewers: 1, percentage: 50 },
      { second: 2, viewers: 1, percentage: 50 },
      { second: 3, viewers: 1, percentage: 50 },
    ]);
  });
});
