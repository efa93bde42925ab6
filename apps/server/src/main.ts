import closeWithGrace from 'close-with-grace';
import { createDb } from '@hirecast/db/client';
import { seedPlanCatalogue } from '@hirecast/db/plan-catalogue';
import { seedDemoData } from '@hirecast/db/seed';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { videoToolsFrom } from './lib/video/tools.ts';
import { seedDemoMedia } from './modules/onboarding/index.ts';
import { seedOnboardingVideos } from './modules/onboarding/index.ts';
import { seedSampleTemplates } from './modules/video/index.ts';

const startedAt = performance.now();
const config = loadConfig();
const database = await createDb({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db`,
});
// The embedded database is migrated at start; on PostgreSQL `npm run db:migrate` does it (and so does start).
const applied = await database.migrate();
const app = await buildApp({ config, database });
// Issue 24 item 8: the log names every migration this start applied (none when the database was up to date).
for (const migration of applied) app.log.info({ migration }, 'applied migration');
// Seeds run under a database-wide lock: API processes starting together on an empty database seed them once.
// The plans of spec 2 §3: every install needs them (not only the demo); `npm run plans:catalogue` edits them.
if (await database.exclusive('seed-plans', () => seedPlanCatalogue(database.db)))
  app.log.info('seeded the plan catalogue');
if (config.seedDemo && (await database.exclusive('seed-demo', () => seedDemoData(database.db))))
  app.log.info('seeded demo data (see README.md for the logins)');

// SIGTERM (a deploy) or SIGINT: stop accepting connections, end tus uploads in flight at a saved offset (the
// client resumes on another process), let other requests finish for up to SHUTDOWN_GRACE_MS and cut those still
// running then; then the in-process jobs get the same grace before they go back to the queue. The backstop
// exits whatever still hangs.
const grace = config.shutdownGraceMs;
closeWithGrace({ delay: 2 * grace + 5_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'closing after error');
  else app.log.info({ signal, graceMs: grace }, 'shutting down');
  const cut = setTimeout(() => {
    app.log.warn('shutdown grace over: closing the connections still open');
    app.server.closeAllConnections();
  }, grace).unref();
  await app.close();
  clearTimeout(cut);
  await database.close();
  app.log.info('stopped');
});

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { url: config.publicUrl, database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
  'Hirecast is ready',
);
// Issue 17 item 2: the offline gazetteer's index, built in a worker thread now rather than on the first lookup.
if (app.ctx.geocoder.warm) {
  const warmStarted = performance.now();
  app.ctx.geocoder.warm().then(
    (built) => {
      const ms = Math.round(performance.now() - warmStarted);
      if (built.workerError)
        app.log.warn({ ms, ...built }, 'geocoding index ready, built on the main thread');
      else app.log.info({ ms, ...built }, 'geocoding index ready');
    },
    (err: unknown) => app.log.warn({ err }, 'could not load the geocoding index'),
  );
}
// The first start's videos, made in the background so start-up does not wait for ffmpeg, one set after another
// (three sets of ffmpegs at once took the CPU the first requests needed): the samples first (spec 3 §4, "make one
// like this"), then the onboarding videos (spec 3 §2), then the demo company's logo, job video and applicants'
// video introductions (issue 17 item 14). A set that fails is logged and the next is still made.
async function seedFirstStartVideos() {
  const tools = videoToolsFrom(config);
  // Each under its own lock (the names every release has used), so two processes never make one set twice.
  const sets: [string, string, boolean, () => Promise<unknown>][] = [
    [
      'sample animated videos',
      'seed-video-samples',
      config.seedOnboarding,
      () => seedSampleTemplates(app.ctx, tools),
    ],
    [
      'onboarding videos',
      'seed-onboarding',
      config.seedOnboarding,
      () => seedOnboardingVideos(app.ctx, tools),
    ],
    ['demo company media', 'seed-demo-media', config.seedDemo, () => seedDemoMedia(app.ctx, tools)],
  ];
  for (const [what, lock, wanted, seed] of sets) {
    if (!wanted) continue;
    try {
      const made = await database.exclusive(lock, seed);
      if (made) app.log.info({ made }, `made the ${what}`);
    } catch (err) {
      app.log.warn({ err }, `could not make the ${what}`);
    }
  }
}
void seedFirstStartVideos();
