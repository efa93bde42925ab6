import type { TContext } from '../../lib/context.ts';

type TVideoQueue = { send: (name: 'video.process', data: { assetId: string }) => Promise<unknown> };

// The pipeline's queue (ctx.queue) is being added in parallel: while a build has none, processing requests
// are logged and dropped, and the asset stays 'new' (shown as prepared, spec 3 §4).
export async function requestVideoProcessing(ctx: TContext, assetId: string) {
  const queue = (ctx as { queue?: TVideoQueue }).queue;
  if (!queue) {
    ctx.log.info({ assetId }, 'video.process not queued: no queue in context yet');
    return;
  }
  await queue.send('video.process', { assetId });
}
