import { sql } from 'drizzle-orm';
import type { TDbLike } from '@hirecast/db/client';

// As the video lanes (video-processing/fairness.ts, decision 031): a transcript job is sent with its company's
// place in line, the company's n-th transcript still waiting gets priority -(n-1), so one company's burst of
// answers does not hold up another company's one video. The count lives in PostgreSQL, so every process agrees.

/** A transcript left waiting this long (a queue or worker that died long ago) no longer counts in its company's line. */
const WAITING_WINDOW = sql`interval '2 hours'`;
const LOWEST = -10_000;

export async function fairTranscriptPriority(
  db: TDbLike,
  { assetId, companyId }: { assetId: string; companyId: string },
): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from transcripts
    where company_id = ${companyId} and asset_id <> ${assetId}
      and status in ('queued', 'running') and updated_at > now() - ${WAITING_WINDOW}`);
  const ahead = Number(result.rows[0]?.n ?? 0);
  return Math.max(LOWEST, -ahead);
}
