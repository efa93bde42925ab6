import type { TContext } from '../../lib/context.ts';

// docs/decisions/010-queue-and-video.md: processing runs as a queued job (retried, idempotent per step).
// `seeded`: a video made at first start (onboarding, demo company) waits behind the ones people upload.
export async function requestVideoProcessing(
  ctx: Pick<TContext, 'queue'>,
  assetId: string,
  { seeded = false }: { seeded?: boolean } = {},
) {
  await ctx.queue.send('video.process', { assetId }, seeded ? { priority: -1 } : undefined);
}
