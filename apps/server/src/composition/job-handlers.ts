import type { TContext } from '../lib/context.ts';
import { videoToolsFrom } from '../lib/video/tools.ts';
import { registerScreening } from '../modules/applications/index.ts';
import { registerCompanyJobs } from '../modules/companies/index.ts';
import { registerDigests } from '../modules/digests/index.ts';
import { registerJobLetters } from '../modules/job-letters/index.ts';
import { registerVideoProcessing } from '../modules/video-processing/index.ts';
import { registerVideoRender, videoRenderDeps } from '../modules/video/index.ts';

/**
 * Every job handler, for the API process (QUEUE_INPROCESS) and for `npm run worker`. The composition root is
 * the one place that knows every module with a queue job: a new job type adds its `register…` call here
 * (exported from its module's index.ts), never in plugins/queue.ts.
 */
export async function registerJobHandlers(ctx: TContext) {
  await registerVideoProcessing(ctx.queue, {
    db: ctx.db,
    storage: ctx.storage,
    log: ctx.log,
    tools: videoToolsFrom(ctx.config),
  });
  await registerScreening(ctx.queue, ctx);
  await registerCompanyJobs(ctx);
  await registerJobLetters(ctx);
  await registerDigests(ctx.queue, ctx);
  await registerVideoRender(ctx.queue, videoRenderDeps(ctx));
}
