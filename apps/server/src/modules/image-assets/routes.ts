import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateImageAssetRequest,
  ZImageAsset,
  ZImageAssetListQuery,
  ZImageAssetListResponse,
  ZUpdateImageAssetRequest,
} from '@hirecast/domain/asset';
import { requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import { createImageAsset, deleteImageAsset, listImageAssets, renameImageAsset } from './service.ts';

const signedIn = async (request: FastifyRequest) => void requireUser(request);
const ZId = z.object({ id: z.string() });
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

// spec 3 §7 Assets: image assets.
export const imageAssetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const scoped = async (request: FastifyRequest) => ({
    user: requireUser(request),
    scope: await resolveCompanyScope(ctx, request),
  });

  app.post(
    '/image-asset',
    {
      preValidation: signedIn,
      schema: { tags: ['assets'], body: ZCreateImageAssetRequest, response: { 201: data(ZImageAsset) } },
    },
    async (request, reply) => {
      const { user, scope } = await scoped(request);
      const asset = await createImageAsset(ctx, { scope, userId: user.id, body: request.body });
      return reply.status(201).send({ data: asset });
    },
  );

  app.patch(
    '/image-asset/:id',
    {
      preValidation: signedIn,
      schema: {
        tags: ['assets'],
        params: ZId,
        body: ZUpdateImageAssetRequest,
        response: { 200: data(ZImageAsset) },
      },
    },
    async (request) => {
      const { user, scope } = await scoped(request);
      const id = request.params.id;
      return { data: await renameImageAsset(ctx, { scope, userId: user.id, id, title: request.body.title }) };
    },
  );

  app.delete(
    '/image-asset/:id',
    {
      preValidation: signedIn,
      schema: { tags: ['assets'], params: ZId, response: { 200: data(z.object({ _id: z.string() })) } },
    },
    async (request) => {
      const { user, scope } = await scoped(request);
      await deleteImageAsset(ctx, { scope, userId: user.id, id: request.params.id });
      return { data: { _id: request.params.id } };
    },
  );

  app.get(
    '/company/image-assets',
    {
      preValidation: signedIn,
      schema: {
        tags: ['assets'],
        querystring: ZImageAssetListQuery,
        response: { 200: data(ZImageAssetListResponse) },
      },
    },
    async (request) => {
      const { scope } = await scoped(request);
      return { data: await listImageAssets(ctx, scope, request.query) };
    },
  );
};
