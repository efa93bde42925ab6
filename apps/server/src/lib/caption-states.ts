import { and, eq, inArray, sql } from 'drizzle-orm';
import { captions, transcripts } from '@hirecast/db/schema';
import type { TCaptionState } from '@hirecast/domain/captions';
import type { TContext } from './context.ts';

// Issue 34 item 3: none, generated or reviewed, for lists of videos (the media library's cards). Reviewed: it has
// saved captions (modules/transcripts/captions.ts); generated: its transcript is done and has words.

type TDb = TContext['db'];

/** The caption state of each of these videos, in two queries (the media library's cards). */
export async function captionStates(db: TDb, assetIds: string[]): Promise<Map<string, TCaptionState>> {
  const states = new Map<string, TCaptionState>();
  if (assetIds.length === 0) return states;
  const [reviewed, generated] = await Promise.all([
    db.select({ id: captions.assetId }).from(captions).where(inArray(captions.assetId, assetIds)),
    db
      .select({ id: transcripts.assetId })
      .from(transcripts)
      .where(
        and(
          inArray(transcripts.assetId, assetIds),
          eq(transcripts.status, 'done'),
          sql`jsonb_array_length(${transcripts.segments}) > 0`,
        ),
      ),
  ]);
  for (const { id } of generated) states.set(id, 'generated');
  for (const { id } of reviewed) states.set(id, 'reviewed');
  return states;
}
