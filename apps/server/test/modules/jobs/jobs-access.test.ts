import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '@hirecast/db/schema';
import { createJob } from '@hirecast/db/factories';
import { jobMessages } from '@hirecast/domain/job-messages';
import { FREE_PLAN } from '@hirecast/domain/billing';
import { assertCanEditJobs, assertPlanAllows } from '../../../src/modules/jobs/policy.ts';
import { onPaidPlan } from '../../support/billing-support.ts';
import { createTestApp } from '../../support/helper.ts';
import { jobApi, jobRow, validJob } from '../../support/jobs-support.ts';
import { companyWithMember } from '../../support/sessions.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let api: ReturnType<typeof jobApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = jobApi(t.app);
});
afterAll(() => t.close());

describe('Viewers (spec 1 §6) are refused everything but reading', () => {
  it('refuses create, patch, copy, delete and reorder, and changes nothing', async () => {
    const viewer = await companyWithMember(t.db, 0);
    const job = await createJob(t.db, { companyId: viewer.company.id });
    const refusals = [
      await api.create(viewer, validJob()),
      await api.patch(viewer, job.id, { title: 'Changed' }),
      await api.copy(viewer, job.id),
      await api.remove(viewer, job.id),
      await api.reorder(viewer, [{ _id: job.id, order: 4 }]),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: jobMessages.viewerCannotEdit });
    }
    const status = await api.status(viewer, job.id, { status: 'open' });
    expect(status.statusCode).toBe(403);
    expect(status.json().error.message).toBe(jobMessages.viewerCannotPublish);
    expect(await jobRow(t.db, job.id)).toEqual(job);
    expect(await t.db.select().from(jobs).where(eq(jobs.companyId, viewer.company.id))).toHaveLength(1);
  });

  it('lets viewers read the list, a job and its share info', async () => {
    const viewer = await companyWithMember(t.db, 0);
    const job = await createJob(t.db, { companyId: viewer.company.id });
    expect((await api.list(viewer)).statusCode).toBe(200);
    expect((await api.get(viewer, job.id)).statusCode).toBe(200);
    expect((await api.short(viewer, job.id)).statusCode).toBe(200);
  });

  it('lets job managers do what viewers cannot', async () => {
    const manager = await companyWithMember(t.db, 1);
    await onPaidPlan(t.db, manager.company.id, 1);
    const job = await createJob(t.db, { companyId: manager.company.id });
    expect((await api.create(manager, validJob())).statusCode).toBe(201);
    expect((await api.patch(manager, job.id, { title: 'Changed' })).statusCode).toBe(200);
    expect((await api.copy(manager, job.id)).statusCode).toBe(201);
    expect((await api.reorder(manager, [{ _id: job.id, order: 4 }])).statusCode).toBe(200);
    expect((await api.status(manager, job.id, { status: 'open' })).statusCode).toBe(200);
    expect((await api.remove(manager, job.id)).statusCode).toBe(200);
  });

  it('the policy refuses role 0 only', () => {
    expect(() => assertCanEditJobs({ companyId: 'c', role: 0 })).toThrow(jobMessages.viewerCannotEdit);
    expect(() => assertCanEditJobs({ companyId: 'c', role: 1 })).not.toThrow();
    expect(() => assertCanEditJobs({ companyId: 'c', role: 2 })).not.toThrow();
  });
});

describe('plan gating (spec 1 §5/§6 Video Applications)', () => {
  const without = { ...FREE_PLAN, features: { ...FREE_PLAN.features, videoApplications: false } };

  it.each([
    [{ videoQuestion: 'Why us?' }, 'videoQuestion'],
    [{ customQuestion: 'Why us?' }, 'customQuestion'],
    [{ customApplication: true }, 'customApplication'],
  ])('refuses turning on %o without the feature', (input, field) => {
    try {
      assertPlanAllows(without, input);
      expect.unreachable();
    } catch (err) {
      expect(err).toMatchObject({ code: 'FORBIDDEN', message: jobMessages.planVideoApplications });
      expect((err as { fields: Record<string, string> }).fields).toHaveProperty(field);
    }
  });

  it('allows clearing them without the feature, and everything with it', () => {
    expect(() =>
      assertPlanAllows(without, { videoQuestion: null, customQuestion: '', customApplication: false }),
    ).not.toThrow();
    expect(() => assertPlanAllows(FREE_PLAN, { videoQuestion: 'x', customApplication: true })).not.toThrow();
  });
});

describe('tenancy: another company job answers 404 on every job route', () => {
  it('refuses every route with 404 and changes nothing', async () => {
    const admin = await companyWithMember(t.db, 2);
    const other = await companyWithMember(t.db, 2);
    const theirs = await createJob(t.db, { companyId: other.company.id });
    const id = theirs.id;
    const answers = [
      await api.get(admin, id),
      await api.get(admin, id, '?includeStats=true'),
      await api.patch(admin, id, { title: 'Mine now' }),
      await api.status(admin, id, { status: 'open' }),
      await api.copy(admin, id),
      await api.remove(admin, id),
      await api.short(admin, id),
      await api.reorder(admin, [{ _id: id, order: 0 }]),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect(await jobRow(t.db, id)).toEqual(theirs);
    expect(await t.db.select().from(jobs).where(eq(jobs.companyId, admin.company.id))).toHaveLength(0);
    expect((await api.list(admin)).json().data).toEqual([]);
  });

  it('a viewer of another company also gets 404, not 403', async () => {
    const viewer = await companyWithMember(t.db, 0);
    const other = await companyWithMember(t.db, 2);
    const theirs = await createJob(t.db, { companyId: other.company.id });
    expect((await api.patch(viewer, theirs.id, { title: 'x' })).statusCode).toBe(404);
    expect((await api.remove(viewer, theirs.id)).statusCode).toBe(404);
    expect((await api.status(viewer, theirs.id, { status: 'open' })).statusCode).toBe(404);
  });

  it('acting for a company the caller does not belong to answers 404', async () => {
    const admin = await companyWithMember(t.db, 2);
    const other = await companyWithMember(t.db, 2);
    const outsider = { token: admin.token, company: other.company };
    expect((await api.list(outsider)).statusCode).toBe(404);
    expect((await api.create(outsider, validJob())).statusCode).toBe(404);
    expect(await t.db.select().from(jobs).where(eq(jobs.companyId, other.company.id))).toHaveLength(0);
  });
});
