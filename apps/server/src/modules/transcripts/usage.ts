import { and, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { TDbLike } from '@hirecast/db/client';
import { transcripts } from '@hirecast/db/schema';

const MONTH_START = sql`date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'`;

/**
 * The seconds of sound a company has had transcribed this calendar month (UTC), as the monthly cap counts them:
 * transcripts started this month that are running or done (a failed one does not count). `except`: a transcript
 * left out (the one about to be booked).
 */
export async function usedSecondsThisMonth(
  db: TDbLike,
  { companyId, except }: { companyId: string; except?: string },
): Promise<number> {
  const where: SQL[] = [
    eq(transcripts.companyId, companyId),
    inArray(transcripts.status, ['running', 'done']),
    isNotNull(transcripts.startedAt),
    sql`${transcripts.startedAt} >= ${MONTH_START}`,
  ];
  if (except) where.push(ne(transcripts.id, except));
  const [used] = await db
    .select({ seconds: sql<number>`coalesce(sum(${transcripts.durationSeconds}), 0)::float8` })
    .from(transcripts)
    .where(and(...where));
  return Number(used?.seconds ?? 0);
}
