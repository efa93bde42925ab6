import type { FastifyInstance } from 'fastify';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { TContext } from '../lib/context.ts';
import {
  databaseRateLimitStore,
  RATE_LIMIT_SWEEP_EVERY_MS,
  sweepRateLimits,
} from '../lib/rate-limit-store.ts';

// Decision 007: one registration, counted in the database every process shares; routes declare their own
// limits (`config.rateLimit`, `app.createRateLimit`). Ended windows are swept now and then by every process
// (a delete of expired rows: running it twice at once does no harm).
export async function registerRateLimit(app: FastifyInstance, ctx: TContext) {
  const store = databaseRateLimitStore(ctx.db) as unknown as FastifyRateLimitStoreCtor;
  await app.register(rateLimit, { global: false, store });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running = sweepRateLimits(ctx.db).catch((err: unknown) =>
        ctx.log.warn({ err }, 'ended rate-limit windows not swept'),
      );
    }, RATE_LIMIT_SWEEP_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
