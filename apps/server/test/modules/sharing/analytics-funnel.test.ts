import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addMember } from '@hirecast/db/factories';
import { periodRange, REFERRAL_VISITS_PER_ADDRESS } from '@hirecast/domain/sharing';
import type { TAdminStatisticsAnswer } from '@hirecast/domain/sharing-api';
import { createTestApp } from '../../support/helper.ts';
import { applyBody } from '../../support/apply-support.ts';
import { headers, jobRow, type TActor } from '../../support/jobs-support.ts';
import { signedInUser } from '../../support/sessions.ts';
import { hostedVideo, openJob, SITE_TEST_ENV } from '../../support/site-support.ts';

// Issue 33 item 6: rates that cannot pass 100 %. An application submitted through a job page counts as that
// job's visit and apply start for the same visitor, so every share and funnel step is a subset of the one
// before; referral visits are credited a few times per address, job and day, whatever the agent says.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // The beacons' per-address limit is tested elsewhere; here many histories come from few addresses.
  t = await createTestApp({ ...SITE_TEST_ENV, RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t.close());

const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36';
type TClient = { ip: string; userAgent: string; cookie?: string };

async function track(shortId: string, payload: Record<string, unknown>, client: TClient) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/job/${shortId}/track`,
    remoteAddress: client.ip,
    headers: { 'user-agent': client.userAgent, ...(client.cookie ? { cookie: client.cookie } : {}) },
    payload,
  });
  expect(res.statusCode).toBe(204);
  const cookie = res.cookies.find((c) => c.name === 'hc-visitor');
  if (cookie) client.cookie = `hc-visitor=${cookie.value}`;
}

async function submit(shortId: string, body: Record<string, unknown>, client: TClient) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/job/${shortId}/apply`,
    remoteAddress: client.ip,
    headers: { 'user-agent': client.userAgent },
    payload: applyBody(body),
  });
  expect(res.statusCode, res.body).toBe(201);
}

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

