import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_LIST_INDEXES } from '@hirecast/db/schema';
import {
  APPLICATION_STATUSES,
  compareApplicants,
  ZApplicantListResponse,
  type TApplicantSort,
  type TApplicationStatus,
} from '@hirecast/domain/applicants';
import {
  cappedSearchQuery,
  listPageQuery,
  SEARCH_COUNT_CAP,
} from '../../../src/modules/applications/list.ts';
import { createTestApp } from '../../support/helper.ts';
import { callAs, hiringTeam, insertManyApplications } from '../../support/applicants-support.ts';

// Issue 6 acceptance: a list query over 100,000 applications of one job answers a filtered, searched, sorted
// page, in SQL with the indexes. Runs on PGlite as well as PostgreSQL: the rows come from one INSERT ... SELECT
// generate_series, about 10 s on PGlite and 4 s on PostgreSQL here.
const N = 100_000;
const STATUSES = ['new', 'new', 'shortlisted', 'rejected', 'interviewing', 'hired', 'withdrawn'] as const;

/** The rows insertManyApplications writes, computed here to know the right answer. */
const expectedRows = () =>
  Array.from({ length: N }, (_, k) => {
    const i = k + 1;
    return {
      _id: String(i),
      email: `cand${i}@bulk-test.com`,
      lastName: i % 1000 === 0 ? 'Hopper' : `Surname${i % 97}`,
      status: STATUSES[i % 7] as TApplicationStatus,
      sentAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      markAvg: i % 10 === 0 ? Math.round(((i % 41) / 10 + 1) * 10) / 10 : null,
      aiFitScore: i % 3 === 0 ? Math.round(((i % 51) / 10) * 10) / 10 : null,
    };
  });

describe('the applicants list over 100,000 applications', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let team: Awaited<ReturnType<typeof hiringTeam>>;
  const rows = expectedRows();

  beforeAll(async () => {
    t = await createTestApp();
    team = await hiringTeam(t.db);
    await insertManyApplications(t.db, team.job, N);
    await t.db.execute(sql`vacuum analyze applications`);
  }, 60_000);
  afterAll(() => t?.close());

  const list = async (query: Record<string, string>) => {
    const res = await callAs(t.app, team.viewer, {
      url: `/api/job/${team.job.id}/applications?${new URLSearchParams(query)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZApplicantListResponse.parse(res.json().data);
  };
  const expectedPage = (
    filter: (r: (typeof rows)[number]) => boolean,
    sort: TApplicantSort,
    skip: number,
    limit: number,
  ) => {
    const matching = rows.filter(filter).sort(compareApplicants(sort));
    return { emails: matching.slice(skip, skip + limit).map((r) => r.email), count: matching.length };
  };

  it('answers a filtered, searched, sorted page and the statistic', async () => {
    const answer = await list({ status: 'New', search: 'HOPPER', sort: 'rating-high', limit: '10' });
    const expected = expectedPage((r) => r.status === 'new' && r.lastName === 'Hopper', 'rating-high', 0, 10);
    expect(answer.applicants.map((a) => a._profile._user.email)).toEqual(expected.emails);
    expect(answer.count).toBe(expected.count);
    expect(answer.count).toBeGreaterThan(10);
    const statistic = Object.fromEntries(
      APPLICATION_STATUSES.map((s) => [s, rows.filter((r) => r.status === s).length]),
    );
    expect(answer.statistic).toEqual(statistic);
  });

  it('answers a deep page in date order and in rating order', async () => {
    const deep = await list({ status: 'new', skip: '20000', limit: '12' });
    const expected = expectedPage((r) => r.status === 'new', 'newest', 20_000, 12);
    expect(deep.applicants.map((a) => a._profile._user.email)).toEqual(expected.emails);
    expect(deep.count).toBe(expected.count);
    const rated = await list({ sort: 'rating-low', skip: '50000', limit: '10' });
    expect(rated.applicants.map((a) => a._profile._user.email)).toEqual(
      expectedPage(() => true, 'rating-low', 50_000, 10).emails,
    );
  });

  // Decision 016: a search counts its matches exactly up to SEARCH_COUNT_CAP; beyond, it says "more than".
  it('counts a search exactly up to the cap, and says more than for one that matches every application', async () => {
    const some = await list({ search: 'cand1' });
    const matching = expectedPage((r) => r.email.includes('cand1'), 'newest', 0, 10);
    expect(some.applicants.map((a) => a._profile._user.email)).toEqual(matching.emails);
    expect({ count: some.count, countExact: some.countExact }).toEqual({
      count: matching.count,
      countExact: true,
    });

    const all = await list({ search: 'bulk-test', skip: '50000' });
    expect(all.applicants.map((a) => a._profile._user.email)).toEqual(
      expectedPage(() => true, 'newest', 50_000, 10).emails,
    );
    expect(all.countExact).toBe(false);
    expect(all.count).toBeGreaterThanOrEqual(Math.max(SEARCH_COUNT_CAP, 50_010));
    expect(all.count).toBeLessThan(N);
  });

  it('plans the list queries on the indexes, never a sequential scan of applications', async () => {
    const plan = async (input: Parameters<typeof listPageQuery>[1]) => {
      const result = await t.db.execute(sql`explain ${listPageQuery(t.db, input).getSQL()}`);
      return (result.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
    };
    const base = { jobId: team.job.id, skip: 0, limit: 10 };
    const searched = await plan({ ...base, status: 'new', search: 'hopper', sort: 'rating-high' });
    // Either index serves it, by the planner's estimate of how many rows match: the trigram index, or the
    // rating index walked in the list's order with the search as a filter (which stops after the page).
    expect(searched).toMatch(
      new RegExp(`${APPLICANT_LIST_INDEXES.search}|${APPLICANT_LIST_INDEXES.ratingHigh}`),
    );
    expect(searched).not.toMatch(/Seq Scan on applications/);
    const filtered = await plan({ ...base, status: 'shortlisted', sort: 'newest', skip: 5000 });
    expect(filtered).toContain(APPLICANT_LIST_INDEXES.statusSent);
    expect(filtered).not.toMatch(/Seq Scan on applications/);
    const rated = await plan({ ...base, sort: 'rating-low', skip: 50_000 });
    expect(rated).toContain(APPLICANT_LIST_INDEXES.ratingLow);
    expect(await plan({ ...base, sort: 'rating-high' })).toContain(APPLICANT_LIST_INDEXES.ratingHigh);
    const all = await plan({ ...base, sort: 'oldest', skip: 50_000 });
    expect(all).toMatch(/Index (Only )?Scan.* on applications/);
    expect(all).not.toMatch(/Seq Scan on applications/);
    // A search that matches every row walks the covering index in the list's order, reading no table rows.
    const everyone = await plan({ ...base, search: 'bulk-test', sort: 'newest', skip: 50_000 });
    expect(everyone).toMatch(/Index Only Scan( Backward)? using applications_job_sent_idx/);
    // A search that matches few rows finds them with the trigram index, and counts them there.
    const capped = await t.db.execute(
      sql`explain ${cappedSearchQuery(t.db, { ...base, search: 'hopper', sort: 'newest' }).getSQL()}`,
    );
    expect((capped.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n')).toContain(
      APPLICANT_LIST_INDEXES.search,
    );
  });
});
