import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationHistory,
  applicationRetention,
  applications,
  companies,
  jobs,
  outboxEmails,
  privacyAuditEvents,
} from '@hirecast/db/schema';
import { applyMessages } from '@hirecast/domain/application';
import { privacyMessages, ZRetentionRules } from '@hirecast/domain/privacy';
import { runRetentionForCompany } from '../../../src/modules/privacy/retention.ts';
import { previewRules } from '../../../src/modules/privacy/rules.ts';
import { createTestApp } from '../../support/helper.ts';
import { callAs } from '../../support/applicants-support.ts';
import { openJob } from '../../support/apply-support.ts';
import { candidate, listStorage } from '../../support/privacy-support.ts';

// Issue 33 item 1: an application under legal hold is deleted or anonymised by nobody, whatever the path: the
// team's delete (409 naming the hold), the candidate's "Delete my data" (kept, told why, recorded, the admins
// emailed, run when the hold is released), the admins' erasure, the retention run, and deleting its job.

const REASON = 'Employment tribunal claim 2026/114';

describe('legal holds on every path that deletes', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
  });
  afterAll(() => t.close());

  /** A candidate with a CV and a video, held by an admin; answers what the tests need. */
  async function heldCandidate() {
    const opened = await openJob(t.db);
    const admin = { token: opened.adminToken, companyId: opened.company.id };
    const c = await candidate(t.app, t.db, opened.job, { firstName: 'Zelda', lastName: 'Fitzgerald' });
    const stored = await listStorage(t.config);
    const keys = c.keys.filter((k) => stored.includes(k));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    const held = await callAs(t.app, admin, {
      method: 'PUT',
      url: `/api/privacy/application/${c.id}/hold`,
      payload: { reason: REASON },
    });
    expect(held.statusCode).toBe(200);
    return { ...opened, admin, c, keys };
  }
  const row = async (id: string) =>
    (await t.db.select().from(applications).where(eq(applications.id, id)))[0];
  const auditOf = (companyId: string) =>
    t.db.select().from(privacyAuditEvents).where(eq(privacyAuditEvents.companyId, companyId));
  async function expectKept(id: string, keys: string[]) {
    expect((await row(id))?.firstName).toBe('Zelda');
    const left = await listStorage(t.config);
    for (const key of keys) expect(left).toContain(key);
  }

  it("the team's delete answers 409 naming the hold, records no erasure, and the applicant says it is held", async () => {
    const { job, admin, c, keys, company } = await heldCandidate();
    const applicant = await callAs(t.app, admin, { url: `/api/job/candidate/${c.id}` });
    expect(applicant.json().data.legalHold).toEqual({ reason: REASON, at: expect.any(String) });

    const res = await callAs(t.app, admin, {
      method: 'DELETE',
      url: `/api/job/${job.id}/application/${c.id}`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: 'CONFLICT', message: privacyMessages.heldCannotDelete(REASON) },
    });
    expect(privacyMessages.heldCannotDelete(REASON)).toBe(
      `This application is on legal hold (${REASON}) and cannot be deleted or anonymised. An admin must release the hold first.`,
    );
    await expectKept(c.id, keys);
    expect((await auditOf(company.id)).map((e) => e.action)).not.toContain('erasure');

    // Released: the same delete goes through, with the erasure recorded.
    await callAs(t.app, admin, { method: 'DELETE', url: `/api/privacy/application/${c.id}/hold` });
    const after = await callAs(t.app, admin, {
      method: 'DELETE',
      url: `/api/job/${job.id}/application/${c.id}`,
    });
    expect(after.statusCode).toBe(200);
    expect(await row(c.id)).toBeUndefined();
    expect((await auditOf(company.id)).map((e) => e.action)).toContain('erasure');
  });

  it("the candidate's Delete my data keeps it, says why, records it, emails the admins, and runs on release", async () => {
    const { admin, c, keys, company, instantAdmin, dailyAdmin, job } = await heldCandidate();
    await t.db
      .update(companies)
      .set({ name: 'Northwind Coffee Roasters' })
      .where(eq(companies.id, company.id));
    const url = `/api/public/application/${c.token}`;
    const res = await t.app.inject({ method: 'DELETE', url, remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(202);
    const body = res.json().data;
    expect(body).toEqual({
      title: 'Your data has not been deleted yet',
      message:
        'Northwind Coffee Roasters must keep your application because of a legal matter, such as a claim or an investigation. The law allows this (UK GDPR Article 17(3)(e)), and they may keep it until the matter ends. We have recorded your request: your application will be deleted as soon as they no longer have to keep it. You can still withdraw your application.',
      requestedAt: expect.any(String),
    });
    await expectKept(c.id, keys);

    // Recorded: the audit (with the address), the history, the request on the application.
    const events = await auditOf(company.id);
    expect(events.find((e) => e.action === 'erasure_requested')).toMatchObject({
      applicationId: c.id,
      actorName: 'Candidate',
      ip: '203.0.113.9',
    });
    expect(events.map((e) => e.action)).not.toContain('erasure');
    const history = await t.db
      .select()
      .from(applicationHistory)
      .where(eq(applicationHistory.applicationId, c.id));
    expect(history.map((h) => h.details.title)).toContain('Candidate asked to delete their data');
    const privacy = await callAs(t.app, admin, { url: `/api/privacy/application/${c.id}` });
    expect(privacy.json().data).toMatchObject({
      hold: { reason: REASON },
      erasureRequestedAt: body.requestedAt,
    });

    // Every admin gets one email, naming the job and not the person; asking again emails nobody again.
    const mailOf = async (to: string) =>
      (await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to))).filter((m) =>
        m.subject.endsWith('asked to delete their data'),
      );
    for (const a of [instantAdmin, dailyAdmin]) {
      const mails = await mailOf(a.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`A candidate for ${job.title} asked to delete their data`);
      expect(mails[0]!.text).toContain('Their application is on legal hold, so it was kept');
      expect(mails[0]!.text).not.toContain('Zelda');
      expect(mails[0]!.text).not.toContain(c.email);
    }
    const again = await t.app.inject({ method: 'DELETE', url });
    expect(again.statusCode).toBe(202);
    expect(again.json().data.requestedAt).toBe(body.requestedAt);
    expect(await mailOf(instantAdmin.email)).toHaveLength(1);

    // The private link says so on a later visit, and the candidate can still withdraw.
    const link = await t.app.inject({ method: 'GET', url });
    expect(link.json().data.erasureRequestedAt).toBe(body.requestedAt);
    const withdrawn = await t.app.inject({ method: 'POST', url: `${url}/withdraw` });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().data.status).toBe('withdrawn');

    // The admin releases the hold: the erasure runs now, recorded as the candidate's, and nothing is left.
    const released = await callAs(t.app, admin, {
      method: 'DELETE',
      url: `/api/privacy/application/${c.id}/hold`,
    });
    expect(released.statusCode).toBe(200);
    expect(released.json().data).toEqual({
      hold: null,
      anonymisedAt: null,
      warnedAt: null,
      consentRenewedAt: null,
      erasureRequestedAt: null,
      erasedOnRelease: true,
    });
    expect(await row(c.id)).toBeUndefined();
    const left = await listStorage(t.config);
    for (const key of keys) expect(left).not.toContain(key);
    const erasure = (await auditOf(company.id)).find((e) => e.action === 'erasure');
    expect(erasure).toMatchObject({
      actorName: 'Candidate',
      subjectName: null,
      subjectEmail: null,
      details: { mode: 'delete', requestedAt: body.requestedAt },
    });
    const gone = await t.app.inject({ method: 'GET', url });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(applyMessages.linkInvalid404);
  });

  it("the admins' erasure keeps a held application in both modes", async () => {
    const { admin, c, keys } = await heldCandidate();
    for (const mode of ['anonymise', 'delete'] as const) {
      const res = await callAs(t.app, admin, {
        method: 'POST',
        url: '/api/privacy/applications/erase',
        payload: { applicationIds: [c.id], mode },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ erased: 0, held: 1, missing: 0 });
    }
    await expectKept(c.id, keys);
  });

  it('the retention run keeps a held application that is due, and runs an erasure request once no hold remains', async () => {
    const { admin, c, keys, company, job } = await heldCandidate();
    await callAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/job/${job.id}/application/${c.id}/status`,
      payload: { data: { status: 'rejected' } },
    });
    // Due long ago, and warned long ago: only the hold keeps it.
    const past = new Date(Date.now() - 3 * 365 * 24 * 3600_000);
    await t.db
      .update(applicationRetention)
      .set({ warnedAt: new Date(Date.now() - 30 * 24 * 3600_000) })
      .where(eq(applicationRetention.applicationId, c.id));
    await t.db
      .update(applications)
      .set({ updatedAt: past, withdrawnAt: past })
      .where(eq(applications.id, c.id));
    await t.db
      .update(applicationHistory)
      .set({ createdAt: past })
      .where(eq(applicationHistory.applicationId, c.id));
    const run = await runRetentionForCompany(t.app.ctx, { companyId: company.id, now: new Date() });
    expect(run.acted).toBe(0);
    await expectKept(c.id, keys);

    // A candidate's request whose release did not complete (the hold is gone, the request remains): the run
    // completes it.
    await t.app.inject({ method: 'DELETE', url: `/api/public/application/${c.token}` });
    await t.db
      .update(applicationRetention)
      .set({ holdAt: null, holdReason: null, holdBy: null })
      .where(eq(applicationRetention.applicationId, c.id));
    await runRetentionForCompany(t.app.ctx, { companyId: company.id, now: new Date() });
    expect(await row(c.id)).toBeUndefined();
  });

  it('a job with a held application cannot be deleted (its applications would go with it)', async () => {
    const { admin, c, keys, job } = await heldCandidate();
    const res = await callAs(t.app, admin, { method: 'DELETE', url: `/api/job/${job.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message:
          'This job cannot be deleted: one of its applications is on legal hold. Release the hold first, or close the job instead.',
      },
    });
    expect((await t.db.select().from(jobs).where(eq(jobs.id, job.id))).length).toBe(1);
    await expectKept(c.id, keys);
  });
});

