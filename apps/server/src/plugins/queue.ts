import type { FastifyInstance } from 'fastify';
import type { TDbHandle } from '@hirecast/db/client';
import type { TContext } from '../lib/context.ts';
import type { TMetrics } from '../lib/metrics.ts';
import { createQueue, type TQueue } from '../lib/queue/queue.ts';

export function createJobQueue(
  database: TDbHandle,
  log: TContext['log'],
  { runsHandlers, metrics }: { runsHandlers: boolean; metrics?: TMetrics },
): TQueue {
  return createQueue({ database, log, runsHandlers, metrics });
}

// The API process sends jobs; with QUEUE_INPROCESS it also runs them (the embedded default), with the handlers
// the composition root registers (composition/job-handlers.ts). The queue stops with the app: running handlers
// finish, unfinished jobs are retried by the next worker.
export function registerQueue(
  app: FastifyInstance,
  ctx: TContext,
  registerJobHandlers: (ctx: TContext) => Promise<void>,
) {
  if (ctx.config.queue.inProcess) app.addHook('onReady', () => registerJobHandlers(ctx));
  app.addHook('onClose', () => ctx.queue.stop({ graceMs: ctx.config.shutdownGraceMs }));
}