async function statistics(
  actor: TActor,
  range = periodRange('this-month', new Date(), 'Europe/London') as Record<string, string>,
): Promise<TAdminStatisticsAnswer> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/sharing/adminStatistics?${new URLSearchParams(range).toString()}`,
    headers: headers(actor),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('an application counts as its visit and its apply start', () => {
  it('three applicants from one address and browser build: 3 visited, 3 started, 3 submitted, 100 %', async () => {
    const { job, company } = await openJob(t.db, { isVideoOptional: true });
    const employer = await admin(company.id);
    for (let i = 0; i < 3; i += 1) {
      // A fresh browser profile each: no cookie, the same address and user agent.
      const client = { ip: '198.51.100.7', userAgent: AGENT };
      const sessionId = randomUUID();
      await track(job.shortId, { event: 'visit', sessionId }, client);
      await track(job.shortId, { event: 'apply_started', sessionId }, client);
      await submit(job.shortId, { sessionId }, client);
    }
    const data = await statistics(employer);
    expect(data.funnel).toEqual([{ source: 'Direct', visits: 3, played: 0, applies: 3, submits: 3 }]);
    expect(data.videoEffect).toEqual([
      {
        jobId: job.id,
        title: job.title,
        source: 'Direct',
        bands: [
          { band: 0, visitors: 3, applies: 3, submits: 3 },
          { band: 1, visitors: 0, applies: 0, submits: 0 },
          { band: 2, visitors: 0, applies: 0, submits: 0 },
        ],
      },
    ]);
    expect(data.series.points.reduce((n, p) => n + p.visits, 0)).toBe(3);
    const row = await jobRow(t.db, job.id);
    expect([row!.totalVisits, row!.startedApplications, row!.submittedApplications]).toEqual([3, 3, 3]);
  });

  it('an application sent without any beacon counts a visit and an apply start', async () => {
    const { job, company } = await openJob(t.db, { isVideoOptional: true });
    const employer = await admin(company.id);
    await submit(job.shortId, {}, { ip: '198.51.100.8', userAgent: AGENT });
    const data = await statistics(employer);
    expect(data.funnel).toEqual([{ source: 'Direct', visits: 1, played: 0, applies: 1, submits: 1 }]);
    expect(data.series.points.map(({ visits, applies, submits }) => [visits, applies, submits])).toEqual([
      [1, 1, 1],
    ]);
    const row = await jobRow(t.db, job.id);
    expect([row!.totalVisits, row!.startedApplications, row!.submittedApplications]).toEqual([1, 1, 1]);
  });
});

describe('referral visits per address (reward points)', () => {
  it(`credits at most ${REFERRAL_VISITS_PER_ADDRESS} visits per address, job and day, whatever the agent`, async () => {
    expect(REFERRAL_VISITS_PER_ADDRESS).toBe(3);
    const { job, company } = await openJob(t.db, { isVideoOptional: true });
    const sharer = await admin(company.id);
    const link = await shareParams(sharer, job.id);
    for (let i = 0; i < 20; i += 1) {
      await track(
        job.shortId,
        { event: 'visit', sessionId: randomUUID(), ...link },
        { ip: '198.51.100.9', userAgent: `Agent ${i}` },
      );
    }
    const mine = async () =>
      (await statistics(sharer)).sharingData.dataPerManager.find((m) => m.managerFullName === 'Ada Sharer');
    expect(await mine()).toMatchObject({ visits: 3, applies: 0, submits: 0, points: 3 });
    // Another address counts; so does another job from the first address.
    await track(
      job.shortId,
      { event: 'visit', sessionId: randomUUID(), ...link },
      { ip: '198.51.100.10', userAgent: 'Agent 0' },
    );
    expect(await mine()).toMatchObject({ visits: 4, points: 4 });
    // An apply start beyond the address's places earns nothing and is not counted; the application sent from
    // that session counts it all (it is an application, not a beacon).
    const sessionId = randomUUID();
    const capped = { ip: '198.51.100.9', userAgent: 'Agent 21' };
    await track(job.shortId, { event: 'visit', sessionId, ...link }, capped);
    await track(job.shortId, { event: 'apply_started', sessionId }, capped);
    expect(await mine()).toMatchObject({ visits: 4, applies: 0, points: 4 });
    expect((await jobRow(t.db, job.id))!.startedApplications).toBe(0);
    await submit(job.shortId, { sessionId }, capped);
    expect(await mine()).toMatchObject({ visits: 5, applies: 1, submits: 1, points: 5 + 5 + 20 });
    const { funnel } = await statistics(sharer);
    expect(funnel).toEqual([{ source: 'Employee referrals', visits: 5, played: 0, applies: 1, submits: 1 }]);
  });
});

/** A small seeded generator (mulberry32): the same seed gives the same histories, so a failure can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    shuffle: <T>(items: T[]) =>
      items
        .map((v) => [next(), v] as const)
        .sort((x, y) => x[0] - y[0])
        .map(([, v]) => v),
  };
}

const share = (part: number, whole: number) => (whole === 0 ? (part === 0 ? 0 : Infinity) : part / whole);

/** Every rate the analytics page shows is at most 100 %, and no funnel step is wider than the one before. */
function assertNoImpossibleRate(data: TAdminStatisticsAnswer, context: string) {
  for (const f of data.funnel) {
    expect(share(f.played, f.visits), `${context} played/visits ${JSON.stringify(f)}`).toBeLessThanOrEqual(1);
    expect(share(f.applies, f.visits), `${context} applies/visits ${JSON.stringify(f)}`).toBeLessThanOrEqual(
      1,
    );
    expect(
      share(f.submits, f.applies),
      `${context} submits/applies ${JSON.stringify(f)}`,
    ).toBeLessThanOrEqual(1);
  }
  for (const row of data.videoEffect) {
    for (const b of row.bands) {
      expect(share(b.applies, b.visitors), `${context} band ${JSON.stringify(b)}`).toBeLessThanOrEqual(1);
      expect(share(b.submits, b.applies), `${context} band ${JSON.stringify(b)}`).toBeLessThanOrEqual(1);
    }
  }
  const sums = [...data.sharingData.rows, ...data.sharingData.dataPerJob, ...data.sharingData.dataPerManager];
  for (const r of [...sums, ...data.utmData, data.sharingData.totals]) {
    expect(share(r.applies, r.visits), `${context} sums ${JSON.stringify(r)}`).toBeLessThanOrEqual(1);
    expect(share(r.submits, r.applies), `${context} sums ${JSON.stringify(r)}`).toBeLessThanOrEqual(1);
  }
}

describe('property: random visitor and application histories', () => {
  it('never show a rate above 100 % or a widening funnel, and the rollup rebuilt from the events agrees', async () => {
    const SEED = 33_06;
    const CASES = 12;
    const rng = random(SEED);
    for (let c = 0; c < CASES; c += 1) {
      const { company } = await openJob(t.db);
      const video = await hostedVideo(t.db, company.id, { duration: 6 });
      const { job } = await openJob(t.db, {
        companyId: company.id,
        videoAssetId: video.id,
        isVideoOptional: true,
      });
      const sharer = await admin(company.id);
      const link = await shareParams(sharer, job.id);
      const origins = [{}, link, { utm_source: 'jobs-board' }];
      const people = 2 + Math.floor(rng.pick([0, 1, 2, 3, 4, 5]));
      for (let p = 0; p < people; p += 1) {
        const client: TClient = {
          ip: rng.pick(['203.0.113.50', '203.0.113.51']),
          userAgent: rng.pick([AGENT, 'Mozilla/5.0 (iPhone) Safari/604.1']),
        };
        const sessionId = randomUUID();
        const origin = rng.pick(origins);
        const steps: (() => Promise<void>)[] = [];
        if (rng.chance(0.85))
          steps.push(() => track(job.shortId, { event: 'visit', sessionId, ...origin }, client));
        if (rng.chance(0.4)) steps.push(() => watch(job.shortId, sessionId, rng.pick([0.5, 3.5])));
        if (rng.chance(0.6))
          steps.push(() => track(job.shortId, { event: 'apply_started', sessionId }, client));
        // Mostly in the page's order, sometimes as the network delivers them.
        const ordered = rng.chance(0.3) ? rng.shuffle(steps) : steps;
        for (const step of ordered) await step();
        if (rng.chance(0.5))
          await submit(job.shortId, { sessionId: rng.chance(0.9) ? sessionId : undefined }, client);
      }
      const kept = await statistics(sharer);
      assertNoImpossibleRate(kept, `seed ${SEED} case ${c}`);
      const row = await jobRow(t.db, job.id);
      expect(row!.startedApplications).toBeLessThanOrEqual(row!.totalVisits);
      expect(row!.submittedApplications).toBeLessThanOrEqual(row!.startedApplications);
      // The rollup rebuilt from the events (a time zone change) says the same.
      const rebuilt = await t.app.inject({
        method: 'PATCH',
        url: '/api/sharing/settings',
        headers: headers(sharer),
        payload: { timeZone: 'Europe/Dublin' },
      });
      expect(rebuilt.statusCode, rebuilt.body).toBe(200);
      expect(await statistics(sharer)).toEqual(kept);
    }
  });
});

async function watch(shortId: string, sessionId: string, second: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/job/${shortId}/engagement`,
    payload: { sessionId, second },
  });
  expect(res.statusCode).toBe(204);
}

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Moves a session's events: its visit to `visitAt`, its apply start and submission to `laterAt`. */
async function moveSession(jobId: string, sessionId: string, visitAt: Date, laterAt: Date) {
  await t.db
    .execute(sql`UPDATE job_tracking_events SET created_at = CASE event WHEN 'visit' THEN ${visitAt.toISOString()}::timestamptz
    ELSE ${laterAt.toISOString()}::timestamptz END WHERE job_id = ${jobId} AND session_id = ${sessionId}`);
}

