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
import { markApiKeyOperations } from './plugins/api-key-auth.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { createSessionStore } from './lib/session-store.ts';
import { createNotifications } from './lib/notifications.ts';
import { setToolPriority } from './lib/video/ffmpeg.ts';
import { registerDocs } from './plugins/docs.ts';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from './plugins/errors.ts';
import { createMailService } from './plugins/mail.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { createJobQueue, registerQueue } from './plugins/queue.ts';
import { registerCandidateDataContributors } from './composition/candidate-data.ts';
import { registerJobHandlers } from './composition/job-handlers.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerTextGuard } from './plugins/text-guard.ts';
import { createSerializerCompiler } from './plugins/serializer.ts';
import { createStorage } from './plugins/storage.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { siteRoutes, publicRoutes } from './modules/public/index.ts';
import { createAi } from './lib/ai/create-ai.ts';
import { createMetrics } from './lib/metrics.ts';
import { resolveAppSecret } from './lib/app-secret.ts';
import { createGeocoder } from './lib/geocoding/create-geocoder.ts';
import { aiRoutes } from './modules/ai/index.ts';
import { companyQuestionRoutes } from './modules/company-questions/index.ts';
import { companyPageRoutes } from './modules/company-page/index.ts';
import { geocodingRoutes } from './modules/geocoding/index.ts';
import { jobShareRoutes } from './modules/job-share/index.ts';
import { jobTeamRoutes } from './modules/job-team/index.ts';
import { accountRoutes } from './modules/accounts/index.ts';
import { companyTeamRoutes } from './modules/company-team/index.ts';
import { companyRoutes } from './modules/companies/index.ts';
import { contactRoutes } from './modules/contact/index.ts';
import { devRoutes } from './modules/dev/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { jobRoutes, shortLinkRoutes } from './modules/jobs/index.ts';
import { publicApplyRoutes } from './modules/public-apply/index.ts';
import { interviewRoutes, publicInterviewRoutes } from './modules/interviews/index.ts';
import { privacyPublicRoutes, privacyRoutes } from './modules/privacy/index.ts';
import { applicationRoutes } from './modules/applications/index.ts';
import { apiKeyRoutes } from './modules/api-keys/index.ts';
import { storageRoutes } from './modules/storage/index.ts';
import { assetRoutes } from './modules/assets/index.ts';
import { transcriptRoutes } from './modules/transcripts/index.ts';
import { billingRoutes } from './modules/billing/index.ts';
import { imageAssetRoutes } from './modules/image-assets/index.ts';
import { tagRoutes } from './modules/tags/index.ts';
import { uploadRoutes, createTusUploads } from './modules/uploads/index.ts';
import { sharingRoutes } from './modules/sharing/index.ts';
import { createVideoEvents, videoRoutes, soundtrackRoutes } from './modules/video/index.ts';
import { webhookRoutes } from './modules/webhooks/index.ts';

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
  registerCandidateDataContributors();
  setToolPriority(config.video.lowerPriority);
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
    frameworkErrors: frameworkErrorHandler,
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
    notifications: createNotifications(database),
  };
  ctx.mail = createMailService(ctx);
  app.decorate('ctx', ctx);
  registerQueue(app, ctx, registerJobHandlers);

  registerErrorHandler(app);
  registerMetrics(app, { config, database, metrics });
  registerTextGuard(app);
  await registerSecurity(app, config);
  // Before compression, so that an idempotent write's answer is stored as the JSON it is (decision 036).
  registerIdempotency(app, ctx);
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
  markApiKeyOperations(app);
  app.addHook('onClose', async () => ctx.sessions.cache.close());
  app.addHook('onClose', () => ctx.notifications.close());
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
      await api.register(transcriptRoutes);
      await api.register(webhookRoutes);
      await api.register(imageAssetRoutes);
      await api.register(tagRoutes);
      await api.register(companyPageRoutes);
      await api.register(billingRoutes);
      await api.register(publicRoutes);
      await api.register(publicApplyRoutes, { tus });
      await api.register(interviewRoutes);
      await api.register(publicInterviewRoutes, { tus });
      await api.register(privacyRoutes);
      await api.register(privacyPublicRoutes);
      const videoEvents = createVideoEvents(database);
      api.addHook('onClose', () => videoEvents.close());
      await api.register(videoRoutes, { events: videoEvents });
      await api.register(sharingRoutes);
      await api.register(apiKeyRoutes);
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
