import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCompany, ZCreateCompanyRequest, ZUpdateCompanyRequest } from '@hirecast/domain/company';
import { messages } from '@hirecast/domain/messages';
import { AppError } from '../../lib/app-error.ts';
import { requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import { createCompany, getCompany, updateCompany } from './service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// An id that cannot exist answers like one that does not (404), never a database cast error.
const ZParams = z.object({ id: z.string() });
const assertId = (id: string) => {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', messages.notFound);
  return id;
};
const ZAnswer = z.object({ data: ZCompany });
// Signed-in check before the body is validated, so an anonymous caller always gets 401.
const signedIn = async (request: FastifyRequest) => void requireUser(request);

// spec 1 §7 Company: POST /company; PATCH /company/{id}; and GET /company/{id} for the settings screen.
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/company',
    {
      preValidation: signedIn,
      schema: { tags: ['company'], body: ZCreateCompanyRequest, response: { 201: ZAnswer } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const company = await createCompany(ctx, { userId: user.id, input: request.body });
      return reply.status(201).send({ data: company });
    },
  );

  app.get(
    '/company/:id',
    { preValidation: signedIn, schema: { tags: ['company'], params: ZParams, response: { 200: ZAnswer } } },
    async (request) => {
      requireUser(request);
      const scope = await resolveCompanyScope(ctx, request, assertId(request.params.id));
      return { data: await getCompany(ctx, scope) };
    },
  );

  app.patch(
    '/company/:id',
    {
      preValidation: signedIn,
      schema: { tags: ['company'], params: ZParams, body: ZUpdateCompanyRequest, response: { 200: ZAnswer } },
    },
    async (request) => {
      const user = requireUser(request);
      const scope = await resolveCompanyScope(ctx, request, assertId(request.params.id));
      return { data: await updateCompany(ctx, { scope, userId: user.id, input: request.body }) };
    },
  );
};
