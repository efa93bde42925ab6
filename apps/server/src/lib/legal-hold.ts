import { and, eq, isNotNull } from 'drizzle-orm';
import { applicationRetention, applications } from '@hirecast/db/schema';
import type { TDb, TTx } from '@hirecast/db/client';

// Issue 33 item 1: an application under legal hold is never deleted or anonymised, by anyone, whatever the path.
// This is the one reading of that rule: the application delete (applications/delete.ts), the privacy erasure
// (privacy/erase.ts) and the job delete (whose applications would go by cascade) ask it inside their own
// transaction, after locking the application row, so a hold set or released meanwhile is seen. It sits below the
// modules (like lib/privacy-audit.ts) because modules that cannot depend on each other both ask it.

export type TLegalHold = { reason: string; at: Date };

/** The application's legal hold, or null when it is not held. */
export async function legalHoldOf(db: TDb | TTx, applicationId: string): Promise<TLegalHold | null> {
  const [row] = await db
    .select({ reason: applicationRetention.holdReason, at: applicationRetention.holdAt })
    .from(applicationRetention)
    .where(
      and(eq(applicationRetention.applicationId, applicationId), isNotNull(applicationRetention.holdAt)),
    );
  return row?.at ? { reason: row.reason ?? '', at: row.at } : null;
}

/** How many applications of the job are under legal hold (a job cannot be deleted while any is). */
export async function heldApplicationsOfJob(db: TDb | TTx, jobId: string): Promise<number> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(applicationRetention, eq(applicationRetention.applicationId, applications.id))
    .where(and(eq(applications.jobId, jobId), isNotNull(applicationRetention.holdAt)))
    .for('update', { of: applications });
  return rows.length;
}
