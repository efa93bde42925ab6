import type { TQueue } from '../../lib/queue/queue.ts';
import {
  processVideoAsset,
  type TVideoHooks,
  type TVideoProcessingDeps,
  type TVideoResult,
} from './service.ts';

/** Registers the 'video.process' worker. `onResult` and `hooks` are for tests and the bench. */
export async function registerVideoProcessing(
  queue: TQueue,
  deps: TVideoProcessingDeps,
  options: { hooks?: TVideoHooks; onResult?: (assetId: string, result: TVideoResult) => void } = {},
) {
  await queue.work('video.process', async ({ assetId }, job) => {
    const result = await processVideoAsset(deps, { assetId, job, hooks: options.hooks });
    options.onResult?.(assetId, result);
    return result;
  });
}
