import type { TContext } from '../../lib/context.ts';
import { fairVideoPriority, SEEDED_PRIORITY } from '../video-processing/index.ts';

// docs/decisions/010-queue-and-video.md: processing runs as a queued job (retried, idempotent per step), sent
// with its company's place in line (decision 031), so one company's burst does not hold up another's video.
// `seeded`: a video made at first start (onboarding, demo company) waits behind the ones people upload.
export async function requestVideoProcessing(
  ctx: Pick<TContext, 'queue' | 'db'>,
  assetId: string,
  { seeded = false }: { seeded?: boolean } = {},
) {
  const priority = seeded ? SEEDED_PRIORITY : await fairVideoPriority(ctx.db, { assetId, lane: 'playable' });
  await ctx.queue.send('video.process', { assetId }, priority ? { priority } : undefined);
}
