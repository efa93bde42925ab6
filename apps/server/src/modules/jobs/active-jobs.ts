import { and, eq, sql } from 'drizzle-orm';
import { companies, jobs } from '@hirecast/db/schema';
import type { TDb } from '@hirecast/db/client';
import { messages } from '@hirecast/domain/messages';
import { AppError } from '../../lib/app-error.ts';

export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

/**
 * Locks the company row for the rest of the transaction, so that concurrent creates, publishes and deletes of
 * one company are serialised (the first-job flag, the order at the end and the active-job limit stay right).
 */
export async function lockCompany(tx: TTx, companyId: string) {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
  if (!company) throw new AppError('NOT_FOUND', messages.notFound);
  return company;
}

// spec 1 §4: 'The company's active job count rises on opening and falls on deleting a non-first open job',
// and the job limit applies 'unless it is the first job'. So activeJobs is defined as the number of open jobs
// that are not the company's first job. It is recounted from the jobs (never incremented) in the transaction
// that changed them, so it cannot drift; closing a job frees its place too, as the definition implies.
export async function countActiveJobs(tx: TDb | TTx, companyId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), eq(jobs.status, 'open'), eq(jobs.isFirstJob, false)));
  return Number(row?.n ?? 0);
}

export async function refreshActiveJobs(tx: TTx, companyId: string): Promise<number> {
  const activeJobs = await countActiveJobs(tx, companyId);
  await tx.update(companies).set({ activeJobs }).where(eq(companies.id, companyId));
  return activeJobs;
}
