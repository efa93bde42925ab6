import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetEngagement, jobTrackingEvents } from '@hirecast/db/schema';
import { addMember } from '@hirecast/db/factories';
import { applyMessages } from '@hirecast/domain/application';
import { assetMessages } from '@hirecast/domain/asset';
import { messages } from '@hirecast/domain/messages';
import { createTestApp } from '../../support/helper.ts';
import { headers, jobRow } from '../../support/jobs-support.ts';
import { signedInUser } from '../../support/sessions.ts';
import { hostedVideo, openJob, SITE_TEST_ENV } from '../../support/site-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp(SITE_TEST_ENV);
});
afterAll(() => t.close());

const session = () => randomUUID();
// Each session is a browser of its own here (issue 23: a visit counts once per visitor, job and day).
const track = (shortId: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/job/${shortId}/track`,
    headers: { 'user-agent': `test-browser/${String(payload.sessionId)}` },
    payload,
  });
const engage = (shortId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/public/job/${shortId}/engagement`, payload });

/** An admin of the job's company, to read the employer's view of the job. */
async function adminOf(companyId: string) {
  const admin = await signedInUser(t.db);
  await addMember(t.db, { companyId, userId: admin.user.id, role: 2 });
  return { token: admin.token, company: { id: companyId } };
}
const employerStats = async (jobId: string, companyId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/job/${jobId}?includeStats=true`,
    headers: headers(await adminOf(companyId)),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.stats;
};

// Issue 5 item 4: visits once per browser session, applies started, UTM values; no personal data.
describe('POST /api/public/job/:shortId/track', () => {
  it('counts a visit once per browser session', async () => {
    const { job } = await openJob(t.db);
    const first = session();
    expect((await track(job.shortId, { event: 'visit', sessionId: first })).statusCode).toBe(204);
    expect((await track(job.shortId, { event: 'visit', sessionId: first })).statusCode).toBe(204);
    expect((await jobRow(t.db, job.id))!.totalVisits).toBe(1);
    await track(job.shortId, { event: 'visit', sessionId: session() });
    expect((await jobRow(t.db, job.id))!.totalVisits).toBe(2);
    expect((await jobRow(t.db, job.id))!.startedApplications).toBe(0);
  });

  it('counts a started application once per session, and the employer sees both counters and rates', async () => {
    const { job, company } = await openJob(t.db, { submittedApplications: 1 });
    const s = session();
    await track(job.shortId, { event: 'visit', sessionId: s });
    await track(job.shortId, { event: 'apply_started', sessionId: s });
    await track(job.shortId, { event: 'apply_started', sessionId: s });
    await track(job.shortId, { event: 'visit', sessionId: session() });
    const stats = await employerStats(job.id, company.id);
    expect(stats).toMatchObject({
      totalVisits: 2,
      startedApplications: 1,
      totalApplies: 1,
      submittedApplications: 1,
      applyRate: 0.5,
      submittedApplicationsRate: 1,
    });
  });

  it('stores the UTM values on the event (the sharer token of share links), and leaves the page date alone', async () => {
    const { job } = await openJob(t.db);
    const before = (await jobRow(t.db, job.id))!.updatedAt;
    const s = session();
    const sharer = randomUUID();
    await track(job.shortId, {
      event: 'visit',
      sessionId: s,
      utm_source: sharer,
      utm_campaign: 'share-reward',
      utm_medium: '  employer-app ',
    });
    await track(job.shortId, { event: 'apply_started', sessionId: s, utm_source: '' });
    const rows = await t.db.select().from(jobTrackingEvents).where(eq(jobTrackingEvents.jobId, job.id));
    expect(
      rows
        .map(({ event, sessionId, utmSource, utmCampaign, utmMedium }) => ({
          event,
          sessionId,
          utmSource,
          utmCampaign,
          utmMedium,
        }))
        .sort((a, b) => a.event.localeCompare(b.event)),
    ).toEqual([
      // Issue 16: first touch, the apply start is credited as the session's visit was.
      {
        event: 'apply_started',
        sessionId: s,
        utmSource: sharer,
        utmCampaign: 'share-reward',
        utmMedium: 'employer-app',
      },
      {
        event: 'visit',
        sessionId: s,
        utmSource: sharer,
        utmCampaign: 'share-reward',
        utmMedium: 'employer-app',
      },
    ]);
    expect((await jobRow(t.db, job.id))!.updatedAt).toEqual(before);
  });

  it('answers 404 for an unknown job and 400 for a bad beacon, counting nothing', async () => {
    const missing = await track('Zz9Zz9Zz', { event: 'visit', sessionId: session() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(applyMessages.jobNotFound);

    const { job } = await openJob(t.db);
    for (const payload of [
      { event: 'apply_submitted', sessionId: session() },
      { event: 'visit', sessionId: 'short' },
      { event: 'visit', sessionId: 'x'.repeat(65) },
      { event: 'visit', sessionId: session(), utm_source: 'u'.repeat(101) },
      { event: 'visit' },
    ]) {
      const res = await track(job.shortId, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/api/public/job/${job.shortId}/track`,
      headers: { 'content-type': 'application/json' },
      payload: '{"event":',
    });
    expect(notJson.statusCode).toBe(400);
    expect((await jobRow(t.db, job.id))!.totalVisits).toBe(0);
  });
});

