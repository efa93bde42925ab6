import { setTimeout as sleep } from 'node:timers/promises';
import { PgBoss, fromPglite, type JobWithMetadata } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { TDbHandle } from '@hirecast/db/client';
import type { TMetrics } from '../metrics.ts';
import { JOB_NAMES, JOB_OPTIONS, type TJobName, type TJobPayloads } from './jobs.ts';

export type TJobContext = { id: string; attempt: number; isLastAttempt: boolean; signal: AbortSignal };
export type TJobHandler<N extends TJobName> = (data: TJobPayloads[N], job: TJobContext) => Promise<unknown>;
/**
 * How many jobs of a queue this process runs at once (`concurrency`, default 1), and at most how many of them
 * may share a `group` (what `send` was given: a company), so that one group's burst always leaves
 * `concurrency - perGroup` of them to the others (decision 039).
 */
export type TWorkOptions = { concurrency?: number; perGroup?: number };

// ARCHITECTURE.md "background jobs": pg-boss on the same database. The API sends; workers (in the API
// process when QUEUE_INPROCESS is true, and in `npm run worker` processes) run the handlers.
export type TQueue = {
  /**
   * `priority`: higher runs first (default 0); the videos seeded at first start go below people's. `group`: whose
   * job it is (a company id), for the per-group cap of `work`'s `perGroup`.
   */
  send: <N extends TJobName>(
    name: N,
    data: TJobPayloads[N],
    options?: { priority?: number; group?: string },
  ) => Promise<string | null>;
  work: <N extends TJobName>(name: N, handler: TJobHandler<N>, options?: TWorkOptions) => Promise<void>;
  /** A recurring job (cron, UTC unless `tz`); `key` tells several schedules of one job apart. */
  schedule: <N extends TJobName>(
    name: N,
    cron: string,
    data: TJobPayloads[N],
    options: { key: string; tz?: string },
  ) => Promise<void>;
  start: () => Promise<void>;
  /** Runs `fn` when the queue stops, before it waits for running handlers (a loop of this process ends). */
  onStop: (fn: () => void) => void;
  /**
   * Stops fetching; running handlers get `graceMs` to finish. Those still running then are handed back to the
   * queue (pg-boss fails them as 'shut down while active', a retry another worker picks up) and aborted.
   */
  stop: (options?: { graceMs?: number }) => Promise<void>;
};

const SCHEMA = 'pgboss';
/** How often a worker looks for jobs that no NOTIFY announced (retries and delayed jobs coming due). */
const IDLE_POLL_SECONDS = 5;
/** How long a stopping queue waits for aborted handlers to clean up. */
const ABORTED_CLEANUP_MS = 5_000;

