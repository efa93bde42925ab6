import type { TQueue } from '../../lib/queue/queue.ts';
import {
  renderVideoTemplate,
  type TRenderDeps,
  type TRenderHooks,
  type TRenderResult,
} from './render-job.ts';

/**
 * Registers the 'video.render' worker: one render at a time per process (the queue hands this worker one job
 * at a time). `hooks` and `onResult` are for tests.
 */
export async function registerVideoRender(
  queue: TQueue,
  deps: TRenderDeps,
  options: { hooks?: TRenderHooks; onResult?: (templateId: string, result: TRenderResult) => void } = {},
) {
  await queue.work('video.render', async ({ templateId, renderId }, job) => {
    const result = await renderVideoTemplate(deps, { templateId, renderId, job, hooks: options.hooks });
    options.onResult?.(templateId, result);
    return result;
  });
}