// spec 3 §3 videoEngagement: the job video's beacons, seen by the employer in GET /job/{id}?includeStats.
describe('POST /api/public/job/:shortId/engagement', () => {
  it("records the furthest second per session on the job's video, visible in the job's stats", async () => {
    const { company } = await openJob(t.db);
    const asset = await hostedVideo(t.db, company.id, { duration: 3 });
    const { job } = await openJob(t.db, { companyId: company.id, videoAssetId: asset.id });
    const [a, b] = [session(), session()];
    for (const [sessionId, second] of [
      [a, 1],
      [a, 3],
      [a, 2],
      [b, 1],
    ] as const) {
      expect((await engage(job.shortId, { sessionId, second })).statusCode).toBe(204);
    }
    const stored = await t.db.select().from(assetEngagement).where(eq(assetEngagement.assetId, asset.id));
    expect(stored.map((r) => r.maxSecond).sort()).toEqual([1, 3]);

    expect((await employerStats(job.id, company.id)).videoEngagement).toEqual([
      { second: 0, viewers: 2, percentage: 100 },
      { second: 1, viewers: 2, percentage: 100 },
      { second: 2, viewers: 1, percentage: 50 },
      { second: 3, viewers: 1, percentage: 50 },
    ]);
    // The same curve as the asset's own statistic (spec 3 §7 GET /asset/{id}/statistic).
    const assetStats = await t.app.inject({
      method: 'GET',
      url: `/api/asset/${asset.id}/statistic`,
      headers: headers(await adminOf(company.id)),
    });
    expect(assetStats.json().data.videoEngagement).toEqual(
      (await employerStats(job.id, company.id)).videoEngagement,
    );
  });

  it('answers an empty curve for a job without a hosted video or without viewers', async () => {
    const { job, company } = await openJob(t.db);
    expect((await employerStats(job.id, company.id)).videoEngagement).toEqual([]);
    const asset = await hostedVideo(t.db, company.id);
    const { job: unseen } = await openJob(t.db, { companyId: company.id, videoAssetId: asset.id });
    expect((await employerStats(unseen.id, company.id)).videoEngagement).toEqual([]);
  });

  it('answers 404 for a job without a hosted video or an unknown job, and 400 for a bad beacon', async () => {
    const { job: embed } = await openJob(t.db, { video: 'https://player.vimeo.com/video/76979871' });
    const noVideo = await engage(embed.shortId, { sessionId: session(), second: 1 });
    expect(noVideo.statusCode).toBe(404);
    expect(noVideo.json().error.message).toBe(messages.notFound);
    expect((await engage('Zz9Zz9Zz', { sessionId: session(), second: 1 })).statusCode).toBe(404);
    for (const second of [-1, 'ten', 24 * 3600 + 1]) {
      expect((await engage(embed.shortId, { sessionId: session(), second })).statusCode).toBe(400);
    }
  });
});

// The players' beacon for any video of a public page (the job's additional videos among them).
describe('POST /api/asset/:id/engagement', () => {
  const beacon = (assetId: string, sessionId: string, second = 5) =>
    t.app.inject({ method: 'POST', url: `/api/asset/${assetId}/engagement`, payload: { sessionId, second } });
  const stored = (assetId: string) =>
    t.db.select().from(assetEngagement).where(eq(assetEngagement.assetId, assetId));

  it('counts only a video that a public job page shows, and each session once per second', async () => {
    const { company } = await openJob(t.db);
    const [main, extra, hidden, libraryOnly, draftOnly] = await Promise.all(
      [1, 2, 3, 4, 5].map(() => hostedVideo(t.db, company.id, { duration: 30 })),
    );
    await openJob(t.db, {
      companyId: company.id,
      videoAssetId: main!.id,
      showAdditionalVideos: true,
      additionalVideos: [{ assetId: extra!.id, order: 0 }],
    });
    // Closed after it was live: its page still shows the video.
    await openJob(t.db, {
      companyId: company.id,
      status: 'closed',
      showAdditionalVideos: false,
      additionalVideos: [{ assetId: hidden!.id, order: 0 }],
    });
    // Never published: its page does not exist.
    await openJob(t.db, {
      companyId: company.id,
      status: 'closed',
      publishedAt: null,
      videoAssetId: draftOnly!.id,
    });

    const viewer = session();
    for (const asset of [main!, extra!]) {
      expect((await beacon(asset.id, viewer)).statusCode, asset.id).toBe(200);
      expect((await beacon(asset.id, viewer)).statusCode).toBe(200);
      expect(await stored(asset.id)).toEqual([expect.objectContaining({ sessionId: viewer, maxSecond: 5 })]);
    }
    for (const asset of [hidden!, libraryOnly!, draftOnly!]) {
      const res = await beacon(asset.id, viewer);
      expect(res.statusCode, asset.id).toBe(404);
      expect(res.json().error.message).toBe(assetMessages.notFound);
      expect(await stored(asset.id)).toEqual([]);
    }
    expect((await beacon(randomUUID(), viewer)).statusCode).toBe(404);
    expect((await beacon('not-an-id', viewer)).statusCode).toBe(404);
  });

  it("does not count a video of another company's job as this company's", async () => {
    const mine = await openJob(t.db);
    const theirs = await openJob(t.db);
    const asset = await hostedVideo(t.db, mine.company.id);
    // A job pointing at another company's asset id is not what the page shows (the page skips it).
    await openJob(t.db, { companyId: theirs.company.id, videoAssetId: asset.id });
    expect((await beacon(asset.id, session())).statusCode).toBe(404);
  });
});

// Runs last: it uses up this address's allowance on the track route.
describe('beacon rate limit', () => {
  it('refuses a flood of beacons from one address with 429', async () => {
    const { job } = await openJob(t.db);
    const codes: number[] = [];
    for (let i = 0; i < 61; i++)
      codes.push((await track(job.shortId, { event: 'visit', sessionId: session() })).statusCode);
    expect(codes.filter((c) => c === 204).length).toBeLessThanOrEqual(60);
    const refused = await track(job.shortId, { event: 'visit', sessionId: session() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('TOO_MANY_REQUESTS');
  });
});