async function setTimeZone(actor: TActor, timeZone: string) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/sharing/settings',
    headers: headers(actor),
    payload: { timeZone },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The sums a period's tables show, by row: the rows of two periods that split all time add up to all time. */
function tableSums(data: TAdminStatisticsAnswer) {
  const sums = new Map<string, [number, number, number]>();
  const add = (key: string, r: { visits: number; applies: number; submits: number }) => {
    const s = sums.get(key) ?? [0, 0, 0];
    sums.set(key, [s[0] + r.visits, s[1] + r.applies, s[2] + r.submits]);
  };
  for (const r of data.sharingData.rows) add(`share ${r.jobId} ${r.token}`, r);
  for (const r of data.utmData) add(`utm ${r.utm_source} ${r.utm_campaign} ${r.utm_medium}`, r);
  for (const f of data.funnel) add(`funnel ${f.source}`, f);
  add('totals', data.sharingData.totals);
  return sums;
}

function addSums(a: Map<string, [number, number, number]>, b: Map<string, [number, number, number]>) {
  const out = new Map(a);
  for (const [k, v] of b) {
    const s = out.get(k) ?? [0, 0, 0];
    out.set(k, [s[0] + v[0], s[1] + v[1], s[2] + v[2]]);
  }
  return new Map([...out].filter(([, v]) => v.some((n) => n > 0)));
}

