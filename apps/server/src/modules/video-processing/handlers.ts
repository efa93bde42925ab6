import type { TQueue } from '../../lib/queue/queue.ts';
import { fairVideoPriority } from './fairness.ts';
import {
  processVideoAsset,
  type TVideoHooks,
  type TVideoProcessingDeps,
  type TVideoResult,
} from './service.ts';

/**
 * Registers the two video lanes (decision 031). 'video.process' makes a video playable (a copy of an H.264
 * recording, else a 480p transcode) and its thumbnails; 'video.renditions' then makes the rendition still
 * missing. Each lane runs one job at a time per process, so a long transcode in one never holds up the quick
 * copies in the other. `onResult` and `hooks` are for tests and the bench.
 */
export async function registerVideoProcessing(
  queue: TQueue,
  deps: TVideoProcessingDeps,
  options: {
    hooks?: TVideoHooks;
    onResult?: (assetId: string, result: TVideoResult, lane: 'playable' | 'renditions') => void;
  } = {},
) {
  await queue.work('video.process', async ({ assetId }, job) => {
    const result = await processVideoAsset(deps, { assetId, job, hooks: options.hooks, stage: 'playable' });
    // Sent before this job completes: a worker dying in between re-runs this job, which sends it again, and
    // the second renditions job finds the asset complete and skips.
    if (result.outcome === 'done' && result.renditionsLeft) {
      const priority = await fairVideoPriority(deps.db, { assetId, lane: 'renditions' });
      await queue.send('video.renditions', { assetId }, priority ? { priority } : undefined);
    }
    options.onResult?.(assetId, result, 'playable');
    return result;
  });
  await queue.work('video.renditions', async ({ assetId }, job) => {
    const result = await processVideoAsset(deps, { assetId, job, hooks: options.hooks, stage: 'all' });
    options.onResult?.(assetId, result, 'renditions');
    return result;
  });
}