// `runsHandlers`: whether this process runs jobs (workers, and the API with QUEUE_INPROCESS). Such a process
// turns due schedules into jobs (many may: pg-boss sends each occurrence once) and listens for new jobs: every
// queue emits a NOTIFY when a job is sent, which wakes the workers at once instead of at their next poll (issue
// 25: a recorded answer playable in seconds; polling, every second, stays as the floor). An API process that
// only sends holds no listening connection.
export function createQueue({
  database,
  log,
  runsHandlers = false,
  metrics,
}: {
  database: TDbHandle;
  log: FastifyBaseLogger;
  runsHandlers?: boolean;
  /** Where each job's run time is observed (GET /metrics). */
  metrics?: TMetrics;
}): TQueue {
  const common = { schema: SCHEMA, schedule: runsHandlers, useListenNotify: runsHandlers };
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite!), backend: 'pglite', ...common })
      : new PgBoss({ connectionString: database.url!, max: 4, ...common });
  boss.on('error', (err: unknown) => log.error({ err }, 'job queue error'));
  // Where no listener can be held (a pooler in transaction mode), pg-boss says so and keeps polling.
  boss.on('warning', (warning: { message: string }) => log.warn({ warning }, 'job queue warning'));

  let started: Promise<void> | undefined;
  let stopped = false;
  const stopHooks: (() => void)[] = [];
  // The handlers running in this process. pg-boss stops waiting for an aborted one; stop() still gives it a
  // moment to clean up (its temporary files, its log line) before the process closes the database.
  const running = new Set<Promise<unknown>>();
  // A queue's workers fetch again as soon as one of its jobs ends, the worker that ran it included: pg-boss
  // otherwise waits out its poll before the next fetch, and a burst (fifty uploads) would drain one job per poll.
  // Workers that find nothing go back to sleep.
  const wakeQueue = (name: TJobName) => {
    for (const worker of boss.getWipData()) if (worker.name === name) boss.notifyWorker(worker.id);
  };
  const start = () =>
    (started ??= (async () => {
      await boss.start();
      for (const name of JOB_NAMES) {
        const { retryLimit, retryDelay, expireInSeconds, heartbeatSeconds } = JOB_OPTIONS[name];
        const options = {
          retryLimit,
          retryDelay,
          retryBackoff: true,
          expireInSeconds,
          heartbeatSeconds,
          notify: true,
        };
        // createQueue is a no-op for an existing queue; updateQueue keeps its options in step with the code.
        await boss.createQueue(name, options);
        await boss.updateQueue(name, options);
      }
    })());

  return {
    start,
    onStop: (fn) => void stopHooks.push(fn),
    async send(name, data, options) {
      await start();
      const { priority, group } = options ?? {};
      if (!priority && !group) return boss.send(name, data);
      return boss.send(name, data, {
        ...(priority ? { priority } : {}),
        ...(group ? { group: { id: group } } : {}),
      });
    },
    async work(name, handler, options = {}) {
      await start();
      const concurrency = options.concurrency ?? 1;
      const perGroup = Math.min(options.perGroup ?? concurrency, concurrency);
      await boss.work(
        name,
        {
          // A sent job wakes its queue's workers at once (NOTIFY), and a worker that finishes a job looks for the
          // next at once (wakeQueue below), so polling only finds what no NOTIFY announces: a retry or a
          // delayed job coming due, a job sent while the listener was reconnecting. Every 5 s for that (every
          // second without NOTIFY): the API process has a worker per queue and lane slot, some twenty, and
          // their polls every second were a tenth of a core on the embedded database while nothing happened.
          includeMetadata: true,
          batchSize: 1,
          pollingIntervalSeconds: 1,
          notifyPollingIntervalSeconds: IDLE_POLL_SECONDS,
          // Decision 039: `concurrency` fetch loops, each one job at a time. pg-boss counts the running jobs of
          // each group in this process: a loop skips the groups at their cap (and hands back a job that two
          // loops fetched at the same moment), so the other groups' jobs, in priority order, take the rest.
          localConcurrency: concurrency,
          ...(perGroup < concurrency ? { localGroupConcurrency: perGroup } : {}),
        },
        async (jobs: JobWithMetadata<TJobPayloads[typeof name]>[]) => {
          for (const job of jobs) {
            const attempt = job.retryCount + 1;
            const startedAt = performance.now();
            let outcome = 'failed';
            const run = handler(job.data, {
              id: job.id,
              attempt,
              isLastAttempt: job.retryCount >= job.retryLimit,
              signal: job.signal,
            });
            running.add(run);
            try {
              await run;
              outcome = 'completed';
            } catch (err) {
              if (!(stopped && job.signal.aborted)) throw err;
              // The grace of a shutdown ran out: pg-boss has already put the job back for another worker (as a
              // retry). Settled quietly: failing it again would count a second attempt.
              outcome = 'released';
              log.warn({ job: name, id: job.id, attempt }, 'job handed back to the queue at shutdown');
            } finally {
              running.delete(run);
              metrics?.jobDuration.observe({ job: name, outcome }, (performance.now() - startedAt) / 1000);
              if (!stopped) wakeQueue(name);
            }
          }
        },
      );
    },
    async schedule(name, cron, data, options) {
      await start();
      await boss.schedule(name, cron, data, { key: options.key, tz: options.tz ?? 'UTC' });
    },
    async stop({ graceMs = 20_000 } = {}) {
      if (stopped) return;
      for (const hook of stopHooks.splice(0)) hook();
      if (!started) return;
      stopped = true;
      await started.catch(() => {});
      // Graceful: running handlers finish, or the grace passes and their jobs are retried elsewhere (pg-boss
      // waits at least 1 s, in steps of 0.5 s).
      await boss.stop({ graceful: true, timeout: graceMs, close: false });
      // The aborted handlers clean up (temporary files, their log line) and pg-boss settles them, on an open pool.
      if (running.size > 0) await Promise.race([Promise.allSettled([...running]), sleep(ABORTED_CLEANUP_MS)]);
      await boss.stop({ close: true });
    },
  };
}
