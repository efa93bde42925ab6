import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { applicationStatusCounts, applications, jobs } from '@hirecast/db/schema';
import { APPLICATION_STATUSES } from '@hirecast/domain/applicants';
import { createTestApp } from '../../support/helper.ts';
import { callAs, hiringTeam } from '../../support/applicants-support.ts';
import { apply, applyBody, manageToken, uniqueEmail } from '../../support/apply-support.ts';

// Decision 016: the list's per-status statistic is kept as data by migration 0010's triggers, in the statement
// that applies, changes a status, withdraws or deletes; it must always equal a count of the applications.
describe('applicant counts per status', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let team: Awaited<ReturnType<typeof hiringTeam>>;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    team = await hiringTeam(t.db);
  });
  afterAll(async () => t.close());

  const zero = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0]));
  /** The statistic the list answers, after checking it against a GROUP BY over the applications. */
  async function statistic(jobId = team.job.id) {
    const res = await callAs(t.app, team.viewer, { url: `/api/job/${jobId}/applications` });
    expect(res.statusCode).toBe(200);
    const counted = await t.db
      .select({ status: applications.status, n: count() })
      .from(applications)
      .where(eq(applications.jobId, jobId))
      .groupBy(applications.status);
    const truth = { ...zero, ...Object.fromEntries(counted.map((r) => [r.status, r.n])) };
    expect(res.json().data.statistic).toEqual(truth);
    return res.json().data.statistic as Record<string, number>;
  }
  const applyAs = async (email: string) => {
    const res = await apply(t.app, team.job.shortId, applyBody({ email }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.applicationId as string;
  };
  const setStatus = (id: string, status: string) =>
    callAs(t.app, team.manager, {
      method: 'PATCH',
      url: `/api/job/${team.job.id}/application/${id}/status`,
      payload: { data: { status } },
    });

  it('follows apply, status changes, withdrawal and deletion', async () => {
    expect(await statistic()).toEqual(zero);
    const emails = [uniqueEmail(), uniqueEmail(), uniqueEmail()];
    const a = await applyAs(emails[0]!);
    const b = await applyAs(emails[1]!);
    await applyAs(emails[2]!);
    expect(await statistic()).toMatchObject({ new: 3 });

    expect((await setStatus(a, 'shortlisted')).statusCode).toBe(200);
    expect((await setStatus(b, 'interviewing')).statusCode).toBe(200);
    expect((await setStatus(b, 'hired')).statusCode).toBe(200);
    expect(await statistic()).toMatchObject({ new: 1, shortlisted: 1, interviewing: 0, hired: 1 });

    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `/api/public/application/${await manageToken(t.db, emails[2]!)}/withdraw`,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(await statistic()).toMatchObject({ new: 0, withdrawn: 1 });

    const deleted = await callAs(t.app, team.admin, {
      method: 'DELETE',
      url: `/api/job/${team.job.id}/application/${a}`,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await statistic()).toMatchObject({ shortlisted: 0, hired: 1, withdrawn: 1 });
  });

  it('keeps counts of other jobs apart and leaves none behind a deleted job', async () => {
    const other = await hiringTeam(t.db);
    const res = await apply(t.app, other.job.shortId, applyBody());
    expect(res.statusCode).toBe(201);
    expect(await statistic(team.job.id)).toMatchObject({ new: 0 });
    await t.db.delete(jobs).where(eq(jobs.id, other.job.id));
    const left = await t.db
      .select()
      .from(applicationStatusCounts)
      .where(eq(applicationStatusCounts.jobId, other.job.id));
    expect(left).toEqual([]);
  });
});
