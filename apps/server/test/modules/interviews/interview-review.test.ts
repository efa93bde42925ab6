import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { interviewMessages } from '@hirecast/domain/interview';
import { createTestApp } from '../../support/helper.ts';
import { createApplication, hiringTeam, outsider } from '../../support/applicants-support.ts';
import {
  asCandidate,
  asMember,
  invite,
  interviewTokenFor,
  putInterview,
} from '../../support/interview-support.ts';

// Review (issue 25 item 4): ratings per member per answer (viewers too), averages, the applicants list by
// interview, the compare view, and share links for an outside reviewer.

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const QUESTIONS = {
  inApply: false,
  asStage: true,
  questions: [
    { prompt: 'Why this café?', answerType: 'text' },
    { prompt: 'Which shift?', answerType: 'choice', options: ['Early', 'Late'] },
  ],
};

async function teamWithInterview() {
  const team = await hiringTeam(t.db);
  await putInterview(t.app, team.admin, team.job.id, QUESTIONS);
  return team;
}

type TTeam = Awaited<ReturnType<typeof teamWithInterview>>;

/** An invited candidate who answers both questions (or only the first); answers ids and the session. */
async function answered(team: TTeam, name: { firstName: string; lastName: string }, complete = true) {
  const application = await createApplication(t.db, team.job, name);
  await invite(t.app, team.admin, team.job.id, application.id, { days: 7 });
  const token = await interviewTokenFor(t.db, application.email);
  const ids = (await asCandidate(t.app, 'GET', token))
    .json()
    .data.questions.map((q: { _id: string }) => q._id);
  await asCandidate(t.app, 'POST', `${token}/questions/${ids[0]}/answer`, { text: `I am ${name.firstName}` });
  if (complete) {
    await asCandidate(t.app, 'POST', `${token}/questions/${ids[1]}/answer`, { choice: 0 });
    await asCandidate(t.app, 'POST', `${token}/complete`);
  }
  const base = `/api/job/${team.job.id}/application/${application.id}/interview`;
  const session = (await asMember(t.app, team.admin, 'GET', base)).json().data;
  const answerIds = session.questions.map((q: { answer: { _id: string } | null }) => q.answer?._id ?? null);
  return { application, token, ids: ids as string[], base, answerIds: answerIds as (string | null)[] };
}

describe('ratings and averages', () => {
  it('keeps one rating per member per answer (viewers may rate) and averages per question and overall', async () => {
    const team = await teamWithInterview();
    const c = await answered(team, { firstName: 'Alan', lastName: 'Turing' });
    const rate = (member: typeof team.admin, answerId: string, payload: unknown) =>
      asMember(t.app, member, 'PUT', `${c.base}/answers/${answerId}/rating`, payload);
    expect(
      (await rate(team.admin, c.answerIds[0]!, { stars: 5, comment: 'Warm and clear' })).statusCode,
    ).toBe(200);
    expect((await rate(team.viewer, c.answerIds[0]!, { stars: 4 })).statusCode).toBe(200);
    // Rating again replaces the member's rating.
    const replaced = await rate(team.viewer, c.answerIds[0]!, { stars: 2, comment: null });
    expect(replaced.json().data).toMatchObject({ average: 3.5 });
    expect(replaced.json().data.ratings).toHaveLength(2);
    expect(replaced.json().data.ratings.find((r: { isMine: boolean }) => r.isMine)).toMatchObject({
      raterName: 'Vic Viewer',
      stars: 2,
    });
    await rate(team.manager, c.answerIds[1]!, { stars: 5 });
    const session = (await asMember(t.app, team.admin, 'GET', c.base)).json().data;
    expect(session.questions[0].answer.average).toBe(3.5);
    expect(session.questions[1].answer.average).toBe(5);
    expect(session.score).toBe(4.25);
    // Out of range and too long are refused with the message; nothing changes.
    expect((await rate(team.admin, c.answerIds[0]!, { stars: 6 })).json().error.message).toBe(
      interviewMessages.stars,
    );
    expect((await rate(team.admin, c.answerIds[0]!, { stars: 0 })).statusCode).toBe(400);
    expect(
      (await rate(team.admin, c.answerIds[0]!, { stars: 3, comment: 'x'.repeat(1001) })).json().error.message,
    ).toBe(interviewMessages.comment);
    // Removing one's rating.
    const removed = await asMember(
      t.app,
      team.viewer,
      'DELETE',
      `${c.base}/answers/${c.answerIds[0]}/rating`,
    );
    expect(removed.json().data.average).toBe(5);
    // An answer of another candidate is not reachable through this one's path.
    const other = await answered(team, { firstName: 'Other', lastName: 'One' });
    expect((await rate(team.admin, other.answerIds[0]!, { stars: 1 })).statusCode).toBe(404);
  });
});

