import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationHistory, applications } from '@hirecast/db/schema';
import { DEFAULT_LETTERS, fillLetter } from '@hirecast/domain/letters';
import { sendJobLetters } from '../../../src/modules/job-letters/service.ts';
import { applyBody, apply, emailsTo, openJob } from '../../support/apply-support.ts';
import { callAs } from '../../support/applicants-support.ts';
import { onPaidPlan } from '../../support/billing-support.ts';
import { createTestApp } from '../../support/helper.ts';

// Issue 7 item 4 and docs/decisions/013: the Early Bird letter to whoever applies to a pre-launch job, the Job
// Live letter to them (new or shortlisted) when it goes live, once each, through the queue with the company's
// texts. The jobs run in this process (QUEUE_INPROCESS), as in `npm start`.

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ QUEUE_INPROCESS: 'true' });
});
afterAll(() => t?.close());

type TSetup = Awaited<ReturnType<typeof openJob>>;
const admin = (s: TSetup) => ({ token: s.adminToken, companyId: s.company.id });

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const subjects = async (to: string) => (await emailsTo(t.db, to)).map((m) => m.subject).reverse();

async function applyAs(s: TSetup, firstName: string) {
  const body = applyBody({ firstName, lastName: 'Tester' });
  const res = await apply(t.app, s.job.shortId, body);
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.db
    .select()
    .from(applications)
    .where(and(eq(applications.jobId, s.job.id), eq(applications.email, body.email as string)));
  return { id: row!.id, email: body.email as string, name: `${firstName} Tester` };
}

const letterRows = (applicationId: string, kind: string) =>
  t.db
    .select()
    .from(applicationHistory)
    .where(
      and(
        eq(applicationHistory.applicationId, applicationId),
        sql`${applicationHistory.details}->>'letterKind' = ${kind}`,
      ),
    );

