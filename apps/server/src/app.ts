import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TDbHandle } from '@hirecast/db/client';
import type { TConfig } from './config.ts';
import type { TContext } from './lib/context.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { createMailService } from './plugins/mail.ts';
import { createJobQueue, registerQueue } from './plugins/queue.ts';
import { registerSecurity } from './plugins/security.ts';
import { createStorage } from './plugins/storage.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { siteRoutes } from './plugins/site.ts';
import { createAi } from './lib/ai/create-ai.ts';
import { createGeocoder } from './lib/geocoding/create-geocoder.ts';
import { aiRoutes } from './modules/ai/routes.ts';
import { companyQuestionRoutes } from './modules/company-questions/routes.ts';
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
import { applicationRoutes } from './modules/applications/routes.ts';
import { storageRoutes } from './modules/storage/routes.ts';
import { assetRoutes } from './modules/assets/routes.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { imageAssetRoutes } from './modules/image-assets/routes.ts';
import { tagRoutes } from './modules/tags/routes.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { createTusUploads } from './modules/uploads/tus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: TContext;
  }
}

export type TApp = FastifyInstance;

// A candidate's private link carries its secret in the path: logs show the route, never the token.
const TOKEN_PATH = /^(\/application\/|\/api\/public\/application\/)[^/?#]+/;
export const redactTokenPath = (url: string) => url.replace(TOKEN_PATH, '$1[token]');
const logRequest = (req: FastifyRequest) => ({
  method: req.method,
  url: redactTokenPath(req.url),
  host: req.host,
  remoteAddress: req.ip,
});

// Builds the whole server around a database handle. Tests call it with a fresh database and
// use app.inject; main.ts calls it with the configured one and listens.
export async function buildApp({ config, database }: { config: TConfig; database: TDbHandle }) {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: { req: logRequest },
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: true,
    bodyLimit: 1_000_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const ctx: TContext = {
    db: database.db,
    config,
    log: app.log,
    storage: createStorage(config),
    ai: createAi(config),
    geocoder: createGeocoder(config),
    queue: createJobQueue(database, app.log, { runsHandlers: config.queue.inProcess }),
    mail: undefined as unknown as TContext['mail'],
  };
  ctx.mail = createMailService(ctx);
  app.decorate('ctx', ctx);
  registerQueue(app, ctx);

  registerErrorHandler(app);
  await registerSecurity(app, config);
  // Pages, scripts and JSON go out compressed (a job page's JS is 243 KB raw, 76 KB gzip); media is not
  // compressible and passes through. Brotli at a low quality keeps the CPU cost of dynamic pages small.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  registerAuth(app, ctx);
  await registerDocs(app);

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
      const tus = createTusUploads(config.dataDir);
      await api.register(uploadRoutes, { tus });
      await api.register(assetRoutes, { tus });
      await api.register(imageAssetRoutes);
      await api.register(tagRoutes);
      await api.register(billingRoutes);
      await api.register(publicRoutes);
      await api.register(publicApplyRoutes, { tus });
      if (!config.isProduction) await api.register(devRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(shortLinkRoutes);
  await app.register(siteRoutes);
  await registerWebApp(app, config);
  return app;
}