describe('the applicants list by interview, and compare', () => {
  it('filters by completion and sorts by interview score; compare shows every answer to one question', async () => {
    const team = await teamWithInterview();
    const low = await answered(team, { firstName: 'Low', lastName: 'Score' });
    const high = await answered(team, { firstName: 'High', lastName: 'Score' });
    const started = await answered(team, { firstName: 'Half', lastName: 'Way' }, false);
    const notInvited = await createApplication(t.db, team.job, { firstName: 'Not', lastName: 'Invited' });
    await asMember(t.app, team.admin, 'PUT', `${low.base}/answers/${low.answerIds[0]}/rating`, { stars: 2 });
    await asMember(t.app, team.admin, 'PUT', `${high.base}/answers/${high.answerIds[0]}/rating`, {
      stars: 5,
    });
    const list = async (query: string) =>
      (await asMember(t.app, team.viewer, 'GET', `/api/job/${team.job.id}/applications?${query}`)).json()
        .data;
    const names = (data: { applicants: { _profile: { personalInfo: { firstName: string } } }[] }) =>
      data.applicants.map((a) => a._profile.personalInfo.firstName);

    const completed = await list('interview=completed&sort=interview-high');
    expect(names(completed)).toEqual(['High', 'Low']);
    expect(completed.count).toBe(2);
    expect(completed.applicants[0].interview).toEqual({
      state: 'completed',
      score: 5,
      answered: 2,
      total: 2,
    });
    // Unscored last, newest first among them.
    expect(names(await list('sort=interview-low'))).toEqual(['Low', 'High', 'Not', 'Half']);
    const startedOnly = await list('interview=started');
    expect(names(startedOnly)).toEqual(['Half']);
    expect(startedOnly.applicants[0].interview).toMatchObject({ state: 'started', answered: 1, total: 2 });
    const none = await list('interview=none');
    expect(names(none)).toEqual(['Not']);
    expect(none.applicants[0].interview).toBeNull();
    expect(
      (await asMember(t.app, team.viewer, 'GET', `/api/job/${team.job.id}/applications?interview=maybe`))
        .statusCode,
    ).toBe(400);

    const compare = await asMember(
      t.app,
      team.viewer,
      'GET',
      `/api/job/${team.job.id}/interview/questions/${low.ids[0]}/answers`,
    );
    expect(compare.statusCode).toBe(200);
    const entries = compare.json().data as {
      firstName: string;
      answer: { text: string; average: number | null };
    }[];
    expect(entries.map((e) => e.firstName)).toEqual(['High', 'Low', 'Half']);
    expect(entries[0]!.answer).toMatchObject({ text: 'I am High', average: 5 });
    expect(started.answerIds[1]).toBeNull();
    expect(notInvited.firstName).toBe('Not');
  });
});

