import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyLetters, users } from '@hirecast/db/schema';
import { createJob } from '@hirecast/db/factories';
import { applicantMessages, ZHistoryItem, type THistoryItem } from '@hirecast/domain/applicants';
import { DEFAULT_LETTERS } from '@hirecast/domain/letters';
import { createTestApp } from '../../support/helper.ts';
import { applicationRow, emailsTo } from '../../support/apply-support.ts';
import {
  callAs,
  createApplication,
  hiringTeam,
  outsider,
  type TMember,
} from '../../support/applicants-support.ts';

// spec 2 §4 Changing status, §6 roles, §7 status / send / send-reengaging: the server refuses what the rules
// forbid, every change and email lands in the history with who did it, and letters are filled and escaped.
let t: Awaited<ReturnType<typeof createTestApp>>;
let team: Awaited<ReturnType<typeof hiringTeam>>;
beforeAll(async () => {
  t = await createTestApp();
  team = await hiringTeam(t.db);
});
afterAll(() => t.close());

const appUrl = (id: string, suffix = '', jobId = team.job.id) =>
  `/api/job/${jobId}/application/${id}${suffix}`;
const setStatus = (member: TMember, id: string, status: string, jobId?: string) =>
  callAs(t.app, member, {
    method: 'PATCH',
    url: appUrl(id, '/status', jobId),
    payload: { data: { status } },
  });
const send = (member: TMember, id: string, payload: Record<string, unknown>) =>
  callAs(t.app, member, { method: 'PATCH', url: appUrl(id, '/send'), payload });
