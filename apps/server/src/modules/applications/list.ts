import { and, count, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { applicationStatusCounts, applications, interviewSessions } from '@hirecast/db/schema';
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
// database). The orders below are the ones the indexes of migrations 0006 and 0010 are built on, so keep them
// equal: applications_job_status_sent_idx (job_id, status, sent_at desc, id desc), applications_job_sent_idx
// (job_id, sent_at, id), applications_job_rating_{high,low}_idx (job_id, ratingExpression desc|asc nulls last,
// sent_at desc, id desc), each covering search_text, and the trigram index applications_search_trgm_idx on
// search_text (decision 016).

export type TListFilter = { jobId: string; status?: TApplicationStatus; search?: string };

/** spec 2 §4: the rating is the average mark, else the AI fit score. */
export const ratingExpression = sql`coalesce(${applications.markAvg}, ${applications.aiFitScore})`;

/**
 * A search that matches more applications than this is answered by walking the list's order (fast, because
 * such a search matches densely) with a count that says "more than": counting every match of a search that
 * matches 100,000 rows costs more than the whole page budget (decision 016).
 */
export const SEARCH_COUNT_CAP = 20_000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** '%term%' for LIKE on the lowercased search_text: trimmed, inner spaces collapsed (so 'Grace  Hopper' finds the full name). */
export const searchPattern = (search: string) => `%${escapeLike(search.trim().replace(/\s+/g, ' '))}%`;

export function listWhere({ jobId, status, search }: TListFilter): SQL {
  const term = search?.trim();
  return and(
    eq(applications.jobId, jobId),
    status ? eq(applications.status, status) : undefined,
    // lower() of the pattern in SQL, as search_text is lower() of the row: the same case rules on both sides.
    term ? sql`${applications.searchText} like lower(${searchPattern(term)})` : undefined,
  )!;
}

type TOrderColumns = {
  sentAt: AnyColumn | SQL.Aliased;
  id: AnyColumn | SQL.Aliased;
  rating: SQL | SQL.Aliased;
};

/** Ties go newest first, then by id, so pages never overlap or skip a row. */
export function listOrder(
  sort: TApplicantSort,
  { sentAt, id, rating }: TOrderColumns = {
    sentAt: applications.sentAt,
    id: applications.id,
    rating: ratingExpression,
  },
): SQL[] {
  const newest = [sql`${sentAt} desc`, sql`${id} desc`];
  switch (sort) {
    case 'oldest':
      return [sql`${sentAt} asc`, sql`${id} asc`];
    case 'rating-high':
      return [sql`${rating} desc nulls last`, ...newest];
    case 'rating-low':
      return [sql`${rating} asc nulls last`, ...newest];
    default:
      return newest;
  }
}

type TListInput = TListFilter & {
  sort: TApplicantSort;
  skip: number;
  limit: number;
  interview?: z.output<typeof ZApplicantListQuery>['interview'];
};

/** The page of ids in the list's order (exported for the EXPLAIN test and the bench, which run this very query). */
export const listPageQuery = (db: TDb, input: TListInput) =>
  db
    .select({ id: applications.id })
    .from(applications)
    .where(listWhere(input))
    .orderBy(...listOrder(input.sort))
    .limit(input.limit)
    .offset(input.skip);

/**
 * A searched page with the exact number of matches, when there are at most SEARCH_COUNT_CAP: the matches are
 * collected once (the trigram index finds them when they are few), counted and sorted; `total` is
 * SEARCH_COUNT_CAP + 1 when there are more. Exported for the EXPLAIN test and the bench.
 */
export function cappedSearchQuery(db: TDb, input: TListInput) {
  const matches = db
    .select({
      id: applications.id,
      sentAt: sql`${applications.sentAt}`.as('sent_at'),
      rating: sql`${ratingExpression}`.as('rating'),
    })
    .from(applications)
    .where(listWhere(input))
    .limit(SEARCH_COUNT_CAP + 1)
    .as('matches');
  return db
    .select({ id: matches.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(matches)
    .orderBy(...listOrder(input.sort, { sentAt: matches.sentAt, id: matches.id, rating: matches.rating }))
    .limit(input.limit)
    .offset(input.skip);
}

/** Applicants per status for the whole job, zero for the statuses nobody is in (kept by migration 0010's triggers). */
export async function statusStatistic(db: TDb, jobId: string) {
  const rows = await db
    .select({ status: applicationStatusCounts.status, n: applicationStatusCounts.count })
    .from(applicationStatusCounts)
    .where(eq(applicationStatusCounts.jobId, jobId));
  const statistic = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])) as Record<
    TApplicationStatus,
    number
  >;
  for (const row of rows) if (row.status in statistic) statistic[row.status as TApplicationStatus] = row.n;
  return statistic;
}