describe('share links for an outside reviewer', () => {
  it('hides what the link says, records the reviewer under their name, and stops at expiry or revocation', async () => {
    const team = await teamWithInterview();
    const c = await answered(team, { firstName: 'Katherine', lastName: 'Johnson' });
    const byViewer = await asMember(t.app, team.viewer, 'POST', `${c.base}/shares`, { days: 3 });
    expect(byViewer.statusCode).toBe(403);
    expect(
      (await asMember(t.app, team.manager, 'POST', `${c.base}/shares`, { days: 31 })).json().error.message,
    ).toBe(interviewMessages.shareDays);
    const created = await asMember(t.app, team.manager, 'POST', `${c.base}/shares`, {
      days: 3,
      hideName: true,
      hideEmail: true,
      hideCv: true,
    });
    expect(created.statusCode).toBe(201);
    const share = created.json().data;
    const token = share.url.split('/review/')[1] as string;
    expect(token).toMatch(/^[\w-]{43}$/);

    const review = await t.app.inject({ url: `/api/public/interview-review/${token}` });
    expect(review.statusCode).toBe(200);
    const body = review.json().data;
    expect(body.candidate).toEqual({ name: null, email: null, cvUrl: null, cvName: null });
    // (The answer says "I am Katherine": what the candidate wrote is shown as written.)
    expect(JSON.stringify(body)).not.toContain('Johnson');
    expect(JSON.stringify(body)).not.toContain(c.application.email);
    expect(body.questions[0].answer.text).toBe('I am Katherine');

    // A team member's rating stays out of the reviewer's view; the reviewer's goes in under their name.
    await asMember(t.app, team.admin, 'PUT', `${c.base}/answers/${c.answerIds[0]}/rating`, { stars: 1 });
    const guest = await t.app.inject({
      method: 'PUT',
      url: `/api/public/interview-review/${token}/answers/${c.answerIds[0]}/rating`,
      payload: { reviewerName: 'Dorothy Vaughan', stars: 5, comment: 'Great answer' },
    });
    expect(guest.statusCode, guest.body).toBe(200);
    expect(guest.json().data.ratings).toEqual([
      expect.objectContaining({
        raterName: 'Dorothy Vaughan (guest)',
        stars: 5,
        isGuest: true,
        isMine: true,
      }),
    ]);
    const nameless = await t.app.inject({
      method: 'PUT',
      url: `/api/public/interview-review/${token}/answers/${c.answerIds[0]}/rating`,
      payload: { reviewerName: ' ', stars: 5 },
    });
    expect(nameless.json().error.message).toBe(interviewMessages.reviewerName);
    const seen = (await asMember(t.app, team.admin, 'GET', c.base)).json().data.questions[0].answer;
    expect(seen.ratings.map((r: { raterName: string }) => r.raterName).sort()).toEqual([
      'Ada Admin',
      'Dorothy Vaughan (guest)',
    ]);
    expect(seen.average).toBe(3);

    // A link that shows the name does so.
    const open = (await asMember(t.app, team.manager, 'POST', `${c.base}/shares`, { days: 1 })).json().data;
    const openToken = open.url.split('/review/')[1];
    expect(
      (await t.app.inject({ url: `/api/public/interview-review/${openToken}` })).json().data.candidate,
    ).toMatchObject({
      name: 'Katherine Johnson',
      email: c.application.email,
    });

    // Expiry: three days later the first link answers 410 and takes no rating.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.parse(share.expiresAt) + 1000));
    const expired = await t.app.inject({ url: `/api/public/interview-review/${token}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.message).toBe(interviewMessages.shareExpired);
    const lateRating = await t.app.inject({
      method: 'PUT',
      url: `/api/public/interview-review/${token}/answers/${c.answerIds[0]}/rating`,
      payload: { reviewerName: 'Dorothy Vaughan', stars: 1 },
    });
    expect(lateRating.statusCode).toBe(410);
    vi.useRealTimers();

    // Revocation closes a link at once; the list shows it.
    expect((await asMember(t.app, team.manager, 'DELETE', `${c.base}/shares/${open._id}`)).statusCode).toBe(
      204,
    );
    const revoked = await t.app.inject({ url: `/api/public/interview-review/${openToken}` });
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().error.message).toBe(interviewMessages.shareRevoked);
    const shares = (await asMember(t.app, team.viewer, 'GET', `${c.base}/shares`)).json().data;
    expect(shares.find((s: { _id: string }) => s._id === open._id).revokedAt).not.toBeNull();
    expect((await t.app.inject({ url: `/api/public/interview-review/${'a'.repeat(43)}` })).statusCode).toBe(
      404,
    );
    const stranger = await outsider(t.db);
    expect((await asMember(t.app, stranger, 'DELETE', `${c.base}/shares/${share._id}`)).statusCode).toBe(404);
  });

  it('lasts until a chosen date and time, in the future and at most 30 days away', async () => {
    const team = await teamWithInterview();
    const c = await answered(team, { firstName: 'Mary', lastName: 'Jackson' });
    const count = async () =>
      (await asMember(t.app, team.manager, 'GET', `${c.base}/shares`)).json().data.length;
    const before = await count();
    const inDays = (d: number) => new Date(Date.now() + d * 24 * 3600_000).toISOString();
    for (const payload of [
      { expiresAt: inDays(-0.001) },
      { expiresAt: inDays(30.01) },
      { expiresAt: 'tomorrow' },
      { expiresAt: inDays(1), days: 1 },
      {},
    ]) {
      const refused = await asMember(t.app, team.manager, 'POST', `${c.base}/shares`, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect([interviewMessages.shareExpiry, interviewMessages.shareDaysOrExpiry]).toContain(
        refused.json().error.fields.expiresAt,
      );
    }
    expect(await count()).toBe(before);

    const until = new Date(Date.now() + 90_000);
    const created = await asMember(t.app, team.manager, 'POST', `${c.base}/shares`, {
      expiresAt: until.toISOString(),
      hideName: true,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.expiresAt).toBe(until.toISOString());
    const token = created.json().data.url.split('/review/')[1];
    expect((await t.app.inject({ url: `/api/public/interview-review/${token}` })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(until.getTime() + 1));
    const expired = await t.app.inject({ url: `/api/public/interview-review/${token}` });
    vi.useRealTimers();
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.message).toBe(interviewMessages.shareExpired);
  });
});
