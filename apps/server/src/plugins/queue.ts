import type { FastifyInstance } from 'fastify';
import type { TDbHandle } from '@hirecast/db/client';
import type { TContext } from '../lib/context.ts';
import type { TMetrics } from '../lib/metrics.ts';
import { createQueue, type TQueue } from '../lib/queue/queue.ts';
import { videoToolsFrom } from '../lib/video/tools.ts';
import { registerScreening } from '../modules/applications/screening.ts';
import { registerCompanyJobs } from '../modules/companies/handlers.ts';
import { registerDigests } from '../modules/digests/service.ts';
import { registerVideoProcessing } from '../modules/video-processing/handlers.ts';
import { videoRenderDeps } from '../modules/video/deps.ts';
import { registerVideoRender } from '../modules/video/handlers.ts';
import { registerInterviewJobs } from '../modules/interviews/index.ts';

export function createJobQueue(
  database: TDbHandle,
  log: TContext['log'],
  { runsHandlers, metrics }: { runsHandlers: boolean; metrics?: TMetrics },
): TQueue {
  return createQueue({ database, log, runsSchedules: runsHandlers, metrics });
}

/** Every job handler, for the API process (QUEUE_INPROCESS) and for `npm run worker`. */
export async function registerJobHandlers(ctx: TContext) {
  await registerVideoProcessing(ctx.queue, {
    db: ctx.db,
    storage: ctx.storage,
    log: ctx.log,
    tools: videoToolsFrom(ctx.config),
  });
  await registerScreening(ctx.queue, ctx);
  await registerCompanyJobs(ctx);
  await registerDigests(ctx.queue, ctx);
  await registerVideoRender(ctx.queue, videoRenderDeps(ctx));
  await registerInterviewJobs(ctx.queue, ctx);
}

// The API process sends jobs; with QUEUE_INPROCESS it also runs them (the embedded default). The queue
// stops with the app: running handlers finish, unfinished jobs are retried by the next worker.
export function registerQueue(app: FastifyInstance, ctx: TContext) {
  if (ctx.config.queue.inProcess) app.addHook('onReady', () => registerJobHandlers(ctx));
  app.addHook('onClose', () => ctx.queue.stop({ graceMs: ctx.config.shutdownGraceMs }));
}
