import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiKey, ZCreateApiKeyRequest, ZCreatedApiKey } from '@hirecast/domain/api-keys';
import { ROLES } from '@hirecast/domain/constants';
import { requireRole, requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './service.ts';

const tags = ['api-keys'];
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

// Issue 35 item 1: key management, for a company's admins in a signed-in session. These routes declare no
// `apiKeyScope`, so an API key is refused here (a key never makes or revokes keys).
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Signed in and an admin of the company before the body is looked at: others learn nothing from a 400.
  const adminOnly = async (request: FastifyRequest) => {
    requireUser(request);
    requireRole(await resolveCompanyScope(ctx, request), ROLES.admin);
  };

  app.get(
    '/api-keys',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        description: "The company's API keys, newest first (admins). The secret is never shown again.",
        response: { 200: data(z.array(ZApiKey)) },
      },
    },
    async (request) => ({ data: await listApiKeys(ctx, { scope: await resolveCompanyScope(ctx, request) }) }),
  );

  app.post(
    '/api-keys',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        description:
          'Creates an API key (admins). The answer carries the key itself: the only time it is shown.',
        body: ZCreateApiKeyRequest,
        response: { 201: data(ZCreatedApiKey) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const scope = await resolveCompanyScope(ctx, request);
      const key = await createApiKey(ctx, { scope, user, ...request.body });
      return reply.status(201).send({ data: key });
    },
  );

  app.delete(
    '/api-keys/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        description: 'Revokes an API key at once (admins): its next request answers 401.',
        params: z.object({ id: z.string() }),
        response: { 200: data(ZApiKey) },
      },
    },
    async (request) => ({
      data: await revokeApiKey(ctx, {
        scope: await resolveCompanyScope(ctx, request),
        id: request.params.id,
      }),
    }),
  );
};
