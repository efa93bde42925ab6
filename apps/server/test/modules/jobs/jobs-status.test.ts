import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '@hirecast/db/schema';
import { addMember, createCompany, createJob } from '@hirecast/db/factories';
import { jobMessages } from '@hirecast/domain/job-messages';
import { onPaidPlan } from '../../support/billing-support.ts';
import { createTestApp } from '../../support/helper.ts';
import { activeJobsOf, headers, jobApi, jobRow } from '../../support/jobs-support.ts';
import { companyWithMember, signedInUser } from '../../support/sessions.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let api: ReturnType<typeof jobApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = jobApi(t.app);
});
afterAll(() => t.close());

// Companies that publish more than their first job are on a paid plan of LIMIT active jobs.
const LIMIT = 5;

describe('PATCH /api/job/:id/status (spec 1 §4 Job status)', () => {
  it('publishes: sets publishedAt once, keeps it on re-publish, and counts the job as active', async () => {
    const admin = await companyWithMember(t.db, 2);
    await onPaidPlan(t.db, admin.company.id, LIMIT);
    const job = await createJob(t.db, { companyId: admin.company.id });
    const open = await api.status(admin, job.id, { status: 'open' });
    expect(open.statusCode).toBe(200);
    const publishedAt = open.json().data.publishedAt as string;
    expect(open.json().data.status).toBe('open');
    expect(Date.now() - new Date(publishedAt).getTime()).toBeLessThan(60_000);
    expect(await activeJobsOf(t.db, admin.company.id)).toBe(1);

    const closed = await api.status(admin, job.id, { status: 'closed' });
    expect(closed.json().data).toMatchObject({ status: 'closed', publishedAt });
    expect(await activeJobsOf(t.db, admin.company.id)).toBe(0);

    const again = await api.status(admin, job.id, { status: 'open' });
    expect(again.json().data).toMatchObject({ status: 'open', publishedAt });
  });

  it('asking for the current status changes nothing', async () => {
    const admin = await companyWithMember(t.db, 1);
    const job = await createJob(t.db, { companyId: admin.company.id });
    const res = await api.status(admin, job.id, { status: 'closed' });
    expect(res.statusCode).toBe(200);
    expect(await jobRow(t.db, job.id)).toEqual(job);
  });

  it("refuses an unverified user: 'Confirm your email to publish jobs', but lets them unpublish", async () => {
    const company = await createCompany(t.db);
    const member = await signedInUser(t.db, { verified: false });
    await addMember(t.db, { companyId: company.id, userId: member.user.id, role: 2 });
    const actor = { ...member, company };
    const job = await createJob(t.db, { companyId: company.id });
    const res = await api.status(actor, job.id, { status: 'open' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(jobMessages.confirmEmailToPublish);
    expect((await jobRow(t.db, job.id))!.status).toBe('closed');

    const openJob = await createJob(t.db, { companyId: company.id, status: 'open' });
    expect((await api.status(actor, openJob.id, { status: 'closed' })).json().data.status).toBe('closed');
  });

  it('refuses at the plan limit with 409, and never counts the first job', async () => {
    const admin = await companyWithMember(t.db, 2);
    await onPaidPlan(t.db, admin.company.id, LIMIT);
    const first = await createJob(t.db, { companyId: admin.company.id, isFirstJob: true });
    expect((await api.status(admin, first.id, { status: 'open' })).statusCode).toBe(200);
    expect(await activeJobsOf(t.db, admin.company.id)).toBe(0);

    const others = [];
    for (let i = 0; i <= LIMIT; i += 1) others.push(await createJob(t.db, { companyId: admin.company.id }));
    for (const job of others.slice(0, LIMIT)) {
      expect((await api.status(admin, job.id, { status: 'open' })).statusCode).toBe(200);
    }
    expect(await activeJobsOf(t.db, admin.company.id)).toBe(LIMIT);
    const over = others[LIMIT]!;
    const res = await api.status(admin, over.id, { status: 'open' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(jobMessages.activeJobLimit);
    expect((await jobRow(t.db, over.id))!.status).toBe('closed');
    expect(await activeJobsOf(t.db, admin.company.id)).toBe(LIMIT);

    // The first job can be re-published at the limit: it does not count.
    await api.status(admin, first.id, { status: 'closed' });
    expect((await api.status(admin, first.id, { status: 'open' })).statusCode).toBe(200);
    // Closing one frees a place.
    await api.status(admin, others[0]!.id, { status: 'closed' });
    expect((await api.status(admin, over.id, { status: 'open' })).statusCode).toBe(200);
  });

  it('publishes past the first-job and redirect prompts (the browser shows them)', async () => {
    const company = await createCompany(t.db, { isRedirectJobs: true });
    const member = await signedInUser(t.db);
    await addMember(t.db, { companyId: company.id, userId: member.user.id, role: 1 });
    const actor = { ...member, company };
    const job = await createJob(t.db, { companyId: company.id, isFirstJob: true });
    const res = await api.status(actor, job.id, {
      status: 'open',
      acknowledged: { firstJob: true, redirectUrl: true },
    });
    expect(res.statusCode).toBe(200);
    // 'Cancel' on the first-job prompt publishes and marks the user as redirected.
    const [user] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(user!.isUserWasRedirected).toBe(true);
  });

  it('refuses viewers: "Viewers can\'t publish and unpublish jobs."', async () => {
    const viewer = await companyWithMember(t.db, 0);
    const closed = await createJob(t.db, { companyId: viewer.company.id });
    const open = await createJob(t.db, { companyId: viewer.company.id, status: 'open' });
    for (const [job, status] of [
      [closed, 'open'],
      [open, 'closed'],
      [closed, 'closed'],
    ] as const) {
      const res = await api.status(viewer, job.id, { status });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(jobMessages.viewerCannotPublish);
    }
    expect(await jobRow(t.db, closed.id)).toEqual(closed);
    expect(await jobRow(t.db, open.id)).toEqual(open);
  });

  it('answers 400 for a wrong status or unknown fields', async () => {
    const admin = await companyWithMember(t.db, 2);
    const job = await createJob(t.db, { companyId: admin.company.id });
    expect((await api.status(admin, job.id, { status: 'live' })).statusCode).toBe(400);
    expect((await api.status(admin, job.id, { status: 'open', force: true })).statusCode).toBe(400);
    expect(await jobRow(t.db, job.id)).toEqual(job);
  });
});

describe('DELETE /api/job/:id and activeJobs', () => {
  it('deleting an open job gives its place back; deleting the open first job changes nothing', async () => {
    const admin = await companyWithMember(t.db, 2);
    await onPaidPlan(t.db, admin.company.id, LIMIT);
    const first = await createJob(t.db, { companyId: admin.company.id, isFirstJob: true, status: 'open' });
    const a = await createJob(t.db, { companyId: admin.company.id });
    const b = await createJob(t.db, { companyId: admin.company.id });
    await api.status(admin, a.id, { status: 'open' });
    await api.status(admin, b.id, { status: 'open' });
    expect(await activeJobsOf(t.db, admin.company.id)).toBe(2);

    const res = await api.remove(admin, a.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ _id: a.id, activeJobs: 1 });
    expect(await jobRow(t.db, a.id)).toBeUndefined();
    expect((await api.remove(admin, first.id)).json().data.activeJobs).toBe(1);
    const [company] = await t.db.select().from(companies).where(eq(companies.id, admin.company.id));
    expect(company!.activeJobs).toBe(1);
    expect((await api.remove(admin, a.id)).statusCode).toBe(404);
  });
});

describe('PATCH /api/manager/me isUserWasRedirected (spec 1 §4 first-job prompt)', () => {
  it('marks the user as redirected, and refuses a non-boolean', async () => {
    const admin = await companyWithMember(t.db, 2);
    const patchMe = (payload: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/manager/me',
        headers: headers(admin),
        payload: payload as object,
      });
    expect((await patchMe({ isUserWasRedirected: 'yes' })).statusCode).toBe(400);
    const res = await patchMe({ isUserWasRedirected: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.isUserWasRedirected).toBe(true);
    const [user] = await t.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(user!.isUserWasRedirected).toBe(true);
  });
});
