import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { applications } from '@hirecast/db/schema';
import type { TDb } from '@hirecast/db/client';
import {
  APPLICATION_STATUSES,
  type TApplicantListResponse,
  type TApplicantSort,
  type TApplicationStatus,
  type ZApplicantListQuery,
} from '@hirecast/domain/applicants';
import type { z } from 'zod';
import type { TContext } from '../../lib/context.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';
import { findJob } from '../jobs/service.ts';
import { presentApplicants } from './service.ts';

// spec 2 §4 Sorting and filtering, in SQL (ARCHITECTURE.md: large lists are searched, sorted and paged in the
// database). The expressions and orders below are the ones the indexes of migration 0006 are built on, so keep
// them equal: applications_job_status_sent_idx (job_id, status, sent_at desc, id desc), applications_job_sent_idx
// (job_id, sent_at), applications_job_rating_{high,low}_idx (job_id, ratingExpression desc|asc nulls last,
// sent_at desc, id desc) and the trigram index applications_search_trgm_idx on searchExpression.

export type TListFilter = { jobId: string; status?: TApplicationStatus; search?: string };

/** The full name and the email, lowercased: what the search matches (spec 2 §4). */
export const searchExpression = sql`lower(${applications.firstName} || ' ' || ${applications.lastName} || ' ' || ${applications.email})`;
/** spec 2 §4: the rating is the average mark, else the AI fit score. */
export const ratingExpression = sql`coalesce(${applications.markAvg}, ${applications.aiFitScore})`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** '%term%' for ILIKE: trimmed, inner spaces collapsed (so 'Grace  Hopper' finds the full name). */
export const searchPattern = (search: string) =>
  `%${escapeLike(search.trim().replace(/\s+/g, ' ').toLowerCase())}%`;

export function listWhere({ jobId, status, search }: TListFilter): SQL {
  const term = search?.trim();
  return and(
    eq(applications.jobId, jobId),
    status ? eq(applications.status, status) : undefined,
    term ? ilike(searchExpression, searchPattern(term)) : undefined,
  )!;
}

/** Ties go newest first, then by id, so pages never overlap or skip a row. */
export function listOrder(sort: TApplicantSort): SQL[] {
  const newest = [desc(applications.sentAt), desc(applications.id)];
  switch (sort) {
    case 'oldest':
      return [asc(applications.sentAt), asc(applications.id)];
    case 'rating-high':
      return [sql`${ratingExpression} desc nulls last`, ...newest];
    case 'rating-low':
      return [sql`${ratingExpression} asc nulls last`, ...newest];
    default:
      return newest;
  }
}

type TListInput = TListFilter & { sort: TApplicantSort; skip: number; limit: number };

/** The page of ids (exported for the EXPLAIN test and the bench, which run this very query). */
export const listPageQuery = (db: TDb, input: TListInput) =>
  db
    .select({ id: applications.id })
    .from(applications)
    .where(listWhere(input))
    .orderBy(...listOrder(input.sort))
    .limit(input.limit)
    .offset(input.skip);

/** Applicants per status for the whole job, zero for the statuses nobody is in: one GROUP BY. */
export async function statusStatistic(db: TDb, jobId: string) {
  const rows = await db
    .select({ status: applications.status, n: count() })
    .from(applications)
    .where(eq(applications.jobId, jobId))
    .groupBy(applications.status);
  const statistic = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])) as Record<
    TApplicationStatus,
    number
  >;
  for (const row of rows) if (row.status in statistic) statistic[row.status as TApplicationStatus] = row.n;
  return statistic;
}

/** spec 2 §7 GET /job/{jobId}/applications: a filtered, searched, sorted page and the job's statistic. */
export async function listApplicants(
  ctx: TContext,
  {
    scope,
    jobId,
    query,
  }: { scope: TCompanyScope; jobId: string; query: z.output<typeof ZApplicantListQuery> },
): Promise<TApplicantListResponse> {
  const job = await findJob(ctx.db, scope, jobId);
  const input = { ...query, jobId: job.id, search: query.search?.trim() || undefined };
  const [statistic, page, searched] = await Promise.all([
    statusStatistic(ctx.db, job.id),
    listPageQuery(ctx.db, input),
    // Without a search the statistic already holds the count.
    input.search
      ? ctx.db.select({ n: count() }).from(applications).where(listWhere(input))
      : Promise.resolve(null),
  ]);
  const total = searched
    ? (searched[0]?.n ?? 0)
    : input.status
      ? statistic[input.status]
      : Object.values(statistic).reduce((a, b) => a + b, 0);
  return {
    applicants: await presentApplicants(
      ctx,
      page.map((r) => r.id),
    ),
    count: total,
    statistic,
  };
}
