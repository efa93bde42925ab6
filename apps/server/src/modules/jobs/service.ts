import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { companies, jobs } from '@hirecast/db/schema';
import type { TDb, TTx } from '@hirecast/db/client';
import { JOB_DEFAULTS, JOB_LIMITS, type TJobsQuery, type ZReorderJobsRequest } from '@hirecast/domain/job';
import { messages } from '@hirecast/domain/messages';
import { privacyMessages } from '@hirecast/domain/privacy';
import type { TPlan } from '@hirecast/domain/plan';
import { UUID } from '@hirecast/domain/uuid';
import { AppError } from '../../lib/app-error.ts';
import { heldApplicationsOfJob } from '../../lib/legal-hold.ts';
import type { TContext } from '../../lib/context.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';
import { queueJobLiveLetters } from './letter-hooks.ts';
import { lockCompany, refreshActiveJobs } from './active-jobs.ts';
import { assertRequiredForCreate, jobColumns, type TJobInput } from './job-input.ts';
import { assertCanEditJobs, assertPlanAllows, columnsThePlanLacks } from './policy.ts';
import { selectJobList } from './list-query.ts';
import { presentJob, presentJobs, type TJobRow } from './serialize.ts';
import { newShortId, retryOnShortIdClash } from './short-id.ts';

type TReorderInput = z.output<typeof ZReorderJobsRequest>;
const notFound = () => new AppError('NOT_FOUND', messages.notFound);

/** Tenancy: a job of another company (or an id that cannot exist) answers 404, never 403. */
export async function findJob(db: TDb | TTx, scope: TCompanyScope, id: string): Promise<TJobRow> {
  if (!UUID.test(id)) throw notFound();
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.companyId, scope.companyId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function companyName(db: TDb | TTx, companyId: string): Promise<string> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  if (!row) throw notFound();
  return row.name;
}

