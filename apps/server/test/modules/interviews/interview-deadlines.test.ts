import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { interviewSessions } from '@hirecast/db/schema';
import { interviewMessages } from '@hirecast/domain/interview';
import { createTestApp } from '../../support/helper.ts';
import { createApplication, hiringTeam, outsider } from '../../support/applicants-support.ts';
import { sendInterviewReminders } from '../../../src/modules/interviews/index.ts';
import {
  asCandidate,
  asMember,
  emailsTo,
  historyTitles,
  invite,
  interviewTokenFor,
  putInterview,
  threeQuestions,
} from '../../support/interview-support.ts';

// Deadlines, reminders, extensions and re-opening (issue 25 item 2b), on a fake clock: only Date is faked, so
// the database, the queue and the HTTP layer run as usual while "now" moves. The team signs in on the real
// clock first and the fake one only goes to dates before it, so their sessions (checked against the database's
// clock) stay valid while the interview's times follow the fake one.

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const at = (iso: string) => vi.setSystemTime(new Date(iso));
const remind = () =>
  sendInterviewReminders({ db: t.db, mail: t.app.ctx.mail, log: t.app.ctx.log, config: t.config });

async function invitedOn(iso: string, body: Record<string, unknown> = { days: 5 }) {
  vi.useRealTimers();
  const team = await hiringTeam(t.db);
  vi.useFakeTimers({ toFake: ['Date'] });
  at(iso);
  await putInterview(t.app, team.admin, team.job.id, threeQuestions());
  const application = await createApplication(t.db, team.job);
  const res = await invite(t.app, team.admin, team.job.id, application.id, body);
  expect(res.statusCode, res.body).toBe(201);
  const token = await interviewTokenFor(t.db, application.email);
  const ids = (await asCandidate(t.app, 'GET', token))
    .json()
    .data.questions.map((q: { _id: string }) => q._id);
  return { team, application, token, ids: ids as string[], session: res.json().data };
}