describe('periods that cut a visit from its application', () => {
  it('a visit on the last day of a month and its application on the 1st count in the month of the visit', async () => {
    const { job, company } = await openJob(t.db, { isVideoOptional: true });
    const sharer = await admin(company.id);
    await setTimeZone(sharer, 'UTC');
    const link = await shareParams(sharer, job.id);
    const now = new Date();
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const lastMonth = { startDate: day(monthStart - 40 * DAY).slice(0, 8) + '01', endDate: day(monthStart) };
    const thisMonth = { startDate: day(monthStart), endDate: day(monthStart + 40 * DAY).slice(0, 8) + '01' };
    for (const origin of [link, { utm_source: 'jobs-board', utm_campaign: 'winter' }]) {
      const sessionId = randomUUID();
      const client = { ip: '203.0.113.60', userAgent: AGENT };
      await track(job.shortId, { event: 'visit', sessionId, ...origin }, client);
      await track(job.shortId, { event: 'apply_started', sessionId }, client);
      await submit(job.shortId, { sessionId }, client);
      await moveSession(
        job.id,
        sessionId,
        new Date(monthStart - 30 * 60_000),
        new Date(monthStart + 9 * 3_600_000),
      );
    }
    await setTimeZone(sharer, 'Etc/UTC');

    const before = await statistics(sharer, lastMonth);
    expect(before.sharingData.totals).toMatchObject({ visits: 1, applies: 1, submits: 1 });
    expect(before.utmData).toEqual([
      {
        utm_source: 'jobs-board',
        utm_campaign: 'winter',
        utm_medium: null,
        visits: 1,
        applies: 1,
        submits: 1,
      },
    ]);
    // The month of the application shows the submissions in its chart (activity), and no table row of them.
    const after = await statistics(sharer, thisMonth);
    expect(after.sharingData.rows).toEqual([]);
    expect(after.utmData).toEqual([]);
    expect(after.funnel).toEqual([]);
    expect(after.series.points.reduce((n, p) => n + p.submits, 0)).toBe(2);
  });

  it("property: periods around a month's start never show a rate above 100 %, and add up to all time", async () => {
    const SEED = 33_07;
    const CASES = 6;
    const rng = random(SEED);
    const now = new Date();
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const prevMonthStart = `${day(monthStart - 20 * DAY).slice(0, 8)}01`;
    const nextMonthStart = `${day(monthStart + 40 * DAY).slice(0, 8)}01`;
    const ranges = [
      { startDate: prevMonthStart, endDate: day(monthStart) },
      { startDate: day(monthStart), endDate: nextMonthStart },
      ...[-3, -2, -1, 0, 1, 2].map((d) => ({
        startDate: day(monthStart + d * DAY),
        endDate: day(monthStart + (d + 1) * DAY),
      })),
      { startDate: day(monthStart - 2 * DAY), endDate: day(monthStart + 2 * DAY) },
    ];
    for (let c = 0; c < CASES; c += 1) {
      const { company } = await openJob(t.db);
      const { job } = await openJob(t.db, { companyId: company.id, isVideoOptional: true });
      const sharer = await admin(company.id);
      await setTimeZone(sharer, 'UTC');
      const link = await shareParams(sharer, job.id);
      const origins = [{}, link, { utm_source: 'jobs-board' }];
      const people = 3 + Math.floor(rng.pick([0, 1, 2, 3]));
      for (let p = 0; p < people; p += 1) {
        const client: TClient = { ip: rng.pick(['203.0.113.70', '203.0.113.71']), userAgent: AGENT };
        const sessionId = randomUUID();
        const origin = rng.pick(origins);
        await track(job.shortId, { event: 'visit', sessionId, ...origin }, client);
        if (rng.chance(0.7)) await track(job.shortId, { event: 'apply_started', sessionId }, client);
        if (rng.chance(0.5)) await submit(job.shortId, { sessionId }, client);
        // The visit within two days before the month's start, what came of it up to three days later.
        const visitAt = monthStart - Math.floor(rng.pick([0.01, 0.3, 0.9, 1.5, 1.99]) * DAY);
        const laterAt = visitAt + Math.floor(rng.pick([0.02, 0.5, 1, 2, 3]) * DAY);
        await moveSession(job.id, sessionId, new Date(visitAt), new Date(laterAt));
      }
      // A time zone change rebuilds the rollup from the moved events.
      await setTimeZone(sharer, 'Etc/UTC');
      for (const range of ranges) {
        assertNoImpossibleRate(
          await statistics(sharer, range),
          `seed ${SEED} case ${c} ${JSON.stringify(range)}`,
        );
      }
      const all = await statistics(sharer, {});
      const [previous, current] = [
        await statistics(sharer, ranges[0]!),
        await statistics(sharer, ranges[1]!),
      ];
      expect(addSums(tableSums(previous), tableSums(current))).toEqual(
        new Map([...tableSums(all)].filter(([, v]) => v.some((n) => n > 0))),
      );
    }
  });
});
