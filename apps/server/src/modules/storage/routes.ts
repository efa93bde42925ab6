import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZSignedUrlQuery,
  ZSignedUrlResizeQuery,
  ZSignedUrlResizeResponse,
  ZSignedUrlResponse,
  ZVerifyUploadRequest,
  ZVerifyUploadResponse,
} from '@hirecast/domain/storage';
import { headerCompanyId, requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import { localObjectRoutes } from './serve.ts';
import { signImageUpload, signResizedImageUpload, verifyUpload } from './service.ts';

// An upload belongs to the company of X-Company-Id when one is sent (the caller must be a member), else
// to the user (a logo uploaded before the company exists).
async function uploadOwner(request: FastifyRequest) {
  const user = requireUser(request);
  if (!headerCompanyId(request)) return user.id;
  const scope = await resolveCompanyScope(request.server.ctx, request);
  return scope.companyId;
}

const signedIn = async (request: FastifyRequest) => void requireUser(request);

export const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // spec 3 §7 Uploads: GET /signed-url?content-type=
  app.get(
    '/signed-url',
    {
      preValidation: signedIn,
      schema: {
        tags: ['storage'],
        querystring: ZSignedUrlQuery,
        response: { 200: z.object({ data: ZSignedUrlResponse }) },
      },
    },
    async (request) => {
      const ownerId = await uploadOwner(request);
      return { data: await signImageUpload(ctx, { ownerId, contentType: request.query['content-type'] }) };
    },
  );

  // spec 3 §7 Uploads: GET /signed-url/resize?content-type=&imageType=
  app.get(
    '/signed-url/resize',
    {
      preValidation: signedIn,
      schema: {
        tags: ['storage'],
        querystring: ZSignedUrlResizeQuery,
        response: { 200: z.object({ data: ZSignedUrlResizeResponse }) },
      },
    },
    async (request) => {
      const ownerId = await uploadOwner(request);
      return {
        data: await signResizedImageUpload(ctx, { ownerId, contentType: request.query['content-type'] }),
      };
    },
  );

  // After the PUT: check size and real type from the bytes; on success the file is usable.
  app.post(
    '/storage/verify',
    {
      preValidation: signedIn,
      schema: {
        tags: ['storage'],
        body: ZVerifyUploadRequest,
        response: { 200: z.object({ data: ZVerifyUploadResponse }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { data: await verifyUpload(ctx, { ...request.body, userId: user.id }) };
    },
  );

  // The embedded store's own PUT/GET endpoints; with S3 the browser talks to the bucket instead.
  if (ctx.config.storage.driver === 'local') await app.register(localObjectRoutes);
};
