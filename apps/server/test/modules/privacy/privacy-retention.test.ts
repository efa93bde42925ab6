import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  applicationConsents,
  applicationHistory,
  applicationNotes,
  applications,
  companyPrivacySettings,
  outboxEmails,
  privacyAuditEvents,
} from '@hirecast/db/schema';
import type { TDb } from '@hirecast/db/client';
import { applyMessages } from '@hirecast/domain/application';
import { privacyMessages } from '@hirecast/domain/privacy';
import { runNightly } from '../../../src/modules/privacy/retention.ts';
import { registerPrivacyJobs } from '../../../src/modules/privacy/index.ts';
import { createTestApp } from '../../support/helper.ts';
import { callAs } from '../../support/applicants-support.ts';
import { openJob } from '../../support/apply-support.ts';
import { candidate, listStorage, setTimeZone } from '../../support/privacy-support.ts';
import { siteDataOf, titleOf } from '../../support/site-support.ts';
import { startS3rver } from '../../support/s3rver-support.ts';

// Issue 26 items 1–2 with a fake clock (Date only: the database writes its own rows at the real time, which is
// before every faked instant here): the warning 14 days before, the one-click renewal, anonymise and delete with
// no file of the candidate left in storage (local disk and the S3 test server), hires, legal holds, and the
// nightly run in a company's own time zone. The storage tests hand the run its clock instead: a faked Date would
// sign S3 requests months off, which an S3 server refuses (RequestTimeTooSkewed), as the real one would.

const T0 = Date.now();
/** Midday UTC (afternoon in London) of the day `months` and `days` after the applications were made. */
function at(months: number, days = 0, utcHour = 12) {
  const d = new Date(T0);
  d.setUTCMonth(d.getUTCMonth() + months);
  d.setUTCDate(d.getUTCDate() + days);
  d.setUTCHours(utcHour, 0, 0, 0);
  return d;
}
const clockAt = (d: Date) => vi.setSystemTime(d);

afterEach(() => vi.useRealTimers());

const emailsOf = (t: { db: TDb }, to: string) =>
  t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));

