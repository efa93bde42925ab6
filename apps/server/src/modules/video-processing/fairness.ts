import { sql } from 'drizzle-orm';
import type { TDb } from '@hirecast/db/client';

// docs/decisions/031-remux-what-already-plays.md: pg-boss serves a queue by priority (higher first), then by age.
// Each video job is sent with its company's place in line: the company's n-th video still waiting in that lane
// gets priority -(n-1). So a company that sends one video goes right after the job in hand, not behind another
// company's burst of fifty: companies are served in turn. The count lives in PostgreSQL, so every API process
// and worker agree on it.

/** Below every person's video: the videos made at first start (onboarding, demo company) wait for theirs. */
export const SEEDED_PRIORITY = -100_000;
/** A video left waiting this long (a queue or worker that died long ago) no longer counts in its company's line. */
const WAITING_WINDOW = sql`interval '2 hours'`;
const LOWEST = -10_000;

/**
 * The priority of a job about `assetId` in `lane`: 'playable' counts the company's videos not yet playable,
 * 'renditions' those playable but still without one of their two renditions.
 */
export async function fairVideoPriority(
  db: TDb,
  { assetId, lane }: { assetId: string; lane: 'playable' | 'renditions' },
): Promise<number> {
  const waiting =
    lane === 'playable'
      ? sql`w.status in ('new', 'in progress')`
      : sql`w.status <> 'error' and (w.data ->> 'videoMp4Url' is null or w.data ->> 'videoMp4Url_720p' is null)
              and coalesce(w.data ->> 'videoMp4Url', w.data ->> 'videoMp4Url_720p') is not null`;
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from video_assets w
    where w.company_id = (select company_id from video_assets where id = ${assetId})
      and w.id <> ${assetId}
      and w.original_key is not null
      and w.updated_at > now() - ${WAITING_WINDOW}
      and ${waiting}`);
  const ahead = Number(result.rows[0]?.n ?? 0);
  return Math.max(LOWEST, -ahead);
}