async function nextOrder(tx: TTx, companyId: string) {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${jobs.order})` })
    .from(jobs)
    .where(eq(jobs.companyId, companyId));
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

// spec 1 §7 POST /job with the defaults of §9; the company's first job is marked isFirstJob.
export async function createJob(
  ctx: TContext,
  { scope, userId, input, plan }: { scope: TCompanyScope; userId: string; input: TJobInput; plan: TPlan },
) {
  assertCanEditJobs(scope);
  assertPlanAllows(plan, input);
  assertRequiredForCreate(input);
  const columns = await jobColumns(ctx, { input, userId, companyId: scope.companyId });
  const row = await retryOnShortIdClash('jobs_short_id_uq', () =>
    ctx.db.transaction(async (tx) => {
      await lockCompany(tx, scope.companyId);
      const [existing] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(eq(jobs.companyId, scope.companyId))
        .limit(1);
      const [created] = await tx
        .insert(jobs)
        .values({
          employmentType: JOB_DEFAULTS.employmentType,
          locationType: JOB_DEFAULTS.locationType,
          salary: { from: null, to: null, currency: JOB_DEFAULTS.currency, unit: JOB_DEFAULTS.unit },
          isVideoOptional: JOB_DEFAULTS.isVideoOptional,
          ...columns,
          title: columns.title ?? '',
          aiSettings: columns.aiSettings!,
          companyId: scope.companyId,
          shortId: newShortId(),
          status: 'closed',
          isFirstJob: !existing,
          order: await nextOrder(tx, scope.companyId),
          createdBy: userId,
        })
        .returning();
      return created!;
    }),
  );
  return presentJob(ctx, row, { companyName: await companyName(ctx.db, scope.companyId) });
}

// spec 1 §7 PATCH /job/{id}: changed fields only; redirect rules and the AI cascade applied on save.
export async function updateJob(
  ctx: TContext,
  {
    scope,
    userId,
    id,
    input,
    plan,
  }: { scope: TCompanyScope; userId: string; id: string; input: TJobInput; plan: TPlan },
) {
  const current = await findJob(ctx.db, scope, id);
  assertCanEditJobs(scope);
  assertPlanAllows(plan, input, current);
  const columns = await jobColumns(ctx, { input, current, userId, companyId: scope.companyId });
  let row = current;
  if (Object.keys(columns).length > 0) {
    const [updated] = await ctx.db
      .update(jobs)
      .set({ ...columns, updatedAt: new Date() })
      .where(and(eq(jobs.id, current.id), eq(jobs.companyId, scope.companyId)))
      .returning();
    if (!updated) throw notFound();
    row = updated;
  }
  await queueJobLiveLetters(ctx, { before: current, after: row });
  return presentJob(ctx, row, { companyName: await companyName(ctx.db, scope.companyId) });
}

export async function getJob(
  ctx: TContext,
  { scope, id, includeStats }: { scope: TCompanyScope; id: string; includeStats: boolean },
) {
  const row = await findJob(ctx.db, scope, id);
  return presentJob(ctx, row, { companyName: await companyName(ctx.db, scope.companyId), includeStats });
}

// spec 1 §2 Jobs dashboard: search matches the title; 'Live jobs' shows open jobs only.
export async function listJobs(ctx: TContext, { scope, query }: { scope: TCompanyScope; query: TJobsQuery }) {
  const rows = await selectJobList(ctx.db, { companyId: scope.companyId, query });
  if (rows.length === 0) return [];
  return presentJobs(
    ctx,
    rows.map((r) => r.job),
    { companyName: rows[0]!.companyName },
  );
}

// spec 1 §8 'Your job has been successfully copied': a closed copy at the end of the list.
export async function copyJob(
  ctx: TContext,
  { scope, userId, id, plan }: { scope: TCompanyScope; userId: string; id: string; plan: TPlan },
) {
  const source = await findJob(ctx.db, scope, id);
  assertCanEditJobs(scope);
  const suffix = ' (copy)';
  const title = `${source.title.slice(0, JOB_LIMITS.titleMax - suffix.length).trimEnd()}${suffix}`;
  const row = await retryOnShortIdClash('jobs_short_id_uq', () =>
    ctx.db.transaction(async (tx) => {
      await lockCompany(tx, scope.companyId);
      const {
        id: _id,
        createdAt: _createdAt,
        updatedAt: _updatedAt,
        publishedAt: _publishedAt,
        totalVisits: _visits,
        startedApplications: _started,
        submittedApplications: _submitted,
        ...fields
      } = source;
      const [created] = await tx
        .insert(jobs)
        .values({
          ...fields,
          ...columnsThePlanLacks(plan),
          title,
          shortId: newShortId(),
          status: 'closed',
          isFirstJob: false,
          order: await nextOrder(tx, scope.companyId),
          createdBy: userId,
        })
        .returning();
      return created!;
    }),
  );
  return presentJob(ctx, row, { companyName: await companyName(ctx.db, scope.companyId) });
}

// spec 1 §4: deleting an open job gives its place back (activeJobs recounted in the same transaction).
export async function deleteJob(ctx: TContext, { scope, id }: { scope: TCompanyScope; id: string }) {
  await findJob(ctx.db, scope, id);
  assertCanEditJobs(scope);
  return ctx.db.transaction(async (tx) => {
    await lockCompany(tx, scope.companyId);
    // Issue 33: its applications would go with it; none under legal hold may (lib/legal-hold.ts).
    const held = await heldApplicationsOfJob(tx, id);
    if (held > 0) throw new AppError('CONFLICT', privacyMessages.jobHasHeldApplications(held));
    const deleted = await tx
      .delete(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.companyId, scope.companyId)))
      .returning({ id: jobs.id });
    if (deleted.length === 0) throw notFound();
    return { _id: id, activeJobs: await refreshActiveJobs(tx, scope.companyId) };
  });
}

// spec 1 §4: reorder persists a list of {_id, order}; every id must be one of the company's jobs.
export async function reorderJobs(
  ctx: TContext,
  { scope, input }: { scope: TCompanyScope; input: TReorderInput },
) {
  assertCanEditJobs(scope);
  const ids = input.jobsOrder.map((entry) => entry._id);
  if (new Set(ids).size !== ids.length) {
    throw new AppError('VALIDATION', 'Each job may appear only once in jobsOrder.', {
      jobsOrder: 'duplicate',
    });
  }
  await ctx.db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.companyId, scope.companyId), inArray(jobs.id, ids)));
    if (owned.length !== ids.length) throw notFound();
    const now = new Date();
    for (const entry of input.jobsOrder) {
      await tx
        .update(jobs)
        .set({ order: entry.order, updatedAt: now })
        .where(and(eq(jobs.id, entry._id), eq(jobs.companyId, scope.companyId)));
    }
  });
  return listJobs(ctx, { scope, query: {} });
}
