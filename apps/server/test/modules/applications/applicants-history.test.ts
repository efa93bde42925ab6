import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantMessages, ZHistoryItem, type THistoryItem } from '@hirecast/domain/applicants';
import { DEFAULT_LETTERS } from '@hirecast/domain/letters';
import type { TMailService } from '../../../src/lib/context.ts';
import { hashToken, newToken } from '../../../src/lib/tokens.ts';
import { createTestApp } from '../../support/helper.ts';
import { applicationRow, emailsTo } from '../../support/apply-support.ts';
import {
  callAs,
  createApplication,
  hiringTeam,
  outsider,
  type TMember,
} from '../../support/applicants-support.ts';

// spec 2 §7 send/letter and History: letters for earlier events, replies to the candidate, the history with who
// did what (members, the candidate), and what is recorded when the mail service fails.
let t: Awaited<ReturnType<typeof createTestApp>>;
let team: Awaited<ReturnType<typeof hiringTeam>>;
beforeAll(async () => {
  t = await createTestApp();
  team = await hiringTeam(t.db);
});
afterAll(() => t.close());

const appUrl = (id: string, suffix = '') => `/api/job/${team.job.id}/application/${id}${suffix}`;
const setStatus = (member: TMember, id: string, status: string) =>
  callAs(t.app, member, { method: 'PATCH', url: appUrl(id, '/status'), payload: { data: { status } } });
async function history(id: string, member: TMember = team.viewer): Promise<THistoryItem[]> {
  const res = await callAs(t.app, member, { url: `/api/history/application/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return ZHistoryItem.array().parse(res.json().data);
}
const newApplicant = (overrides: Parameters<typeof createApplication>[2] = {}) =>
  createApplication(t.db, team.job, overrides);

describe('PATCH /api/job/:jobId/application/:id/send/letter', () => {
  it("sends the letter of an earlier status change without changing the status, as a 'message'", async () => {
    const a = await newApplicant({ firstName: 'Mary', lastName: 'Jackson' });
    await setStatus(team.manager, a.id, 'interviewing');
    const [event] = await history(a.id);
    const res = await callAs(t.app, team.manager, {
      method: 'PATCH',
      url: appUrl(a.id, '/send/letter'),
      payload: { eventId: event!._id, text: DEFAULT_LETTERS.connection.text },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      changedBy: 'Max Manager',
      event: { eventName: 'message', isLetterSent: true, details: { status: 'interviewing' } },
    });
    const [email] = await emailsTo(t.db, a.email);
    expect(email!.subject).toBe("Let's arrange an interview for Barista");
    expect(email!.text).toContain('Dear Mary Jackson,');
    expect((await applicationRow(t.db, a.id))!.status).toBe('interviewing');
    expect((await history(a.id)).map((h) => h.event.eventName)).toEqual(['message', 'statusChanged']);
  });

  it('answers 404 for an event of another application, 403 to viewers, 400 without text', async () => {
    const a = await newApplicant();
    const b = await newApplicant();
    await setStatus(team.admin, b.id, 'shortlisted');
    const [eventOfB] = await history(b.id);
    const call = (member: TMember, payload: unknown) =>
      callAs(t.app, member, { method: 'PATCH', url: appUrl(a.id, '/send/letter'), payload });
    expect((await call(team.admin, { eventId: eventOfB!._id, text: 'Hi' })).statusCode).toBe(404);
    expect((await call(team.admin, { eventId: 'nope', text: 'Hi' })).statusCode).toBe(404);
    expect((await call(team.viewer, { eventId: eventOfB!._id, text: 'Hi' })).statusCode).toBe(403);
    expect((await call(team.admin, { eventId: eventOfB!._id })).statusCode).toBe(400);
    expect(await emailsTo(t.db, a.email)).toEqual([]);
  });
});

describe('History (spec 2 §7)', () => {
  it('replies to the candidate and records the communication; lists newest first to any role', async () => {
    const a = await newApplicant({ firstName: 'Annie', lastName: 'Easley' });
    await setStatus(team.admin, a.id, 'shortlisted');
    const res = await callAs(t.app, team.manager, {
      method: 'POST',
      url: `/api/history/application/${a.id}/communication`,
      payload: { text: 'Dear {candidateName},\n\nCould you start on Monday?' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      changedBy: 'Max Manager',
      event: { eventName: 'communication', isLetterSent: true },
    });
    const [email] = await emailsTo(t.db, a.email);
    expect(email!.subject).toBe(`About your application for Barista at ${team.company.name}`);
    expect(email!.text).toContain('Dear Annie Easley,\n\nCould you start on Monday?');
    const items = await history(a.id, team.viewer);
    expect(items.map((i) => [i.event.eventName, i.changedBy])).toEqual([
      ['communication', 'Max Manager'],
      ['statusChanged', 'Ada Admin'],
    ]);
  });

  it('refuses viewers a reply, answers 404 to other companies, 400 to an empty text', async () => {
    const a = await newApplicant();
    const url = `/api/history/application/${a.id}/communication`;
    expect(
      (await callAs(t.app, team.viewer, { method: 'POST', url, payload: { text: 'Hi' } })).statusCode,
    ).toBe(403);
    expect(
      (await callAs(t.app, team.admin, { method: 'POST', url, payload: { text: ' ' } })).statusCode,
    ).toBe(400);
    const stranger = await outsider(t.db);
    expect((await callAs(t.app, stranger, { method: 'POST', url, payload: { text: 'Hi' } })).statusCode).toBe(
      404,
    );
    expect((await callAs(t.app, stranger, { url: `/api/history/application/${a.id}` })).statusCode).toBe(404);
    expect(await emailsTo(t.db, a.email)).toEqual([]);
  });

  it("records the candidate's own withdrawal as done by 'Candidate'", async () => {
    const token = newToken();
    const a = await newApplicant({ manageTokenHash: hashToken(token) });
    const res = await t.app.inject({ method: 'POST', url: `/api/public/application/${token}/withdraw` });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/public/application/${token}/withdraw` });
    expect(await history(a.id)).toMatchObject([
      { changedBy: 'Candidate', event: { eventName: 'statusChanged', details: { status: 'withdrawn' } } },
    ]);
  });
});

