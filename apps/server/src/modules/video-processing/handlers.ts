import type { TQueue, TWorkOptions } from '../../lib/queue/queue.ts';
import { BACKGROUND_NICENESS, TOOL_NICENESS, withToolOptions } from '../../lib/video/ffmpeg.ts';
import { fairVideoPlace } from './fairness.ts';
import {
  processVideoAsset,
  type TVideoHooks,
  type TVideoProcessingDeps,
  type TVideoResult,
} from './service.ts';

/**
 * Registers the two video lanes (decisions 031 and 039). 'video.process' makes a video playable (a copy of an
 * H.264 recording, else a 480p transcode) with one poster; 'video.renditions' then makes the other thumbnails
 * and the rendition still missing. Each lane runs `lanes.concurrency` videos at once in this process, at most
 * `lanes.perCompany` of one company's (the queue's per-group cap), so a long transcode in one lane never holds
 * up the quick copies in the other, and a company's burst always leaves slots to the others. The renditions
 * lane's ffmpeg runs below the playable lane's, which runs below the API. `onResult` and `hooks` are for tests
 * and the bench.
 */
export async function registerVideoProcessing(
  queue: TQueue,
  deps: TVideoProcessingDeps,
  options: {
    /** Videos at once per lane in this process, and of one company (VIDEO_CONCURRENCY…); one at a time if unset. */
    lanes?: { concurrency: number; perCompany: number };
    hooks?: TVideoHooks;
    onResult?: (assetId: string, result: TVideoResult, lane: 'playable' | 'renditions') => void;
    /** After the 'playable' lane has made a video play (issue 34: its transcript is queued); run again on a re-run. */
    afterPlayable?: (assetId: string) => Promise<void>;
  } = {},
) {
  const { hooks } = options;
  const work: TWorkOptions = options.lanes
    ? { concurrency: options.lanes.concurrency, perGroup: options.lanes.perCompany }
    : {};
  // Each lane's niceness; VIDEO_LOWER_PRIORITY=false runs both at this process's own priority (runTool decides).
  const tools = (niceness: number, encoderThreads?: number) => ({
    niceness,
    encoderThreads,
    onSpawn: hooks?.onToolSpawn,
  });
  await queue.work(
    'video.process',
    async ({ assetId }, job) => {
      const result = await withToolOptions(tools(TOOL_NICENESS), () =>
        processVideoAsset(deps, { assetId, job, hooks, stage: 'playable' }),
      );
      // Sent before this job completes: a worker dying in between re-runs this job, which sends it again, and
      // the second renditions job finds the asset complete and skips.
      if (result.outcome === 'done' && result.renditionsLeft)
        await queue.send(
          'video.renditions',
          { assetId },
          await fairVideoPlace(deps.db, { assetId, lane: 'renditions' }),
        );
      if (result.outcome === 'done') await options.afterPlayable?.(assetId);
      options.onResult?.(assetId, result, 'playable');
      return result;
    },
    work,
  );
  await queue.work(
    'video.renditions',
    async ({ assetId }, job) => {
      // One encoder thread: the renditions yield the cores to the copies (the kernel weighs niceness per thread).
      const result = await withToolOptions(tools(BACKGROUND_NICENESS, 1), () =>
        processVideoAsset(deps, { assetId, job, hooks, stage: 'all' }),
      );
      options.onResult?.(assetId, result, 'renditions');
      return result;
    },
    work,
  );
}
