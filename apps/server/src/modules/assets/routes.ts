import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAssetListQuery,
  ZAssetListResponse,
  ZAssetStatistic,
  ZCreateAssetRequest,
  ZDownloadQuery,
  ZDownloadResponse,
  ZEngagementRequest,
  ZUpdateAssetRequest,
  ZVideoAsset,
} from '@hirecast/domain/asset';
import { requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import type { TTusUploads } from '../uploads/index.ts';
import {
  assetStatistic,
  createAsset,
  deleteAsset,
  downloadUrl,
  getAsset,
  listAssets,
  listOnboarding,
  recordEngagement,
  updateAsset,
} from './service.ts';

const signedIn = async (request: FastifyRequest) => void requireUser(request);
const ZId = z.object({ id: z.string() });
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const ENGAGEMENT_RATE_LIMIT = { max: 120, timeWindow: '1 minute' };

// spec 3 §7 Assets (video assets). All answers are { data }.
export const assetRoutes: FastifyPluginAsyncZod<{ tus: TTusUploads }> = async (app, { tus }) => {
  const { ctx } = app;
  const scoped = async (request: FastifyRequest) => ({
    user: requireUser(request),
    scope: await resolveCompanyScope(ctx, request),
  });

  app.post(
    '/asset',
    {
      preValidation: signedIn,
      schema: { tags: ['assets'], body: ZCreateAssetRequest, response: { 201: data(ZVideoAsset) } },
    },
    async (request, reply) => {
      const { user, scope } = await scoped(request);
      const asset = await createAsset(ctx, { scope, userId: user.id, body: request.body, tus });
      return reply.status(201).send({ data: asset });
    },
  );

  // Registered before /asset/:id so 'onboarding' is not read as an id.
  app.get(
    '/asset/onboarding',
    { preValidation: signedIn, schema: { tags: ['assets'], response: { 200: data(z.array(ZVideoAsset)) } } },
    async () => ({ data: await listOnboarding(ctx) }),
  );

  app.get(
    '/asset/download/:id',
    {
      preValidation: signedIn,
      schema: {
        tags: ['assets'],
        params: ZId,
        querystring: ZDownloadQuery,
        response: { 200: data(ZDownloadResponse) },
      },
    },
    async (request) => {
      const { scope } = await scoped(request);
      return {
        data: await downloadUrl(ctx, { scope, id: request.params.id, quality: request.query.quality }),
      };
    },
  );

  app.get(
    '/asset/:id',
    {
      preValidation: signedIn,
      schema: { tags: ['assets'], params: ZId, response: { 200: data(ZVideoAsset) } },
    },
    async (request) => {
      const { scope } = await scoped(request);
      return { data: await getAsset(ctx, scope, request.params.id) };
    },
  );

  app.patch(
    '/asset/:id',
    {
      preValidation: signedIn,
      schema: {
        tags: ['assets'],
        params: ZId,
        body: ZUpdateAssetRequest,
        response: { 200: data(ZVideoAsset) },
      },
    },
    async (request) => {
      const { user, scope } = await scoped(request);
      return {
        data: await updateAsset(ctx, { scope, userId: user.id, id: request.params.id, body: request.body }),
      };
    },
  );

  app.delete(
    '/asset/:id',
    {
      preValidation: signedIn,
      schema: { tags: ['assets'], params: ZId, response: { 200: data(z.object({ _id: z.string() })) } },
    },
    async (request) => {
      const { user, scope } = await scoped(request);
      await deleteAsset(ctx, { scope, userId: user.id, id: request.params.id });
      return { data: { _id: request.params.id } };
    },
  );

  app.get(
    '/asset/:id/statistic',
    {
      preValidation: signedIn,
      schema: { tags: ['assets'], params: ZId, response: { 200: data(ZAssetStatistic) } },
    },
    async (request) => {
      const { scope } = await scoped(request);
      return { data: await assetStatistic(ctx, scope, request.params.id) };
    },
  );

  // Public: the candidate-facing player reports how far each viewing session got.
  app.post(
    '/asset/:id/engagement',
    {
      config: ctx.config.rateLimitDisabled ? {} : { rateLimit: ENGAGEMENT_RATE_LIMIT },
      schema: {
        tags: ['assets'],
        params: ZId,
        body: ZEngagementRequest,
        response: { 200: data(z.object({ ok: z.literal(true) })) },
      },
    },
    async (request) => {
      await recordEngagement(ctx, { id: request.params.id, ...request.body });
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/company/assets',
    {
      preValidation: signedIn,
      schema: { tags: ['assets'], querystring: ZAssetListQuery, response: { 200: data(ZAssetListResponse) } },
    },
    async (request) => {
      const { scope } = await scoped(request);
      return { data: await listAssets(ctx, scope, request.query) };
    },
  );
};
