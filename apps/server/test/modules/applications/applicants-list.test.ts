import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJob } from '@hirecast/db/factories';
import { ZApplicantListResponse, type TApplicantListResponse } from '@hirecast/domain/applicants';
import { createTestApp } from '../../support/helper.ts';
import { callAs, createApplication, hiringTeam, outsider } from '../../support/applicants-support.ts';

// spec 2 §7 GET /job/{jobId}/applications: filtering, search, sort, pagination and the statistic (spec 2 §4).
let t: Awaited<ReturnType<typeof createTestApp>>;
let team: Awaited<ReturnType<typeof hiringTeam>>;
const at = (day: number) => new Date(Date.UTC(2026, 2, day, 9));

beforeAll(async () => {
  t = await createTestApp();
  team = await hiringTeam(t.db);
  const job = team.job;
  const rows: Parameters<typeof createApplication>[2][] = [
    { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy-test.com', sentAt: at(1), markAvg: 4.5 },
    {
      firstName: 'Alan',
      lastName: 'Turing',
      email: 'alan@bletchley-test.com',
      sentAt: at(2),
      aiFitScore: 3.9,
    },
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@engine-test.com',
      sentAt: at(3),
      status: 'shortlisted',
    },
    {
      firstName: 'Katherine',
      lastName: 'Johnson',
      email: 'kj@nasa-test.com',
      sentAt: at(4),
      status: 'shortlisted',
      markAvg: 2,
      aiFitScore: 5,
    },
    {
      firstName: 'Edsger',
      lastName: 'Dijkstra',
      email: 'ewd@tue-test.com',
      sentAt: at(5),
      status: 'rejected',
    },
    {
      firstName: 'Barbara',
      lastName: 'Liskov',
      email: 'grace.fan@mit-test.com',
      sentAt: at(6),
      aiFitScore: 4.5,
    },
    { firstName: 'Linus', lastName: '100%_sure', email: 'linus@kernel-test.com', sentAt: at(7) },
  ];
  for (const row of rows) await createApplication(t.db, job, row);
  // Another job of the same company: never in this job's list or statistic.
  const other = await createJob(t.db, { companyId: team.company.id });
  await createApplication(t.db, other, { firstName: 'Grace', lastName: 'Other', sentAt: at(8) });
});
afterAll(() => t.close());

async function list(query: Record<string, string> = {}, member = team.viewer) {
  const res = await callAs(t.app, member, {
    url: `/api/job/${team.job.id}/applications?${new URLSearchParams(query)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZApplicantListResponse.parse(res.json().data);
}
const names = (answer: TApplicantListResponse) =>
  answer.applicants.map((a) => a._profile.personalInfo.lastName);

describe('GET /api/job/:jobId/applications', () => {
  it('answers the newest first with the statistic of the whole job, to any role', async () => {
    for (const member of [team.viewer, team.manager, team.admin]) {
      const answer = await list({}, member);
      expect(names(answer)).toEqual([
        '100%_sure',
        'Liskov',
        'Dijkstra',
        'Johnson',
        'Lovelace',
        'Turing',
        'Hopper',
      ]);
      expect(answer.count).toBe(7);
      expect(answer.statistic).toEqual({
        new: 4,
        shortlisted: 2,
        interviewing: 0,
        hired: 0,
        rejected: 1,
        withdrawn: 0,
      });
    }
  });

  it('filters by status case-insensitively, keeping the whole statistic', async () => {
    const answer = await list({ status: 'ShortListed' });
    expect(names(answer)).toEqual(['Johnson', 'Lovelace']);
    expect(answer.count).toBe(2);
    expect(answer.statistic.new).toBe(4);
    expect((await list({ status: 'HIRED' })).applicants).toEqual([]);
  });

  it('searches the full name or the email, ignoring case, and counts the matches', async () => {
    expect(names(await list({ search: 'grace' }))).toEqual(['Liskov', 'Hopper']);
    expect(names(await list({ search: '  GRACE   hopper ' }))).toEqual(['Hopper']);
    expect(names(await list({ search: 'bletchley-test' }))).toEqual(['Turing']);
    const both = await list({ search: 'grace', status: 'new' });
    expect(both.count).toBe(2);
    expect(names(await list({ search: 'nobody-like-this' }))).toEqual([]);
  });

  it('treats % and _ in a search as text', async () => {
    expect(names(await list({ search: '100%_' }))).toEqual(['100%_sure']);
    expect(names(await list({ search: '%' }))).toEqual(['100%_sure']);
  });

  it('sorts oldest first, and by rating (mark average, else AI score) with unrated last', async () => {
    expect(names(await list({ sort: 'oldest' }))[0]).toBe('Hopper');
    // Ratings: Hopper 4.5 (mark), Liskov 4.5 (AI; newer, so first of the tie), Turing 3.9, Johnson 2 (mark
    // wins over AI 5); unrated newest first.
    expect(names(await list({ sort: 'rating-high' }))).toEqual([
      'Liskov',
      'Hopper',
      'Turing',
      'Johnson',
      '100%_sure',
      'Dijkstra',
      'Lovelace',
    ]);
    expect(names(await list({ sort: 'rating-low' }))).toEqual([
      'Johnson',
      'Turing',
      'Liskov',
      'Hopper',
      '100%_sure',
      'Dijkstra',
      'Lovelace',
    ]);
  });

  it('pages with skip and limit without overlap', async () => {
    const first = await list({ limit: '3' });
    const second = await list({ limit: '3', skip: '3' });
    const last = await list({ limit: '3', skip: '6' });
    expect([...names(first), ...names(second), ...names(last)]).toEqual(names(await list()));
    expect(last.applicants).toHaveLength(1);
    expect(second.count).toBe(7);
    expect((await list({ skip: '50' })).applicants).toEqual([]);
  });

  it('answers the applicant as GET /job/candidate/{id} does', async () => {
    const [first] = (await list({ search: 'lovelace' })).applicants;
    const single = await callAs(t.app, team.viewer, { url: `/api/job/candidate/${first!._id}` });
    expect(single.json().data).toEqual(first);
    expect(first).toMatchObject({ status: 'shortlisted', _job: team.job.id, isEmailSent: false });
  });

  it('refuses bad queries with 400', async () => {
    const queries: Record<string, string>[] = [
      { status: 'maybe' },
      { sort: 'random' },
      { limit: '0' },
      { limit: '51' },
      { skip: '-1' },
      { search: 'x'.repeat(101) },
    ];
    for (const query of queries) {
      const res = await callAs(t.app, team.viewer, {
        url: `/api/job/${team.job.id}/applications?${new URLSearchParams(query)}`,
      });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it("answers 404 for another company's job or an id that cannot exist, 401 without a session", async () => {
    const stranger = await outsider(t.db);
    const theirs = await callAs(t.app, stranger, { url: `/api/job/${team.job.id}/applications` });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('Grace');
    expect((await callAs(t.app, team.admin, { url: '/api/job/not-a-uuid/applications' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: `/api/job/${team.job.id}/applications` })).statusCode).toBe(401);
  });
});
