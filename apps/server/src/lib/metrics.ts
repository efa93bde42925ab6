import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

// The Prometheus metrics of one process (an API process or a worker), served at GET /metrics
// (plugins/metrics.ts). One registry per process, made by its composition root and handed to what observes
// into it: never prom-client's global registry, so several apps in one test process stay apart.
// Counters and histograms are this process's own (Prometheus sums them over the scraped processes); the queue
// gauges are read from the database at each scrape, so every process reports the same, shared queue.

/** Request latencies: from a few milliseconds (JSON) to minutes (a large upload chunk). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Job durations: a letter takes a fraction of a second, a transcode or a render minutes. */
const JOB_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

export type TMetrics = ReturnType<typeof createMetrics>;

export function createMetrics() {
  const registry = new Registry();
  // process_* (memory, CPU, open files) and nodejs_* (heap, event loop lag, GC).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpDuration: new Histogram({
      name: 'hirecast_http_request_duration_seconds',
      help: 'HTTP request latency by route pattern (not the raw URL), method and status class',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: HTTP_BUCKETS,
      registers,
    }),
    httpErrors: new Counter({
      name: 'hirecast_http_errors_total',
      help: 'HTTP answers with a 4xx or 5xx status, by route pattern, method and status class',
      labelNames: ['method', 'route', 'status_class'] as const,
      registers,
    }),
    jobDuration: new Histogram({
      name: 'hirecast_job_duration_seconds',
      help: 'Background job run time by job type and outcome: video.process is the transcode of a recorded or uploaded video, video.render the render of an animated video',
      labelNames: ['job', 'outcome'] as const,
      buckets: JOB_BUCKETS,
      registers,
    }),
    queueDepth: new Gauge({
      name: 'hirecast_queue_depth',
      help: 'Jobs waiting to run (queued or waiting for a retry) by job type, read from the database',
      labelNames: ['job'] as const,
      registers,
    }),
    queueActive: new Gauge({
      name: 'hirecast_queue_active',
      help: 'Jobs running now on any worker, by job type, read from the database',
      labelNames: ['job'] as const,
      registers,
    }),
    queueOldestAge: new Gauge({
      name: 'hirecast_queue_oldest_job_age_seconds',
      help: 'Age of the oldest job waiting to run by job type (0 when none waits), read from the database',
      labelNames: ['job'] as const,
      registers,
    }),
    dbPool: new Gauge({
      name: 'hirecast_db_pool_connections',
      help: "This process's PostgreSQL pool: connections in use, idle, and the pool's maximum",
      labelNames: ['state'] as const,
      registers,
    }),
    dbPoolWaiting: new Gauge({
      name: 'hirecast_db_pool_waiting_queries',
      help: 'Queries of this process waiting for a free PostgreSQL connection',
      registers,
    }),
  };
}

/** "2xx", "4xx"...: the status class, the label errors are counted by. */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;
