import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { TDbHandle } from '@hirecast/db/client';
import { messages } from '@hirecast/domain/messages';
import type { TConfig } from '../config.ts';
import { AppError, STATUS_BY_CODE } from '../lib/app-error.ts';
import { isLocalClient } from '../lib/local-client.ts';
import { statusClass, type TMetrics } from '../lib/metrics.ts';
import { JOB_NAMES } from '../lib/queue/jobs.ts';

// GET /metrics (Prometheus text format) for operators. Served to this computer (a loopback peer that no proxy
// forwarded, as the dev mailbox: lib/local-client.ts) and to a scraper that sends `Authorization: Bearer
// METRICS_TOKEN`. Anyone else gets 403 when a token is configured (a scraper with a wrong token learns why) and
// the 404 of a route that does not exist when none is. The token is compared in constant time and never logged
// (the request log redacts the Authorization header, app.ts).

const digest = (value: string) => createHash('sha256').update(value).digest();

export function metricsAccess(token: string | undefined) {
  const expected = token ? digest(token) : undefined;
  return (request: FastifyRequest): 'allowed' | 'forbidden' | 'hidden' => {
    if (isLocalClient(request.raw)) return 'allowed';
    if (!expected) return 'hidden';
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    return given && timingSafeEqual(digest(given), expected) ? 'allowed' : 'forbidden';
  };
}

type TQueueRow = { name: string; queued: number; active: number; oldest: number | null };

/** Waiting and running jobs per job type, from the database. */
async function readQueue(database: TDbHandle): Promise<TQueueRow[]> {
  // pg-boss makes its schema at its first start (the first job sent or worked): until then nothing waits.
  const ready = await database.db.execute<{ ready: boolean }>(
    sql`select to_regclass('pgboss.job') is not null as ready`,
  );
  if (ready.rows[0]?.ready !== true) return [];
  const result = await database.db.execute<TQueueRow>(sql`
    select name,
      count(*) filter (where state < 'active')::int as queued,
      count(*) filter (where state = 'active')::int as active,
      extract(epoch from now() - min(created_on) filter (where state < 'active'))::float8 as oldest
    from pgboss.job
    where state <= 'active'
    group by name`);
  return result.rows;
}

/** The pool's gauges and the queue's, read now: the queue from the database, so every process reports the same. */
async function refreshGauges(database: TDbHandle, metrics: TMetrics) {
  const stats = database.poolStats?.();
  if (stats) {
    metrics.dbPool.set({ state: 'in_use' }, stats.total - stats.idle);
    metrics.dbPool.set({ state: 'idle' }, stats.idle);
    metrics.dbPool.set({ state: 'max' }, stats.max);
    metrics.dbPoolWaiting.set(stats.waiting);
  }
  const rows = new Map((await readQueue(database)).map((row) => [row.name, row]));
  for (const job of JOB_NAMES) {
    const row = rows.get(job);
    metrics.queueDepth.set({ job }, row?.queued ?? 0);
    metrics.queueActive.set({ job }, row?.active ?? 0);
    metrics.queueOldestAge.set({ job }, Math.max(0, row?.oldest ?? 0));
  }
}

/** The metrics route (and, with `observeRequests`, the request histograms) on a Fastify instance. */
export function registerMetrics(
  app: FastifyInstance,
  {
    config,
    database,
    metrics,
    observeRequests = true,
  }: { config: TConfig; database: TDbHandle; metrics: TMetrics; observeRequests?: boolean },
) {
  if (observeRequests)
    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern (`/api/job/:jobId`), never the raw URL: ids would make a series per record.
      const route = request.routeOptions.url ?? 'unmatched';
      const labels = { method: request.method, route, status_class: statusClass(reply.statusCode) };
      metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
      if (reply.statusCode >= 400) metrics.httpErrors.inc(labels);
    });

  const access = metricsAccess(config.metrics.token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const verdict = access(request);
    if (verdict === 'hidden') throw new AppError('NOT_FOUND', messages.notFound);
    if (verdict === 'forbidden') throw new AppError('FORBIDDEN', messages.forbidden);
    await refreshGauges(database, metrics);
    reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
}

/** A worker's own GET /metrics (its job durations and memory, and the shared queue) on `port`. */
export async function serveWorkerMetrics(input: {
  config: TConfig;
  database: TDbHandle;
  metrics: TMetrics;
  port: number;
}) {
  const { config, port } = input;
  const server = Fastify({ logger: false, trustProxy: config.trustProxy });
  server.setErrorHandler((err, _request, reply) => {
    const code = err instanceof AppError ? err.code : 'INTERNAL';
    return reply.status(STATUS_BY_CODE[code]).send({ error: { code } });
  });
  registerMetrics(server, { ...input, observeRequests: false });
  await server.listen({ port, host: config.host });
  return server;
}
