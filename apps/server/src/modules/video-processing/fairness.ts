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
 * The place in line of a job about `assetId` in `lane`: its `priority` ('playable' counts the company's videos
 * not yet playable, 'renditions' those playable but still without one of their two renditions or their
 * thumbnails) and its `group`, the company, whose videos may take only part of a lane's slots (decision 039).
 */
export async function fairVideoPlace(
  db: TDb,
  { assetId, lane }: { assetId: string; lane: 'playable' | 'renditions' },
): Promise<{ priority: number; group: string | undefined }> {
  const waiting =
    lane === 'playable'
      ? sql`w.status in ('new', 'in progress')`
      : sql`w.status <> 'error' and coalesce(w.data ->> 'videoMp4Url', w.data ->> 'videoMp4Url_720p') is not null
              and (w.data ->> 'videoMp4Url' is null or w.data ->> 'videoMp4Url_720p' is null
                   or jsonb_array_length(w.thumbnails) <= 1)`;
  const result = await db.execute<{ company_id: string; n: number }>(sql`
    select a.company_id, (
      select count(*)::int from video_assets w
      where w.company_id = a.company_id
        and w.id <> a.id
        and w.original_key is not null
        and w.updated_at > now() - ${WAITING_WINDOW}
        and ${waiting}) as n
    from video_assets a where a.id = ${assetId}`);
  const row = result.rows[0];
  return { priority: Math.max(LOWEST, -Number(row?.n ?? 0)), group: row?.company_id };
}