describe('invitation letter, reminders and deadline (issue 25 item 2b)', () => {
  it('emails the invitation with the link and the deadline, and records it', async () => {
    const { application, session } = await invitedOn('2026-03-02T09:00:00Z', { days: 5 });
    expect(session.deadline).toBe('2026-03-07T09:00:00.000Z');
    const [letter] = await emailsTo(t.db, application.email);
    expect(letter!.subject).toBe('Your interview for Barista at ' + letter!.subject.split(' at ')[1]);
    expect(letter!.text).toContain('Dear Grace Hopper');
    expect(letter!.text).toContain('Please complete your interview by 7 March 2026, 09:00 UTC.');
    expect(letter!.text).toMatch(/Start your interview: http:\/\/localhost:3000\/interview\/[\w-]{43}/);
    // The history keeps the letter, never the link (the link is a key).
    expect(await historyTitles(t.db, application.id)).toEqual([
      'Interview invitation sent (deadline 7 March 2026, 09:00 UTC)',
    ]);
  });

  it('sends one reminder two days before the deadline, not before, not twice', async () => {
    const { application } = await invitedOn('2026-03-02T09:00:00Z', { days: 5 });
    at('2026-03-05T08:59:00Z'); // 48 h + 1 min before the deadline
    expect(await remind()).toEqual({ sent: 0 });
    at('2026-03-05T09:10:00Z');
    expect((await remind()).sent).toBeGreaterThanOrEqual(1);
    const reminders = (await emailsTo(t.db, application.email)).filter((m) =>
      m.subject.startsWith('Reminder:'),
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toMatch(/\/interview\/[\w-]{43}/);
    // The reminder carries the same link as the invitation.
    const links = (await emailsTo(t.db, application.email)).map(
      (m) => m.text.match(/\/interview\/([\w-]{43})/)?.[1],
    );
    expect(new Set(links).size).toBe(1);
    at('2026-03-06T09:00:00Z');
    await remind();
    expect(
      (await emailsTo(t.db, application.email)).filter((m) => m.subject.startsWith('Reminder:')),
    ).toHaveLength(1);
    expect(await historyTitles(t.db, application.id)).toContain('Interview reminder sent');
  });

  it('sends no reminder to a completed interview, nor when the invitation gave less than two days', async () => {
    const short = await invitedOn('2026-04-01T09:00:00Z', { days: 1 });
    const open = await invitedOn('2026-04-01T09:00:00Z', { days: 5 });
    const done = await invitedOn('2026-04-01T09:00:00Z', { days: 5 });
    // Completed (the state the candidate's last call leaves): no reminder is due.
    await t.db
      .update(interviewSessions)
      .set({ completedAt: new Date() })
      .where(eq(interviewSessions.applicationId, done.application.id));
    at('2026-04-04T10:00:00Z');
    await remind();
    const reminded = async (email: string) =>
      (await emailsTo(t.db, email)).some((m) => m.subject.startsWith('Reminder:'));
    expect(await reminded(short.application.email)).toBe(false);
    expect(await reminded(done.application.email)).toBe(false);
    expect(await reminded(open.application.email)).toBe(true);
  });

  it('closes the link at the deadline (410), and an extension opens it again with a new reminder', async () => {
    const { team, application, token, ids } = await invitedOn('2026-05-04T09:00:00Z', { days: 3 });
    at('2026-05-07T09:00:01Z');
    // Issue 33 item 2: the first screen says the interview closed (410), with no Start or practice round.
    const state = await asCandidate(t.app, 'GET', token);
    expect(state.statusCode).toBe(410);
    expect(state.json().error.message).toMatch(
      /^This interview closed on 7 May 2026, 09:00 UTC, its deadline\. To ask about it, write to Ada Admin at /,
    );
    const late = await asCandidate(t.app, 'POST', `${token}/questions/${ids[1]}/answer`, {
      text: 'Sorry I am late',
    });
    expect(late.statusCode).toBe(410);
    expect(late.json().error.message).toBe(interviewMessages.closed('7 May 2026, 09:00 UTC'));
    expect((await asCandidate(t.app, 'POST', `${token}/questions/${ids[0]}/takes`)).statusCode).toBe(410);
    expect((await asCandidate(t.app, 'POST', `${token}/questions/${ids[0]}/start`)).statusCode).toBe(410);

    // The team extends by 4 days (the employer's session is made for "now").
    const manager = team.manager;
    const extended = await asMember(
      t.app,
      manager,
      'PATCH',
      `/api/job/${team.job.id}/application/${application.id}/interview`,
      { days: 4 },
    );
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().data).toMatchObject({
      state: 'invited',
      deadline: '2026-05-11T09:00:01.000Z',
      reminderSentAt: null,
    });
    const now = await asCandidate(t.app, 'POST', `${token}/questions/${ids[1]}/answer`, {
      text: 'Thank you!',
    });
    expect(now.statusCode).toBe(200);
    expect(await historyTitles(t.db, application.id)).toContain(
      'Interview deadline extended to 11 May 2026, 09:00 UTC',
    );
    at('2026-05-09T10:00:00Z');
    await remind();
    expect(
      (await emailsTo(t.db, application.email)).filter((m) => m.subject.startsWith('Reminder:')),
    ).toHaveLength(1);
  });

  it('re-opens one answered question: the answer leaves the set, the question starts afresh', async () => {
    const { team, application, token, ids } = await invitedOn('2026-06-01T09:00:00Z', { days: 5 });
    await asCandidate(t.app, 'POST', `${token}/questions/${ids[1]}/answer`, { text: 'First try' });
    const url = `/api/job/${team.job.id}/application/${application.id}/interview/questions/${ids[1]}/reopen`;
    expect((await asMember(t.app, team.viewer, 'POST', url)).statusCode).toBe(403);
    const reopened = await asMember(t.app, team.manager, 'POST', url);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().data.questions[1]).toMatchObject({ answer: null, reopenedAt: expect.any(String) });
    const q = (await asCandidate(t.app, 'GET', token)).json().data.questions[1];
    expect(q).toMatchObject({ status: 'new', answer: null });
    at('2026-06-01T09:06:00Z');
    await asCandidate(t.app, 'POST', `${token}/questions/${ids[1]}/start`);
    at('2026-06-01T09:07:30Z');
    const again = await asCandidate(t.app, 'POST', `${token}/questions/${ids[1]}/answer`, {
      text: 'Second try',
    });
    expect(again.json().data.answer.text).toBe('Second try');
    // The reviewers see how long the candidate took before answering (90 s here, on the fake clock).
    const seen = (
      await asMember(
        t.app,
        team.admin,
        'GET',
        `/api/job/${team.job.id}/application/${application.id}/interview`,
      )
    ).json().data;
    expect(seen.questions[1].answer.prepUsedSeconds).toBe(90);
    // Re-opening what is not answered says so.
    const notAnswered = await asMember(t.app, team.manager, 'POST', url.replace(ids[1]!, ids[2]!));
    expect(notAnswered.statusCode).toBe(409);
    expect(await historyTitles(t.db, application.id)).toEqual([
      expect.stringMatching(/^Interview invitation sent/),
      'Interview started',
      'Interview question 2 answered',
      'Interview question 2 re-opened',
      'Interview question 2 answered',
    ]);
  });

  it('validates deadlines with clear messages and refuses a second invitation', async () => {
    const team = await hiringTeam(t.db);
    vi.useFakeTimers({ toFake: ['Date'] });
    at('2026-07-01T09:00:00Z');
    await putInterview(t.app, team.admin, team.job.id, threeQuestions());
    const application = await createApplication(t.db, team.job);
    const cases: [unknown, string][] = [
      [{ days: 0 }, interviewMessages.daysRange],
      [{ days: 61 }, interviewMessages.daysRange],
      [{}, interviewMessages.deadlineOrDays],
      [{ deadline: '2026-06-30T09:00:00Z' }, interviewMessages.deadlineRange],
      [{ deadline: '2026-12-01T09:00:00Z' }, interviewMessages.deadlineRange],
      [{ deadline: 'next friday' }, interviewMessages.deadlineRange],
    ];
    for (const [payload, message] of cases) {
      const res = await invite(t.app, team.admin, team.job.id, application.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message, JSON.stringify(payload)).toBe(message);
    }
    expect(await emailsTo(t.db, application.email)).toHaveLength(0);
    const ok = await invite(t.app, team.admin, team.job.id, application.id, {
      deadline: '2026-07-10T17:00:00Z',
    });
    expect(ok.statusCode).toBe(201);
    const twice = await invite(t.app, team.admin, team.job.id, application.id, { days: 3 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(interviewMessages.alreadyInvited);
    const byViewer = await invite(
      t.app,
      team.viewer,
      team.job.id,
      (await createApplication(t.db, team.job)).id,
      { days: 3 },
    );
    expect(byViewer.statusCode).toBe(403);
  });

  it('answers 404 to another company on every candidate route', async () => {
    const { team, application, ids } = await invitedOn('2026-08-03T09:00:00Z', { days: 5 });
    vi.useRealTimers();
    const stranger = await outsider(t.db);
    const base = `/api/job/${team.job.id}/application/${application.id}/interview`;
    const answerId = '00000000-0000-4000-8000-000000000000';
    const calls: [Parameters<typeof asMember>[2], string, unknown?][] = [
      ['GET', base],
      ['PATCH', base, { days: 3 }],
      ['POST', `${base}/invite`, { days: 3 }],
      ['POST', `${base}/questions/${ids[0]}/reopen`],
      ['PUT', `${base}/answers/${answerId}/rating`, { stars: 5 }],
      ['POST', `${base}/shares`, { days: 3 }],
      ['GET', `${base}/shares`],
      ['GET', `/api/job/${team.job.id}/interview/questions/${ids[0]}/answers`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await asMember(t.app, stranger, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // The job's own company, through another company's job id, does not reach it either.
    const other = await hiringTeam(t.db);
    const crossed = await asMember(
      t.app,
      team.admin,
      'GET',
      `/api/job/${other.job.id}/application/${application.id}/interview`,
    );
    expect(crossed.statusCode).toBe(404);
  });
});

describe('the reminder schedule', () => {
  it('is registered with the queue when the process runs the jobs (every 15 minutes)', async () => {
    const worker = await createTestApp({ QUEUE_INPROCESS: 'true' });
    try {
      const rows = await worker.db.execute<{ name: string; key: string; cron: string }>(
        "select name, key, cron from pgboss.schedule where name = 'interview.reminders'",
      );
      expect(rows.rows ?? rows).toEqual([
        { name: 'interview.reminders', key: 'interview-reminders', cron: '*/15 * * * *' },
      ]);
    } finally {
      await worker.close();
    }
  });
});
