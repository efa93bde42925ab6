import type { TContext } from '../../lib/context.ts';
import { fairVideoPlace, SEEDED_PRIORITY } from '../video-processing/index.ts';

// docs/decisions/010-queue-and-video.md: processing runs as a queued job (retried, idempotent per step), sent
// with its company's place in line (decision 031) and its company as its group, whose videos take at most part
// of the lane's slots (decision 039), so one company's burst does not hold up another's video.
// `seeded`: a video made at first start (onboarding, demo company) waits behind the ones people upload.
export async function requestVideoProcessing(
  ctx: Pick<TContext, 'queue' | 'db'>,
  assetId: string,
  { seeded = false }: { seeded?: boolean } = {},
) {
  const place = await fairVideoPlace(ctx.db, { assetId, lane: 'playable' });
  await ctx.queue.send(
    'video.process',
    { assetId },
    seeded ? { ...place, priority: SEEDED_PRIORITY } : place,
  );
}
