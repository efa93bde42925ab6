// `npm run worker`: runs the background jobs (ARCHITECTURE.md) against the configured database and storage,
// beside any number of API processes. Stops gracefully: running jobs finish, the rest wait for another worker.
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { createDb } from '@hirecast/db/client';
import { loadConfig } from './config.ts';
import { resolveAppSecret } from './lib/app-secret.ts';
import type { TContext } from './lib/context.ts';
import { createMetrics } from './lib/metrics.ts';
import { createAi } from './lib/ai/create-ai.ts';
import { createGeocoder } from './lib/geocoding/create-geocoder.ts';
import { createMailService } from './plugins/mail.ts';
import { serveWorkerMetrics } from './plugins/metrics.ts';
import { createJobQueue } from './plugins/queue.ts';
import { registerCandidateDataContributors } from './composition/candidate-data.ts';
import { registerJobHandlers } from './composition/job-handlers.ts';
import { createSessionStore } from './lib/session-store.ts';
import { createNotifications } from './lib/notifications.ts';
import { createStorage } from './plugins/storage.ts';
import { setToolPriority } from './lib/video/ffmpeg.ts';

const config = loadConfig();
// VIDEO_LOWER_PRIORITY for every ffmpeg and ffprobe this process starts (the API sets it in buildApp).
setToolPriority(config.video.lowerPriority);
const log = pino({ level: config.logLevel, name: 'worker' });
if (!config.databaseUrl) {
  // The embedded database belongs to one process: there the API runs the jobs itself (QUEUE_INPROCESS).
  log.fatal('npm run worker needs DATABASE_URL (PostgreSQL); on the embedded database the API runs the jobs');
  process.exit(1);
}
const database = await createDb({ databaseUrl: config.databaseUrl });
const metrics = createMetrics();
for (const migration of await database.migrate()) log.info({ migration }, 'applied migration');
await resolveAppSecret(config, database.db);
const ctx: TContext = {
  db: database.db,
  config,
  log,
  storage: createStorage(config),
  ai: createAi(config),
  geocoder: createGeocoder(config),
  queue: createJobQueue(database, log, { runsHandlers: true, metrics }),
  mail: undefined as unknown as TContext['mail'],
  sessions: createSessionStore(database.db, database.authChanges),
  notifications: createNotifications(database),
};
ctx.mail = createMailService(ctx);

// GET /metrics of this worker (its job durations, memory), when WORKER_METRICS_PORT is set.
const metricsServer =
  config.metrics.workerPort === undefined
    ? undefined
    : await serveWorkerMetrics({ config, database, metrics, port: config.metrics.workerPort });

// SIGTERM: no new jobs are fetched; running ones get SHUTDOWN_GRACE_MS to finish, then they are handed back to
// the queue (another worker retries them, resuming from their saved steps) and aborted. The backstop exits
// whatever still hangs after that.
closeWithGrace({ delay: config.shutdownGraceMs + 10_000 }, async ({ err, signal }) => {
  if (err) log.error({ err }, 'worker closing after error');
  else log.info({ signal, graceMs: config.shutdownGraceMs }, 'worker shutting down');
  await ctx.queue.stop({ graceMs: config.shutdownGraceMs });
  await metricsServer?.close();
  await ctx.notifications.close();
  await database.close();
  log.info('worker stopped');
});

registerCandidateDataContributors();
await registerJobHandlers(ctx);
log.info({ database: database.kind, metricsPort: config.metrics.workerPort }, 'worker ready');
