import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import { companies, jobs } from '@hirecast/db/schema';
import type { TDb } from '@hirecast/db/client';
import type { TJobsQuery } from '@hirecast/domain/job';
import type { TJobRow } from './serialize.ts';
import { escapeLike } from '../../lib/escape-like.ts';

// spec 1 §4 Sorting: the first job on top, then by order (then the older first, so equal orders are stable).
export const jobListOrder = [desc(jobs.isFirstJob), asc(jobs.order), asc(jobs.createdAt), asc(jobs.id)];

// GET /api/job is the read every screen of the web app starts with: one statement with the company's name
// joined (its link data needs it), prepared once per database so that PostgreSQL parses and plans it once per
// connection and Drizzle builds it once (decision 016). One statement per combination of filters.
function prepareJobLists(db: TDb) {
  const variant = (search: boolean, status: boolean) =>
    db
      .select({ job: jobs, companyName: companies.name })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(
        and(
          eq(jobs.companyId, sql.placeholder('companyId')),
          search ? ilike(jobs.title, sql.placeholder('search')) : undefined,
          status ? eq(jobs.status, sql.placeholder('status')) : undefined,
        ),
      )
      .orderBy(...jobListOrder)
      .prepare(`jobs_list_${search ? 's' : ''}${status ? 'f' : ''}`);
  return {
    all: variant(false, false),
    search: variant(true, false),
    status: variant(false, true),
    both: variant(true, true),
  };
}

const prepared = new WeakMap<TDb, ReturnType<typeof prepareJobLists>>();

/** A company's jobs in list order, with the company's name, filtered by title and status. */
export async function selectJobList(
  db: TDb,
  { companyId, query }: { companyId: string; query: TJobsQuery },
): Promise<{ job: TJobRow; companyName: string }[]> {
  let lists = prepared.get(db);
  if (!lists) prepared.set(db, (lists = prepareJobLists(db)));
  const search = query.search?.trim();
  const pattern = search ? `%${escapeLike(search)}%` : undefined;
  if (pattern && query.status)
    return lists.both.execute({ companyId, search: pattern, status: query.status });
  if (pattern) return lists.search.execute({ companyId, search: pattern });
  if (query.status) return lists.status.execute({ companyId, status: query.status });
  return lists.all.execute({ companyId });
}