for (const driver of ['local', 's3'] as const) {
  describe(`retention on ${driver} storage`, () => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    let s3: Awaited<ReturnType<typeof startS3rver>> | undefined;
    beforeAll(async () => {
      s3 = driver === 's3' ? await startS3rver() : undefined;
      t = await createTestApp({ RATE_LIMIT_DISABLED: 'true', ...s3?.env });
    });
    afterAll(async () => {
      await t.close();
      await s3?.close();
    });

    it('warns 14 days before, then anonymises: status, dates, job and source stay; no file of theirs is left', async () => {
      const { job, company, adminToken } = await openJob(t.db);
      const admin = { token: adminToken, companyId: company.id };
      const grace = await candidate(t.app, t.db, job, { firstName: 'Grace', lastName: 'Hopper' });
      const other = await candidate(t.app, t.db, job, { firstName: 'Alan', lastName: 'Turing' });
      const base = `/api/job/${job.id}/application/${grace.id}`;
      expect((await callAs(t.app, admin, { url: `/api/job/candidate/${grace.id}` })).statusCode).toBe(200);
      const note = await callAs(t.app, admin, {
        method: 'POST',
        url: `${base}/note`,
        payload: { text: 'Grace Hopper was great; ask grace hopper about COBOL. Alan was not here.' },
      });
      expect(note.statusCode).toBe(201);
      const rejected = await callAs(t.app, admin, {
        method: 'PATCH',
        url: `${base}/status`,
        payload: { data: { status: 'rejected' } },
      });
      expect(rejected.statusCode).toBe(200);
      const before = (await t.db.select().from(applications).where(eq(applications.id, grace.id)))[0]!;
      // The CV and the video's stored files (the original upload; renditions once processed).
      const stored = await listStorage(t.config);
      grace.keys = grace.keys.filter((k) => stored.includes(k));
      other.keys = other.keys.filter((k) => stored.includes(k));
      expect(grace.keys).toContain(grace.cvKey);
      expect(grace.keys.length).toBeGreaterThanOrEqual(2);
      expect(other.keys.length).toBeGreaterThanOrEqual(2);

      await runNightly(t.app.ctx, at(6, -16));
      expect(await emailsOf(t, grace.email)).toHaveLength(1); // only the confirmation

      await runNightly(t.app.ctx, at(6, -13));
      const warning = (await emailsOf(t, grace.email)).find((e) => e.subject.includes('will be removed'));
      expect(warning?.text).toMatch(/Keep my application: http:\/\/localhost:3000\/keep\/[\w-]{43}/);
      expect(warning?.applicationId).toBe(grace.id);
      // The other candidate is open, under the 12-month rule: nothing yet.
      expect((await emailsOf(t, other.email)).map((e) => e.subject)).not.toContainEqual(
        expect.stringContaining('will be removed'),
      );

      await runNightly(t.app.ctx, at(6, 0)); // due, but the warning is not 14 days old yet
      expect(
        (await t.db.select().from(applications).where(eq(applications.id, grace.id)))[0]!.firstName,
      ).toBe('Grace');

      await runNightly(t.app.ctx, at(6, 2));
      const [after] = await t.db.select().from(applications).where(eq(applications.id, grace.id));
      expect(after).toMatchObject({
        status: 'rejected',
        jobId: job.id,
        companyId: company.id,
        sentAt: before.sentAt,
        utmSource: before.utmSource,
        firstName: 'Anonymised',
        lastName: 'candidate',
        email: `anonymised-${grace.id}@anonymised.invalid`,
        cvKey: null,
        cvFileName: null,
        videoAssetId: null,
        experience: [],
        education: [],
        customQuestion: null,
      });
      const [scrubbed] = await t.db
        .select()
        .from(applicationNotes)
        .where(eq(applicationNotes.applicationId, grace.id));
      expect(scrubbed!.text).toBe('[candidate] was great; ask [candidate] about COBOL. Alan was not here.');
      expect(await emailsOf(t, grace.email)).toEqual([]);
      const audit = await t.db
        .select()
        .from(privacyAuditEvents)
        .where(eq(privacyAuditEvents.applicationId, grace.id));
      expect(audit.map((e) => e.action).sort()).toEqual(['erasure', 'status_change', 'view']);
      expect(audit.every((e) => e.subjectName === null && e.subjectEmail === null)).toBe(true);
      expect(audit.find((e) => e.action === 'erasure')).toMatchObject({
        actorName: 'Retention rule',
        details: { mode: 'anonymise' },
      });

      const left = await listStorage(t.config);
      for (const key of grace.keys) expect(left).not.toContain(key);
      for (const key of other.keys) expect(left).toContain(key);
      const link = await t.app.inject({ method: 'GET', url: `/api/public/application/${grace.token}` });
      expect(link.json()).toEqual({ error: { code: 'NOT_FOUND', message: applyMessages.linkInvalid404 } });
    });

    it('deletes when the company chose delete: the row, its history and every file go', async () => {
      const { job, company, adminToken } = await openJob(t.db);
      const admin = { token: adminToken, companyId: company.id };
      const saved = await callAs(t.app, admin, {
        method: 'PUT',
        url: '/api/privacy/settings',
        payload: {
          rejectedMonths: 1,
          inactiveMonths: 12,
          hiredMonths: 24,
          rejectedAction: 'delete',
          inactiveAction: 'delete',
          hiredAction: 'delete',
          privacyPolicyUrl: '',
        },
      });
      expect(saved.statusCode).toBe(200);
      const ada = await candidate(t.app, t.db, job);
      const other = await candidate(t.app, t.db, job);
      const stored = await listStorage(t.config);
      ada.keys = ada.keys.filter((k) => stored.includes(k));
      other.keys = other.keys.filter((k) => stored.includes(k));
      expect(ada.keys.length).toBeGreaterThanOrEqual(2);
      await callAs(t.app, admin, {
        method: 'PATCH',
        url: `/api/job/${job.id}/application/${ada.id}/status`,
        payload: { data: { status: 'rejected' } },
      });
      await runNightly(t.app.ctx, at(1, -13));
      await runNightly(t.app.ctx, at(1, 2));
      expect(await t.db.select().from(applications).where(eq(applications.id, ada.id))).toEqual([]);
      expect(
        await t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, ada.id)),
      ).toEqual([]);
      const [erasure] = await t.db
        .select()
        .from(privacyAuditEvents)
        .where(and(eq(privacyAuditEvents.companyId, company.id), eq(privacyAuditEvents.action, 'erasure')));
      expect(erasure).toMatchObject({ applicationId: null, subjectName: null, details: { mode: 'delete' } });
      const left = await listStorage(t.config);
      for (const key of ada.keys) expect(left).not.toContain(key);
      for (const key of other.keys) expect(left).toContain(key);
      expect((await t.db.select().from(applications).where(eq(applications.id, other.id))).length).toBe(1);
    });
  });
}