describe('the private page and the retention rules (issue 33 item 10)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
  });
  afterAll(() => t.close());

  it('a rejected application has no Withdraw: 409 and nothing changes; the private link carries the logo', async () => {
    const { job, company, adminToken } = await openJob(t.db);
    const admin = { token: adminToken, companyId: company.id };
    await t.db
      .update(companies)
      .set({ logo: 'https://cdn.example.com/northwind.png' })
      .where(eq(companies.id, company.id));
    const c = await candidate(t.app, t.db, job);
    const url = `/api/public/application/${c.token}`;
    expect((await t.app.inject({ method: 'GET', url })).json().data.job.companyLogo).toBe(
      'https://cdn.example.com/northwind.png',
    );
    await callAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/job/${job.id}/application/${c.id}/status`,
      payload: { data: { status: 'rejected' } },
    });
    const res = await t.app.inject({ method: 'POST', url: `${url}/withdraw` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'This application was not selected, so there is nothing to withdraw.',
      },
    });
    // The plain form (no scripts) of a page loaded before the rejection shows the page again, unchanged.
    const form = await t.app.inject({
      method: 'POST',
      url: `/application/${c.token}/withdraw`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe(`/application/${c.token}`);
    expect((await t.db.select().from(applications).where(eq(applications.id, c.id)))[0]?.status).toBe(
      'rejected',
    );
  });

  it('each rule has its own action: one run deletes the rejected and anonymises the inactive', async () => {
    const { job, company, adminToken } = await openJob(t.db);
    const admin = { token: adminToken, companyId: company.id };
    const rules = {
      rejectedMonths: 1,
      inactiveMonths: 1,
      hiredMonths: 24,
      rejectedAction: 'delete',
      inactiveAction: 'anonymise',
      hiredAction: 'anonymise',
    };
    const saved = await callAs(t.app, admin, {
      method: 'PUT',
      url: '/api/privacy/settings',
      payload: { ...rules, privacyPolicyUrl: '' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject(rules);
    const rejected = await candidate(t.app, t.db, job);
    const inactive = await candidate(t.app, t.db, job);
    await callAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/job/${job.id}/application/${rejected.id}/status`,
      payload: { data: { status: 'rejected' } },
    });
    const in45Days = new Date(Date.now() + 45 * 24 * 3600_000);
    // Warned 14 days before, then due: the preview and the run act by each application's own rule.
    const in20Days = new Date(Date.now() + 20 * 24 * 3600_000);
    const typed = ZRetentionRules.parse(rules);
    expect(await previewRules(t.db, { companyId: company.id, rules: typed, now: in20Days })).toEqual({
      warn: 2,
      anonymise: 0,
      delete: 0,
    });
    await runRetentionForCompany(t.app.ctx, { companyId: company.id, now: in20Days });
    expect(await previewRules(t.db, { companyId: company.id, rules: typed, now: in45Days })).toEqual({
      warn: 0,
      anonymise: 1,
      delete: 1,
    });
    const run = await runRetentionForCompany(t.app.ctx, { companyId: company.id, now: in45Days });
    expect(run.acted).toBe(2);
    expect((await t.db.select().from(applications).where(eq(applications.id, rejected.id))).length).toBe(0);
    const [kept] = await t.db.select().from(applications).where(eq(applications.id, inactive.id));
    expect(kept?.firstName).toBe('Anonymised');
    const modes = (
      await t.db
        .select()
        .from(privacyAuditEvents)
        .where(and(eq(privacyAuditEvents.companyId, company.id), eq(privacyAuditEvents.action, 'erasure')))
    ).map((e) => e.details.mode);
    expect(modes.sort()).toEqual(['anonymise', 'delete']);
  });

  it('refuses an unknown action: 400, nothing saved', async () => {
    const { company, adminToken } = await openJob(t.db);
    const admin = { token: adminToken, companyId: company.id };
    const res = await callAs(t.app, admin, {
      method: 'PUT',
      url: '/api/privacy/settings',
      payload: {
        rejectedMonths: 6,
        inactiveMonths: 12,
        hiredMonths: 24,
        rejectedAction: 'shred',
        inactiveAction: 'anonymise',
        hiredAction: 'anonymise',
        privacyPolicyUrl: '',
      },
    });
    expect(res.statusCode).toBe(400);
    const read = await callAs(t.app, admin, { url: '/api/privacy/settings' });
    expect(read.json().data).toMatchObject({ rejectedAction: 'anonymise' });
  });
});
