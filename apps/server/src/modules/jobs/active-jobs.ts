import { eq } from 'drizzle-orm';
import { companies } from '@hirecast/db/schema';
import type { TTx } from '@hirecast/db/client';
import { messages } from '@hirecast/domain/messages';
import { AppError } from '../../lib/app-error.ts';
import { countActiveJobs } from '../billing/index.ts';

/**
 * Locks the company row for the rest of the transaction, so that concurrent creates, publishes and deletes of
 * one company are serialised (the first-job flag, the order at the end and the active-job limit stay right).
 */
export async function lockCompany(tx: TTx, companyId: string) {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
  if (!company) throw new AppError('NOT_FOUND', messages.notFound);
  return company;
}

export async function refreshActiveJobs(tx: TTx, companyId: string): Promise<number> {
  const activeJobs = await countActiveJobs(tx, companyId);
  await tx.update(companies).set({ activeJobs }).where(eq(companies.id, companyId));
  return activeJobs;
}