describe('renewal, hires, holds and the nightly schedule', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
  });
  afterAll(() => t.close());

  const reject = (
    admin: { token: string; companyId: string },
    jobId: string,
    id: string,
    status = 'rejected',
  ) =>
    callAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/job/${jobId}/application/${id}/status`,
      payload: { data: { status } },
    });
  const row = async (id: string) =>
    (await t.db.select().from(applications).where(eq(applications.id, id)))[0];

  it('"Keep my application" renews consent for the rule\'s months, recorded in history; opened again it says until when', async () => {
    const { job, company, adminToken } = await openJob(t.db);
    const admin = { token: adminToken, companyId: company.id };
    const c = await candidate(t.app, t.db, job);
    expect((await reject(admin, job.id, c.id)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    clockAt(at(6, -13));
    await runNightly(t.app.ctx);
    const warning = (await emailsOf(t, c.email)).find((e) => e.subject.includes('will be removed'))!;
    const keepToken = /\/keep\/([\w-]{43})/.exec(warning.text)![1]!;

    const keptAt = at(6, -10);
    clockAt(keptAt);
    const page = await t.app.inject({ method: 'GET', url: `/keep/${keepToken}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const untilDay = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/London',
    }).format(new Date(new Date(keptAt).setUTCMonth(keptAt.getUTCMonth() + 6)));
    expect(titleOf(page.body)).toBe('Thank you, your application is kept | Hirecast');
    expect(page.body).toContain(`${company.name} will keep your application until ${untilDay}.`);
    // Issue 33 item 7: the candidate site's page, in the company's frame.
    expect(siteDataOf(page.body)).toMatchObject({
      kind: 'keep',
      brand: { name: company.name },
      outcome: { state: 'kept', untilDay },
    });
    // Opened again (a double click, a mail scanner that followed the link first): kept already, until when,
    // and nothing renewed twice.
    clockAt(at(6, -9));
    const second = await t.app.inject({ method: 'GET', url: `/keep/${keepToken}` });
    expect(second.statusCode).toBe(200);
    expect(titleOf(second.body)).toBe('Your application is already kept | Hirecast');
    expect(second.body).toContain(`Your application is already kept until ${untilDay}.`);
    expect(second.body).not.toContain('expired');
    const again = await t.app.inject({ method: 'POST', url: `/api/public/keep/${keepToken}` });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ companyName: company.name, months: 6, alreadyKept: true });
    const unknown = await t.app.inject({ method: 'GET', url: `/keep/${'k'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain(privacyMessages.keepLinkInvalid);
    expect(
      await t.db.select().from(applicationConsents).where(eq(applicationConsents.applicationId, c.id)),
    ).toHaveLength(1);
    const [consent] = await t.db
      .select()
      .from(applicationConsents)
      .where(eq(applicationConsents.applicationId, c.id));
    // The rule's 6 months from the day it was kept, by the calendar; not at(12, -10), as months differ in length
    // (kept on 2027-05-22, it runs to 2027-11-22, while 10 days before 2027-12-01 is 2027-11-21).
    const until = new Date(keptAt);
    until.setUTCMonth(until.getUTCMonth() + 6);
    expect(consent).toMatchObject({ kind: 'renewed', until });
    const history = await t.db
      .select()
      .from(applicationHistory)
      .where(eq(applicationHistory.applicationId, c.id));
    expect(
      history.filter((h) => h.details.title === 'Candidate asked to keep their application'),
    ).toHaveLength(1);

    // Past the first date: kept, and not warned again until 14 days before the renewed period ends.
    clockAt(at(6, 5));
    await runNightly(t.app.ctx);
    expect((await row(c.id))!.firstName).toBe('Grace');
    expect((await emailsOf(t, c.email)).filter((e) => e.subject.includes('will be removed'))).toHaveLength(1);
    clockAt(at(12, -20));
    await runNightly(t.app.ctx);
    expect((await emailsOf(t, c.email)).filter((e) => e.subject.includes('will be removed'))).toHaveLength(2);
  });

  it('hires follow their own rule (24 months by default)', async () => {
    const { job, company, adminToken } = await openJob(t.db);
    const admin = { token: adminToken, companyId: company.id };
    const hired = await candidate(t.app, t.db, job);
    const rejected = await candidate(t.app, t.db, job);
    await reject(admin, job.id, hired.id, 'hired');
    await reject(admin, job.id, rejected.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    for (const d of [at(6, -13), at(6, 2), at(13, 0)]) {
      clockAt(d);
      await runNightly(t.app.ctx);
    }
    expect((await row(rejected.id))!.firstName).toBe('Anonymised');
    expect((await row(hired.id))!.firstName).toBe('Grace');
    expect((await emailsOf(t, hired.email)).some((e) => e.subject.includes('will be removed'))).toBe(false);
    clockAt(at(24, -13));
    await runNightly(t.app.ctx);
    expect((await emailsOf(t, hired.email)).some((e) => e.subject.includes('will be removed'))).toBe(true);
    clockAt(at(24, 2));
    await runNightly(t.app.ctx);
    expect((await row(hired.id))!.firstName).toBe('Anonymised');
  });

  it('a legal hold keeps the application whatever the rules until it is released', async () => {
    const { job, company, adminToken } = await openJob(t.db);
    const admin = { token: adminToken, companyId: company.id };
    const c = await candidate(t.app, t.db, job);
    await reject(admin, job.id, c.id);
    const held = await callAs(t.app, admin, {
      method: 'PUT',
      url: `/api/privacy/application/${c.id}/hold`,
      payload: { reason: 'Employment tribunal claim 2026/114' },
    });
    expect(held.statusCode).toBe(200);
    expect(held.json().data.hold).toMatchObject({ reason: 'Employment tribunal claim 2026/114' });
    const erase = await callAs(t.app, admin, {
      method: 'POST',
      url: '/api/privacy/applications/erase',
      payload: { applicationIds: [c.id], mode: 'delete' },
    });
    expect(erase.json().data).toEqual({ erased: 0, held: 1, missing: 0 });
    vi.useFakeTimers({ toFake: ['Date'] });
    for (const d of [at(6, -13), at(6, 2), at(30, 0)]) {
      clockAt(d);
      await runNightly(t.app.ctx);
    }
    expect((await row(c.id))!.firstName).toBe('Grace');
    expect((await emailsOf(t, c.email)).some((e) => e.subject.includes('will be removed'))).toBe(false);
    vi.useRealTimers();
    const released = await callAs(t.app, admin, {
      method: 'DELETE',
      url: `/api/privacy/application/${c.id}/hold`,
    });
    expect(released.json().data.hold).toBeNull();
    vi.useFakeTimers({ toFake: ['Date'] });
    clockAt(at(30, 1));
    await runNightly(t.app.ctx);
    expect((await emailsOf(t, c.email)).some((e) => e.subject.includes('will be removed'))).toBe(true);
  });

  it("runs once a night from 02:00 in the company's own time zone (Los Angeles)", async () => {
    const { job, company, adminToken } = await openJob(t.db);
    await setTimeZone(t.db, company.id, 'America/Los_Angeles');
    const admin = { token: adminToken, companyId: company.id };
    const c = await candidate(t.app, t.db, job);
    await reject(admin, job.id, c.id);
    const warned = async () =>
      (await emailsOf(t, c.email)).filter((e) => e.subject.includes('will be removed')).length;
    vi.useFakeTimers({ toFake: ['Date'] });
    // 09:00 UTC is 01:00 or 02:00 in Los Angeles (PST or PDT); 08:00 UTC is before 02:00 in both.
    const day = at(6, -13, 8);
    clockAt(day);
    expect(await runNightly(t.app.ctx)).not.toContain(company.id);
    expect(await warned()).toBe(0);
    clockAt(new Date(day.getTime() + 2 * 3600_000)); // 10:00 UTC: 02:00 or 03:00 local
    expect(await runNightly(t.app.ctx)).toContain(company.id);
    expect(await warned()).toBe(1);
    const [settings] = await t.db
      .select()
      .from(companyPrivacySettings)
      .where(eq(companyPrivacySettings.companyId, company.id));
    // The local date in Los Angeles, which is the UTC date at that hour.
    expect(settings!.lastRunOn).toBe(day.toISOString().slice(0, 10));
    clockAt(new Date(day.getTime() + 10 * 3600_000)); // later the same local day: not again
    expect(await runNightly(t.app.ctx)).not.toContain(company.id);
    // Two hours past UTC midnight is still the same day in Los Angeles (18:00 or 19:00): not again either.
    clockAt(new Date(day.getTime() + 18 * 3600_000));
    expect(await runNightly(t.app.ctx)).not.toContain(company.id);
  });

  it('the nightly job is a pg-boss schedule, hourly, that the job handlers register', async () => {
    await registerPrivacyJobs(t.app.ctx.queue, t.app.ctx);
    // pg-boss keeps its schedules in its own schema.
    const schedules = await t.db.execute<{ name: string; cron: string; key: string }>(
      sql`select name, cron, key from pgboss.schedule where name = 'privacy.nightly'`,
    );
    expect(schedules.rows).toEqual([{ name: 'privacy.nightly', cron: '20 * * * *', key: 'nightly' }]);
  });
});
