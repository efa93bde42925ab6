import type { TContext } from '../../lib/context.ts';

// docs/decisions/010-queue-and-video.md: processing runs as a queued job (retried, idempotent per step).
export async function requestVideoProcessing(ctx: Pick<TContext, 'queue'>, assetId: string) {
  await ctx.queue.send('video.process', { assetId });
}