describe('Early Bird and Job Live letters', () => {
  let s: TSetup;
  let live: TSetup;
  const confirmation = () => `Your application for ${s.job.title} at ${s.company.name}`;
  const earlySubject = () => `Early news from ${s.company.name}`;
  const liveSubject = () =>
    fillLetter(
      DEFAULT_LETTERS.hiringNow.subject,
      { jobTitle: s.job.title, company: s.company.name },
      { html: false },
    );

  beforeAll(async () => {
    s = await openJob(t.db, { isHiringNow: false, isVideoOptional: true });
    live = await openJob(t.db, { isHiringNow: true, isVideoOptional: true });
    // The company's own Early Bird text (the Texts tab); Job Live keeps the default.
    const res = await callAs(t.app, admin(s), {
      method: 'PATCH',
      url: `/api/company/${s.company.id}`,
      payload: {
        letters: [
          {
            kind: 'hiringSoon',
            subject: 'Early news from {company}',
            text: 'Hi {candidateName}, {jobTitle} opens soon. We will write when it does.',
          },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
  });

  it('a candidate of a pre-launch job gets the Early Bird letter with the company text, recorded in the history', async () => {
    const ada = await applyAs(s, 'Ada');
    await until(
      () => subjects(ada.email),
      (list) => list.length === 2,
    );
    expect(await subjects(ada.email)).toEqual([confirmation(), earlySubject()]);
    const [mail] = await emailsTo(t.db, ada.email);
    expect(mail!.text).toContain(`Hi ${ada.name}, ${s.job.title} opens soon.`);

    const history = await callAs(t.app, admin(s), { url: `/api/history/application/${ada.id}` });
    expect(history.statusCode).toBe(200);
    expect(history.json().data).toContainEqual(
      expect.objectContaining({
        changedBy: 'Hirecast assistant',
        event: {
          eventName: 'message',
          details: { title: earlySubject(), text: expect.stringContaining('opens soon') },
          isLetterSent: true,
        },
      }),
    );
  });

  it('a candidate of a live job gets no Early Bird letter', async () => {
    const bob = await applyAs(live, 'Bob');
    // Ada's letter above took one queue round; give Bob's the same time and more.
    await new Promise((r) => setTimeout(r, 2500));
    expect((await emailsTo(t.db, bob.email)).map((m) => m.subject)).toEqual([
      `Your application for ${live.job.title} at ${live.company.name}`,
    ]);
    expect(await letterRows(bob.id, 'hiringSoon')).toEqual([]);
  });

  it('going live sends the Job Live letter once, to new and shortlisted candidates only', async () => {
    const [ada] = await t.db.select().from(applications).where(eq(applications.jobId, s.job.id));
    const cy = await applyAs(s, 'Cy');
    const dee = await applyAs(s, 'Dee');
    const eve = await applyAs(s, 'Eve');
    for (const c of [cy, dee, eve])
      await until(
        () => letterRows(c.id, 'hiringSoon'),
        (rows) => rows.length === 1,
      );
    // Cy is shortlisted, Dee rejected, Eve withdrew.
    const status = (id: string, value: string) =>
      callAs(t.app, admin(s), {
        method: 'PATCH',
        url: `/api/job/${s.job.id}/application/${id}/status`,
        payload: { data: { status: value } },
      });
    expect((await status(cy.id, 'shortlisted')).statusCode).toBe(200);
    expect((await status(dee.id, 'rejected')).statusCode).toBe(200);
    await t.db.update(applications).set({ status: 'withdrawn' }).where(eq(applications.id, eve.id));

    const res = await callAs(t.app, admin(s), {
      method: 'PATCH',
      url: `/api/job/${s.job.id}`,
      payload: { isHiringNow: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.isHiringNow).toBe(true);

    for (const c of [ada!.email, cy.email])
      await until(
        () => subjects(c),
        (list) => list.includes(liveSubject()),
      );
    expect(await subjects(ada!.email)).toEqual([confirmation(), earlySubject(), liveSubject()]);
    const [liveMail] = await emailsTo(t.db, cy.email);
    expect(liveMail!.text).toContain(`Dear ${cy.name},`);
    expect(liveMail!.text).toContain(`We are now hiring, and your application is with the team.`);
    expect(await letterRows(cy.id, 'hiringNow')).toMatchObject([
      { actorName: 'Hirecast assistant', eventName: 'message', isLetterSent: true },
    ]);
    for (const c of [dee, eve]) {
      expect(await subjects(c.email)).not.toContain(liveSubject());
      expect(await letterRows(c.id, 'hiringNow')).toEqual([]);
    }
  });

  it('never twice: back to pre-launch and live again, or the job run again, sends nothing more', async () => {
    const patchJob = (payload: unknown) =>
      callAs(t.app, admin(s), { method: 'PATCH', url: `/api/job/${s.job.id}`, payload });
    expect((await patchJob({ isHiringNow: false })).statusCode).toBe(200);
    expect((await patchJob({ isHiringNow: true })).statusCode).toBe(200);
    expect(await sendJobLetters(t.app.ctx, { jobId: s.job.id, kind: 'hiringNow' })).toEqual({ sent: 0 });
    await new Promise((r) => setTimeout(r, 2500));
    const all = await t.db.select().from(applications).where(eq(applications.jobId, s.job.id));
    expect(all).toHaveLength(4);
    for (const a of all) {
      // Ada (new) and Cy (shortlisted) once; Dee (rejected) and Eve (withdrawn) never.
      const once = a.status === 'new' || a.status === 'shortlisted' ? 1 : 0;
      expect(await letterRows(a.id, 'hiringNow')).toHaveLength(once);
      expect((await subjects(a.email)).filter((x) => x === liveSubject())).toHaveLength(once);
    }
    // Someone who applied while live gets neither letter.
    const late = await applyAs(s, 'Late');
    await new Promise((r) => setTimeout(r, 2500));
    expect(await subjects(late.email)).toEqual([confirmation()]);
  });

  it('a job published while live sends the Job Live letters then (the publish path)', async () => {
    const p = await openJob(t.db, { isHiringNow: false, isVideoOptional: true });
    await onPaidPlan(t.db, p.job.companyId, 1);
    const gus = await applyAs(p, 'Gus');
    await until(
      () => letterRows(gus.id, 'hiringSoon'),
      (rows) => rows.length === 1,
    );
    const call = (method: 'PATCH', url: string, payload: unknown) =>
      callAs(t.app, admin(p), { method, url, payload });
    expect((await call('PATCH', `/api/job/${p.job.id}/status`, { status: 'closed' })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/job/${p.job.id}`, { isHiringNow: true })).statusCode).toBe(200);
    // Closed: the role is not open, so no letter yet.
    expect(await sendJobLetters(t.app.ctx, { jobId: p.job.id, kind: 'hiringNow' })).toEqual({ sent: 0 });
    const opened = await call('PATCH', `/api/job/${p.job.id}/status`, {
      status: 'open',
      acknowledged: { firstJob: true },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    await until(
      () => letterRows(gus.id, 'hiringNow'),
      (rows) => rows.length === 1,
    );
  });

  it('a letter the mail service refuses is not recorded, and a retry sends it', async () => {
    const q = await openJob(t.db, { isHiringNow: false, isVideoOptional: true });
    const hal = await applyAs(q, 'Hal');
    await until(
      () => letterRows(hal.id, 'hiringSoon'),
      (rows) => rows.length === 1,
    );
    await t.db.execute(sql`update jobs set is_hiring_now = true where id = ${q.job.id}`);
    const failing = { ...t.app.ctx, mail: { send: async () => Promise.reject(new Error('SMTP down')) } };
    await expect(sendJobLetters(failing, { jobId: q.job.id, kind: 'hiringNow' })).rejects.toThrow(/not sent/);
    expect(await letterRows(hal.id, 'hiringNow')).toEqual([]);
    expect(await sendJobLetters(t.app.ctx, { jobId: q.job.id, kind: 'hiringNow' })).toEqual({ sent: 1 });
    expect(await letterRows(hal.id, 'hiringNow')).toHaveLength(1);
  });
});