async function history(id: string, member: TMember = team.viewer): Promise<THistoryItem[]> {
  const res = await callAs(t.app, member, { url: `/api/history/application/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return ZHistoryItem.array().parse(res.json().data);
}
const newApplicant = (overrides: Parameters<typeof createApplication>[2] = {}) =>
  createApplication(t.db, team.job, overrides);

describe('PATCH /api/job/:jobId/application/:id/status', () => {
  it('changes the status and records who did it, without an email', async () => {
    const a = await newApplicant();
    const res = await setStatus(team.manager, a.id, 'shortlisted');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ _id: a.id, status: 'shortlisted', isEmailSent: false });
    expect((await applicationRow(t.db, a.id))!.status).toBe('shortlisted');
    const [item] = await history(a.id);
    expect(item).toMatchObject({
      changedBy: 'Max Manager',
      event: { eventName: 'statusChanged', details: { status: 'shortlisted' }, isLetterSent: false },
    });
    expect(await emailsTo(t.db, a.email)).toEqual([]);
  });

  it('refuses the current status and withdrawn with 400, and changes nothing', async () => {
    const a = await newApplicant({ status: 'interviewing' });
    for (const status of ['interviewing', 'withdrawn']) {
      const res = await setStatus(team.admin, a.id, status);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(applicantMessages.statusNotAllowed);
    }
    expect((await applicationRow(t.db, a.id))!.status).toBe('interviewing');
    expect(await history(a.id)).toEqual([]);
  });

  it('refuses viewers with 403 and the spec message', async () => {
    const a = await newApplicant();
    const res = await setStatus(team.viewer, a.id, 'hired');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(applicantMessages.viewerCannotAct);
    expect((await applicationRow(t.db, a.id))!.status).toBe('new');
  });

  it('answers 404 for another company, another job of the company, and ids that cannot exist', async () => {
    const a = await newApplicant();
    const stranger = await outsider(t.db);
    expect((await setStatus(stranger, a.id, 'hired')).statusCode).toBe(404);
    const otherJob = await createJob(t.db, { companyId: team.company.id });
    expect((await setStatus(team.admin, a.id, 'hired', otherJob.id)).statusCode).toBe(404);
    expect((await setStatus(team.admin, 'nope', 'hired')).statusCode).toBe(404);
    expect((await applicationRow(t.db, a.id))!.status).toBe('new');
  });

  it('refuses bad bodies with 400', async () => {
    const a = await newApplicant();
    for (const payload of [{ data: { status: 'maybe' } }, { status: 'hired' }, {}]) {
      const res = await callAs(t.app, team.admin, { method: 'PATCH', url: appUrl(a.id, '/status'), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('PATCH /api/job/:jobId/application/:id/send', () => {
  it('changes the status and emails the filled letter, escaping the candidate name', async () => {
    const a = await newApplicant({ firstName: '<b>x</b>', lastName: 'Smith' });
    const res = await send(team.admin, a.id, { status: 'rejected', text: DEFAULT_LETTERS.rejection.text });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', isEmailSent: true });

    const [email] = await emailsTo(t.db, a.email);
    expect(email!.subject).toBe(`An update on your application for Barista at ${team.company.name}`);
    expect(email!.html).toContain('Dear &lt;b&gt;x&lt;/b&gt; Smith,');
    expect(email!.html).not.toContain('<b>x</b>');
    expect(email!.text).toContain('Dear <b>x</b> Smith,');
    expect(email!.text).toContain(`Kind regards,\nAda Admin\n${team.company.name}`);
    expect(email!.text).not.toMatch(/\{\w+\}/);

    const [item] = await history(a.id);
    expect(item).toMatchObject({
      changedBy: 'Ada Admin',
      event: {
        eventName: 'statusChanged',
        isLetterSent: true,
        details: { status: 'rejected', title: email!.subject },
      },
    });
    expect(item!.event.details.text).toContain('Dear <b>x</b> Smith,');
  });

  it("uses the sender's subject, or the company's own letter subject over the default", async () => {
    await t.db.insert(companyLetters).values({
      companyId: team.company.id,
      kind: 'shortlist',
      subject: 'Shortlisted at {company}, {candidateName}!',
      text: 'Dear {candidateName}, yes.',
    });
    const a = await newApplicant({ firstName: 'Joan', lastName: 'Clarke' });
    expect(
      (await send(team.manager, a.id, { status: 'shortlisted', text: 'Hello {candidateName}' })).statusCode,
    ).toBe(200);
    const b = await newApplicant();
    await send(team.manager, b.id, { status: 'shortlisted', text: 'Hello', subject: 'About {jobTitle}' });
    expect((await emailsTo(t.db, a.email))[0]!.subject).toBe(
      `Shortlisted at ${team.company.name}, Joan Clarke!`,
    );
    expect((await emailsTo(t.db, a.email))[0]!.text).toContain('Hello Joan Clarke');
    expect((await emailsTo(t.db, b.email))[0]!.subject).toBe('About Barista');
  });

  it("appends the sender's calendar link only when asked, and only an https one", async () => {
    await t.db
      .update(users)
      .set({ calendarLink: 'https://calendly.com/max-manager' })
      .where(eq(users.id, team.manager.user.id));
    const asked = await newApplicant();
    const notAsked = await newApplicant();
    const text = DEFAULT_LETTERS.connection.text;
    await send(team.manager, asked.id, { status: 'interviewing', text, isIncludeCalendarLink: true });
    await send(team.manager, notAsked.id, { status: 'interviewing', text });
    const [withLink] = await emailsTo(t.db, asked.email);
    expect(withLink!.html).toContain('href="https://calendly.com/max-manager"');
    expect(withLink!.text).toContain('https://calendly.com/max-manager');
    expect((await history(asked.id))[0]!.event.details.text).toContain('https://calendly.com/max-manager');
    expect((await emailsTo(t.db, notAsked.email))[0]!.html).not.toContain('calendly');

    await t.db
      .update(users)
      .set({ calendarLink: 'javascript:alert(1)' })
      .where(eq(users.id, team.manager.user.id));
    const unsafe = await newApplicant();
    await send(team.manager, unsafe.id, { status: 'interviewing', text, isIncludeCalendarLink: true });
    expect((await emailsTo(t.db, unsafe.email))[0]!.html).not.toContain('javascript:');
  });

  it('sends nothing when the change is refused, to a viewer, or with an empty text', async () => {
    const a = await newApplicant({ status: 'hired' });
    const refused = await send(team.admin, a.id, { status: 'hired', text: 'Congratulations' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(applicantMessages.statusNotAllowed);
    const viewer = await send(team.viewer, a.id, { status: 'rejected', text: 'Sorry' });
    expect(viewer.statusCode).toBe(403);
    expect((await send(team.admin, a.id, { status: 'rejected', text: '   ' })).statusCode).toBe(400);
    expect((await send(await outsider(t.db), a.id, { status: 'rejected', text: 'x' })).statusCode).toBe(404);
    expect(await emailsTo(t.db, a.email)).toEqual([]);
    expect(await history(a.id)).toEqual([]);
  });
});

describe('POST /api/job/:jobId/application/send-reengaging', () => {
  it("emails each chosen applicant of the job, ignoring other jobs' ids and withdrawn candidates", async () => {
    const chosen = [await newApplicant({ firstName: 'Dorothy' }), await newApplicant({ firstName: 'Hedy' })];
    const notChosen = await newApplicant();
    const withdrawn = await newApplicant({ status: 'withdrawn' });
    const otherJob = await createJob(t.db, { companyId: team.company.id });
    const elsewhere = await createApplication(t.db, otherJob);
    const res = await callAs(t.app, team.manager, {
      method: 'POST',
      url: `/api/job/${team.job.id}/application/send-reengaging`,
      payload: {
        subject: 'Still interested in {jobTitle}?',
        text: DEFAULT_LETTERS.reengaging.text,
        applicationIds: [...chosen.map((a) => a.id), withdrawn.id, elsewhere.id, 'nope'],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ sent: 2 });
    for (const a of chosen) {
      const [email] = await emailsTo(t.db, a.email);
      expect(email!.subject).toBe('Still interested in Barista?');
      expect(email!.text).toContain(`Dear ${a.firstName} Hopper,`);
      expect((await history(a.id))[0]).toMatchObject({
        changedBy: 'Max Manager',
        event: { eventName: 'message', isLetterSent: true },
      });
    }
    for (const a of [notChosen, withdrawn, elsewhere]) expect(await emailsTo(t.db, a.email)).toEqual([]);
  });

  it('refuses viewers, other companies and bad bodies', async () => {
    const a = await newApplicant();
    const body = { subject: 'Hi', text: 'Hello', applicationIds: [a.id] };
    const url = `/api/job/${team.job.id}/application/send-reengaging`;
    expect((await callAs(t.app, team.viewer, { method: 'POST', url, payload: body })).statusCode).toBe(403);
    expect(
      (await callAs(t.app, await outsider(t.db), { method: 'POST', url, payload: body })).statusCode,
    ).toBe(404);
    for (const payload of [
      { ...body, applicationIds: [] },
      { ...body, subject: '' },
      { text: 'x', applicationIds: [a.id] },
    ])
      expect((await callAs(t.app, team.admin, { method: 'POST', url, payload })).statusCode).toBe(400);
    expect(await emailsTo(t.db, a.email)).toEqual([]);
  });
});
