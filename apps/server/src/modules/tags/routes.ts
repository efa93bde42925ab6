import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZTagsResponse } from '@hirecast/domain/asset';
import { requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import { listTags } from '../assets/index.ts';

const signedIn = async (request: FastifyRequest) => void requireUser(request);

// spec 3 §7 Assets: GET /tag — the tag labels used on the company's assets.
export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/tag',
    {
      preValidation: signedIn,
      schema: { tags: ['assets'], response: { 200: z.object({ data: ZTagsResponse }) } },
    },
    async (request) => ({ data: { tags: await listTags(ctx, await resolveCompanyScope(ctx, request)) } }),
  );
};
