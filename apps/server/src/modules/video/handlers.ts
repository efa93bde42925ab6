import type { TQueue } from '../../lib/queue/queue.ts';
import { takeNextRender } from './render-queue.ts';
import {
  renderVideoTemplate,
  type TRenderDeps,
  type TRenderHooks,
  type TRenderResult,
} from './render-job.ts';

/**
 * Registers the 'video.render' worker: one render at a time per process (the queue hands this worker one job
 * at a time). Each job is a turn of the fair queue: it renders the waiting template of the company served
 * least recently, not necessarily the one whose Finalize sent it (render-queue.ts). `hooks` and `onResult` are
 * for tests.
 */
export async function registerVideoRender(
  queue: TQueue,
  deps: TRenderDeps,
  options: { hooks?: TRenderHooks; onResult?: (templateId: string, result: TRenderResult) => void } = {},
) {
  await queue.work('video.render', async (_sent, job) => {
    const taken = await takeNextRender(deps.db, job.id);
    if (!taken) return { outcome: 'skipped' } satisfies TRenderResult;
    const result = await renderVideoTemplate(deps, { ...taken, job, hooks: options.hooks });
    options.onResult?.(taken.templateId, result);
    return result;
  });
}
