import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCompany, ZCreateCompanyRequest, ZUpdateCompanyRequest } from '@hirecast/domain/company';
import { messages } from '@hirecast/domain/messages';
import { ZAgency, ZAgencyRequest, ZAgencySwitchRequest, ZTexauRequest } from '@hirecast/domain/settings';
import { UUID } from '@hirecast/domain/uuid';
import { AppError } from '../../lib/app-error.ts';
import { requireUser, resolveCompanyScope, type TCompanyScope } from '../../plugins/auth.ts';
import { switchAgency, updateAgency } from './agency.ts';
import { assertCanEditCompany } from './policy.ts';
import { createCompany, getCompany, updateCompany } from './service.ts';
import { requestCompanyDetails } from './texau-job.ts';

// An id that cannot exist answers like one that does not (404), never a database cast error.
const ZParams = z.object({ id: z.string() });
const ZAgencyParams = z.object({ id: z.string(), agencyId: z.string() });
const assertId = (id: string) => {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', messages.notFound);
  return id;
};
const ZAnswer = z.object({ data: ZCompany });
// Signed-in check before the body is validated, so an anonymous caller always gets 401.
const signedIn = async (request: FastifyRequest) => void requireUser(request);

/** The scope a preValidation hook resolved (request.scope is set by resolveCompanyScope). */
const scopeOf = (request: FastifyRequest): TCompanyScope => {
  if (!request.scope) throw new AppError('NOT_FOUND', messages.notFound);
  return request.scope;
};

// spec 1 §7 Company: POST /company; PATCH /company/{id}; GET /company/{id} for the settings screen;
// spec 2 §7 the agency switch and details; spec 1 §7 POST /texau.
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // spec 2 §6: only admins edit the company settings. Checked before the body, so a viewer or a job manager
  // always reads 'Only admins can edit these settings.', whatever they sent; a stranger reads 404.
  const adminOfCompany = async (request: FastifyRequest) => {
    requireUser(request);
    const { id } = request.params as { id?: string };
    assertCanEditCompany(await resolveCompanyScope(ctx, request, assertId(id ?? '')));
  };
  const adminOfCurrentCompany = async (request: FastifyRequest) => {
    requireUser(request);
    assertCanEditCompany(await resolveCompanyScope(ctx, request));
  };

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
      preValidation: adminOfCompany,
      schema: { tags: ['company'], params: ZParams, body: ZUpdateCompanyRequest, response: { 200: ZAnswer } },
    },
    async (request) => {
      const user = requireUser(request);
      return {
        data: await updateCompany(ctx, { scope: scopeOf(request), userId: user.id, input: request.body }),
      };
    },
  );

  app.post(
    '/company/:id/agency',
    {
      preValidation: adminOfCompany,
      schema: {
        tags: ['company'],
        params: ZParams,
        body: ZAgencySwitchRequest,
        response: { 200: ZAnswer },
      },
    },
    async (request) => ({
      data: await switchAgency(ctx, { scope: scopeOf(request), isAgency: request.body.isAgency }),
    }),
  );

  app.patch(
    '/company/:id/agency/:agencyId',
    {
      preValidation: adminOfCompany,
      schema: {
        tags: ['company'],
        params: ZAgencyParams,
        body: ZAgencyRequest,
        response: { 200: z.object({ data: ZAgency }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const agency = await updateAgency(ctx, {
        scope: scopeOf(request),
        userId: user.id,
        agencyId: request.params.agencyId,
        input: request.body,
      });
      return { data: agency };
    },
  );

  // spec 1 §7 POST /texau {link}: for the current company (X-Company-Id); the details arrive through a queued
  // job, so the answer is 202 with texauLoading true. Each call makes the server fetch a page: rate limited.
  app.post(
    '/texau',
    {
      preValidation: adminOfCurrentCompany,
      config: ctx.config.rateLimitDisabled
        ? {}
        : {
            rateLimit: {
              max: 10,
              timeWindow: '1 minute',
              keyGenerator: (request: FastifyRequest) => `texau:${request.user?.id ?? request.ip}`,
            },
          },
      schema: { tags: ['company'], body: ZTexauRequest, response: { 202: ZAnswer } },
    },
    async (request, reply) => {
      const company = await requestCompanyDetails(ctx, { scope: scopeOf(request), link: request.body.link });
      return reply.status(202).send({ data: company });
    },
  );
};