describe('when the mail service fails', () => {
  it('keeps the status change, records that no letter went, and lets send/letter send it later', async () => {
    const a = await newApplicant({ firstName: 'Hedy', lastName: 'Lamarr' });
    const mail = t.app.ctx.mail;
    const failing: TMailService = {
      send: async () => {
        throw new Error('SMTP is down');
      },
    };
    t.app.ctx.mail = failing;
    let res;
    try {
      res = await callAs(t.app, team.admin, {
        method: 'PATCH',
        url: appUrl(a.id, '/send'),
        payload: { status: 'shortlisted', text: DEFAULT_LETTERS.shortlist.text },
      });
    } finally {
      t.app.ctx.mail = mail;
    }
    // 502 MAIL_FAILED: the status did change; the message says so, and nothing of the mail server's error.
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toEqual({ code: 'MAIL_FAILED', message: applicantMessages.letterNotSent });
    expect(res.body).not.toContain('SMTP');
    expect((await applicationRow(t.db, a.id))!.status).toBe('shortlisted');
    const [event] = await history(a.id);
    expect(event!.event).toMatchObject({ eventName: 'statusChanged', isLetterSent: false });

    const later = await callAs(t.app, team.admin, {
      method: 'PATCH',
      url: appUrl(a.id, '/send/letter'),
      payload: { eventId: event!._id, text: DEFAULT_LETTERS.shortlist.text },
    });
    expect(later.statusCode, later.body).toBe(200);
    const [email] = await emailsTo(t.db, a.email);
    expect(email!.subject).toBe(`You've been shortlisted for Barista at ${team.company.name}`);
  });
});
