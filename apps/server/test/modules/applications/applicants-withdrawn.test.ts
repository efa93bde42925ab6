import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantMessages, ZHistoryItem } from '@hirecast/domain/applicants';
import { DEFAULT_LETTERS } from '@hirecast/domain/letters';
import { hashToken, newToken } from '../../../src/lib/tokens.ts';
import { applicationRow, emailsTo } from '../../support/apply-support.ts';
import { callAs, createApplication, hiringTeam, type TMember } from '../../support/applicants-support.ts';
import { createTestApp } from '../../support/helper.ts';

// A candidate's withdrawal through their private link ("You cannot undo this") is final for the employer: no
// status change brings the application back, and nothing is emailed to a person who withdrew.
let t: Awaited<ReturnType<typeof createTestApp>>;
let team: Awaited<ReturnType<typeof hiringTeam>>;
beforeAll(async () => {
  t = await createTestApp();
  team = await hiringTeam(t.db);
});
afterAll(() => t.close());

const appUrl = (id: string, suffix = '') => `/api/job/${team.job.id}/application/${id}${suffix}`;
const patch = (member: TMember, url: string, payload: object) =>
  callAs(t.app, member, { method: 'PATCH', url, payload });

/** An application the candidate withdrew through their link, after the team shortlisted it without a letter. */
async function withdrawnApplication() {
  const token = newToken();
  const a = await createApplication(t.db, team.job, { manageTokenHash: hashToken(token) });
  expect(
    (await patch(team.manager, appUrl(a.id, '/status'), { data: { status: 'shortlisted' } })).statusCode,
  ).toBe(200);
  const withdrawn = await t.app.inject({ method: 'POST', url: `/api/public/application/${token}/withdraw` });
  expect(withdrawn.statusCode, withdrawn.body).toBe(200);
  expect(withdrawn.json().data.status).toBe('withdrawn');
  const history = await callAs(t.app, team.admin, { url: `/api/history/application/${a.id}` });
  const items = ZHistoryItem.array().parse(history.json().data);
  const shortlisted = items.find((item) => item.event.details.status === 'shortlisted')!;
  return { a, token, shortlistedEventId: shortlisted._id, historyLength: items.length };
}

describe('a withdrawn application is final for the employer', () => {
  it('refuses every status change with 403 and the message, and the candidate still sees Withdrawn', async () => {
    const { a, token, historyLength } = await withdrawnApplication();
    for (const status of ['new', 'shortlisted', 'interviewing', 'hired', 'rejected']) {
      const res = await patch(team.admin, appUrl(a.id, '/status'), { data: { status } });
      expect(res.statusCode, status).toBe(403);
      expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: applicantMessages.withdrawnIsFinal });
    }
    expect((await applicationRow(t.db, a.id))!.status).toBe('withdrawn');
    const mine = await t.app.inject({ url: `/api/public/application/${token}` });
    expect(mine.json().data.status).toBe('withdrawn');
    const history = await callAs(t.app, team.admin, { url: `/api/history/application/${a.id}` });
    expect(history.json().data).toHaveLength(historyLength);
  });

  it('sends no status letter, no letter of an earlier event and no reply, each with 403', async () => {
    const { a, shortlistedEventId, historyLength } = await withdrawnApplication();
    const text = DEFAULT_LETTERS.connection.text;
    const calls = [
      () => patch(team.manager, appUrl(a.id, '/send'), { status: 'interviewing', text }),
      () => patch(team.manager, appUrl(a.id, '/send'), { status: 'hired', text: 'Welcome' }),
      () => patch(team.manager, appUrl(a.id, '/send/letter'), { eventId: shortlistedEventId, text: 'Hello' }),
      () =>
        callAs(t.app, team.manager, {
          method: 'POST',
          url: `/api/history/application/${a.id}/communication`,
          payload: { text: 'Are you sure?' },
        }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.message).toBe(applicantMessages.withdrawnIsFinal);
    }
    expect(await emailsTo(t.db, a.email)).toEqual([]);
    expect((await applicationRow(t.db, a.id))!.status).toBe('withdrawn');
    const history = await callAs(t.app, team.admin, { url: `/api/history/application/${a.id}` });
    expect(history.json().data).toHaveLength(historyLength);
  });

  it('a viewer still gets the viewer message first', async () => {
    const { a } = await withdrawnApplication();
    const res = await patch(team.viewer, appUrl(a.id, '/status'), { data: { status: 'new' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(applicantMessages.viewerCannotAct);
  });
});