/** How many applications match, counted up to SEARCH_COUNT_CAP + 1. */
async function cappedCount(db: TDb, input: TListInput) {
  const matches = db
    .select({ id: applications.id })
    .from(applications)
    .where(listWhere(input))
    .limit(SEARCH_COUNT_CAP + 1)
    .as('m');
  const [row] = await db.select({ n: count() }).from(matches);
  return row?.n ?? 0;
}

/**
 * The page of a search and its count: exact up to SEARCH_COUNT_CAP matches; beyond, the page comes from the
 * list's order and there are more matches than the count says (`countExact: false`).
 */
async function searchPage(db: TDb, input: TListInput) {
  // A page that starts past the cap cannot come from the capped matches: straight to the list's order.
  if (input.skip < SEARCH_COUNT_CAP) {
    const capped = await cappedSearchQuery(db, input);
    const total = capped[0]?.total;
    if (total !== undefined && total <= SEARCH_COUNT_CAP)
      return { ids: capped.map((r) => r.id), count: total, countExact: true };
    if (total === undefined) {
      // No row on this page: there are no more matches than the page skips.
      return { ids: [], count: input.skip === 0 ? 0 : await cappedCount(db, input), countExact: true };
    }
  }
  const page = await listPageQuery(db, { ...input, limit: input.limit + 1 });
  const ids = page.slice(0, input.limit).map((r) => r.id);
  const more = page.length > input.limit;
  // The last page tells the exact total; any other page only that there are more than this.
  if (ids.length > 0 && !more) return { ids, count: input.skip + ids.length, countExact: true };
  if (ids.length > 0)
    return { ids, count: Math.max(SEARCH_COUNT_CAP, input.skip + ids.length), countExact: false };
  const n = await cappedCount(db, input);
  return { ids, count: Math.min(n, SEARCH_COUNT_CAP), countExact: n <= SEARCH_COUNT_CAP };
}

// Issue 25: the list by interview (filter by the interview's state, sort by its score). Such a list joins each
// application's session (one at most, unique on application_id) and is counted as it is read; it serves the
// team's review of one job's interviewed candidates, not the large unfiltered lists decision 016 indexes for.

/** The SQL twin of interviewStateOf (packages/domain/src/interview.ts). */
export const interviewStateSql = (now: Date) => sql`case
  when ${interviewSessions.id} is null then 'none'
  when ${interviewSessions.completedAt} is not null then 'completed'
  when ${interviewSessions.deadline} is not null and ${interviewSessions.deadline} <= ${now.toISOString()}::timestamptz then 'expired'
  when ${interviewSessions.startedAt} is not null then 'started'
  else 'invited' end`;

const byInterview = (input: TListInput) =>
  input.interview !== undefined || input.sort === 'interview-high' || input.sort === 'interview-low';

async function interviewPage(db: TDb, input: TListInput) {
  const score = sql`${interviewSessions.score}`;
  const order =
    input.sort === 'interview-high' || input.sort === 'interview-low'
      ? [
          sql`${score} ${input.sort === 'interview-high' ? sql`desc` : sql`asc`} nulls last`,
          ...listOrder('newest'),
        ]
      : listOrder(input.sort);
  const rows = await db
    .select({ id: applications.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(applications)
    .leftJoin(interviewSessions, eq(interviewSessions.applicationId, applications.id))
    .where(
      and(
        listWhere(input),
        input.interview ? sql`${interviewStateSql(new Date())} = ${input.interview}` : undefined,
      ),
    )
    .orderBy(...order)
    .limit(input.limit)
    .offset(input.skip);
  if (rows.length === 0 && input.skip > 0) {
    const [row] = await db
      .select({ n: count() })
      .from(applications)
      .leftJoin(interviewSessions, eq(interviewSessions.applicationId, applications.id))
      .where(
        and(
          listWhere(input),
          input.interview ? sql`${interviewStateSql(new Date())} = ${input.interview}` : undefined,
        ),
      );
    return { ids: [], count: row?.n ?? 0, countExact: true };
  }
  return { ids: rows.map((r) => r.id), count: rows[0]?.total ?? 0, countExact: true };
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
  const [statistic, found] = await Promise.all([
    statusStatistic(ctx.db, job.id),
    byInterview(input)
      ? interviewPage(ctx.db, input)
      : input.search
        ? searchPage(ctx.db, input)
        : listPageQuery(ctx.db, input).then((rows) => ({
            ids: rows.map((r) => r.id),
            count: null,
            countExact: true,
          })),
  ]);
  // Without a search the statistic holds the count.
  const total =
    found.count ??
    (input.status ? statistic[input.status] : Object.values(statistic).reduce((a, b) => a + b, 0));
  return {
    applicants: await presentApplicants(ctx, found.ids),
    count: total,
    countExact: found.countExact,
    statistic,
  };
}
