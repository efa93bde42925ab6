import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TDbHandle } from '@hirecast/db/client';
import type { TConfig } from './config.ts';
import type { TContext } from './lib/context.ts';
import { serializeRequest } from './lib/request-log.ts';
import { registerAuth } from './plugins/auth.ts';
import { createSessionStore } from './plugins/session-store.ts';
import { registerDocs } from './plugins/docs.ts';
import { clientErrorHandler, registerErrorHandler } from './plugins/errors.ts';
import { createMailService } from './plugins/mail.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { createJobQueue, registerQueue } from './plugins/queue.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerTextGuard } from './plugins/text-guard.ts';
import { createSerializerCompiler } from './plugins/serializer.ts';
import { createStorage } from './plugins/storage.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { siteRoutes } from './plugins/site.ts';
import { createAi } from './lib/ai/create-ai.ts';
import { createMetrics } from './lib/metrics.ts';
import { resolveAppSecret } from './lib/app-secret.ts';
import { createGeocoder } from './lib/geocoding/create-geocoder.ts';
import { aiRoutes } from './modules/ai/routes.ts';
import { companyQuestionRoutes } from './modules/company-questions/routes.ts';
import { companyPageRoutes } from './modules/company-page/routes.ts';
import { geocodingRoutes } from './modules/geocoding/routes.ts';
import { jobShareRoutes } from './modules/job-share/routes.ts';
import { jobTeamRoutes } from './modules/job-team/routes.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { companyTeamRoutes } from './modules/company-team/routes.ts';
import { companyRoutes } from './modules/companies/routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { jobRoutes, shortLinkRoutes } from './modules/jobs/routes.ts';
import { publicRoutes } from './modules/public/routes.ts';
import { publicApplyRoutes } from './modules/public-apply/routes.ts';
import { interviewRoutes, publicInterviewRoutes } from './modules/interviews/index.ts';
import { applicationRoutes } from './modules/applications/routes.ts';
import { storageRoutes } from './modules/storage/routes.ts';
import { assetRoutes } from './modules/assets/routes.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { imageAssetRoutes } from './modules/image-assets/routes.ts';
import { tagRoutes } from './modules/tags/routes.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { sharingRoutes } from './modules/sharing/routes.ts';
import { createTusUploads } from './modules/uploads/tus.ts';
import { createVideoEvents } from './modules/video/events.ts';
import { videoRoutes } from './modules/video/routes.ts';
import { soundtrackRoutes } from './modules/video/soundtrack-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: TContext;
  }
}

export type TApp = FastifyInstance;

// Builds the whole server around a database handle. Tests call it with a fresh database and
// use app.inject (and may read the log lines through `logStream`); main.ts calls it with the configured one
// and listens.
export async function buildApp({
  config,
  database,
  logStream,
}: {
  config: TConfig;
  database: TDbHandle;
  logStream?: { write: (line: string) => void };
}) {
  await resolveAppSecret(config, database.db);
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: { req: serializeRequest },
            ...(logStream && { stream: logStream }),
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // X-Forwarded-For names the client (rate limits, logs) only behind a configured proxy (TRUST_PROXY).
    trustProxy: config.trustProxy,
    bodyLimit: 1_000_000,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ verify: config.env === 'test' }));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const metrics = createMetrics();
  const ctx: TContext = {
    db: database.db,
    config,
    log: app.log,
    storage: createStorage(config),
    ai: createAi(config),
    geocoder: createGeocoder(config),
    queue: createJobQueue(database, app.log, { runsHandlers: config.queue.inProcess, metrics }),
    mail: undefined as unknown as TContext['mail'],
    sessions: createSessionStore(database.db, database.authChanges),
  };
  ctx.mail = createMailService(ctx);
  app.decorate('ctx', ctx);
  registerQueue(app, ctx);

  registerErrorHandler(app);
  registerMetrics(app, { config, database, metrics });
  registerTextGuard(app);
  await registerSecurity(app, config);
  // Pages, scripts and JSON go out compressed (a job page's JS is 243 KB raw, 76 KB gzip); media is not
  // compressible and passes through. Brotli at a low quality keeps the CPU cost of dynamic pages small.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  await registerRateLimit(app, ctx);
  registerAuth(app, ctx);
  app.addHook('onClose', async () => ctx.sessions.cache.close());
  await registerDocs(app, { serve: config.apiDocs });

  await app.register(healthRoutes, { database });
  await app.register(
    async (api) => {
      await api.register(accountRoutes);
      await api.register(companyRoutes);
      await api.register(contactRoutes);
      await api.register(jobRoutes);
      await api.register(applicationRoutes);
      await api.register(storageRoutes);
      await api.register(geocodingRoutes);
      await api.register(aiRoutes);
      await api.register(companyQuestionRoutes);
      await api.register(jobTeamRoutes);
      await api.register(companyTeamRoutes);
      await api.register(jobShareRoutes);
      const tus = createTusUploads({ config, db: database.db });
      await api.register(uploadRoutes, { tus });
      await api.register(assetRoutes, { tus });
      await api.register(imageAssetRoutes);
      await api.register(tagRoutes);
      await api.register(companyPageRoutes);
      await api.register(billingRoutes);
      await api.register(publicRoutes);
      await api.register(publicApplyRoutes, { tus });
      await api.register(interviewRoutes);
      await api.register(publicInterviewRoutes, { tus });
      const videoEvents = createVideoEvents(database);
      api.addHook('onClose', () => videoEvents.close());
      await api.register(videoRoutes, { events: videoEvents });
      await api.register(sharingRoutes);
      await api.register(soundtrackRoutes);
      if (config.devMailbox !== 'off') await api.register(devRoutes, { access: config.devMailbox });
    },
    { prefix: '/api' },
  );
  await app.register(shortLinkRoutes);
  await app.register(siteRoutes);
  await registerWebApp(app, config);
  return app;
}
