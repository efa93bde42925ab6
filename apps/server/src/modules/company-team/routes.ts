import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCompanyInviteAnswer,
  ZCompanyInviteRequest,
  ZCompanyMemberAnswer,
  ZCompanyMemberDeleteRequest,
  ZCompanyMemberTypeRequest,
  ZCompanyTeamAnswer,
} from '@hirecast/domain/company-team';
import { messages } from '@hirecast/domain/messages';
import { UUID } from '@hirecast/domain/uuid';
import { AppError } from '../../lib/app-error.ts';
import { requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import { employerEmailGuard } from '../../plugins/sender-guard.ts';
import {
  changeCompanyMemberType,
  inviteCompanyMember,
  listCompanyTeam,
  removeCompanyMember,
} from './service.ts';
import { leaveCompany } from './leave.ts';

// A company id that cannot exist answers like one that does not (404), as the company routes do.
const companyId = (id: string) => {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', messages.notFound);
  return id;
};
const ZParams = z.object({ id: z.string() });
const ZMemberParams = z.object({ id: z.string(), memberId: z.string() });
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const tags = ['company team'];
// Signed-in check before the body is validated, so an anonymous caller always gets 401.
const signedIn = async (request: FastifyRequest) => void requireUser(request);

// spec 2 §7 Company team: GET, POST, DELETE /company/{id}/team and PATCH /company/{id}/team/{memberId}.
// The company is the one in the path; a company the caller does not belong to answers 404.
export const companyTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/company/:id/team',
    {
      preValidation: signedIn,
      schema: { tags, params: ZParams, response: { 200: data(ZCompanyTeamAnswer) } },
    },
    async (request) => {
      const scope = await resolveCompanyScope(ctx, request, companyId(request.params.id));
      return { data: await listCompanyTeam(ctx, { scope }) };
    },
  );

  app.post(
    '/company/:id/team',
    {
      preValidation: signedIn,
      preHandler: employerEmailGuard(app, 'invitation', {
        companyId: (request) => companyId((request.params as { id: string }).id),
      }),
      schema: {
        tags,
        params: ZParams,
        body: ZCompanyInviteRequest,
        response: { 200: data(ZCompanyInviteAnswer), 201: data(ZCompanyInviteAnswer) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const scope = await resolveCompanyScope(ctx, request, companyId(request.params.id));
      const { isResend, answer } = await inviteCompanyMember(ctx, { scope, user, input: request.body });
      return reply.status(isResend ? 200 : 201).send({ data: answer });
    },
  );

  app.patch(
    '/company/:id/team/:memberId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        params: ZMemberParams,
        body: ZCompanyMemberTypeRequest,
        response: { 200: data(ZCompanyMemberAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const scope = await resolveCompanyScope(ctx, request, companyId(request.params.id));
      const { memberId } = request.params;
      return {
        data: await changeCompanyMemberType(ctx, { scope, user, memberId, type: request.body.type }),
      };
    },
  );

  // Issue 33 item 8: the caller leaves the company (the team's DELETE refuses oneself).
  app.delete(
    '/company/:id/team/me',
    {
      preValidation: signedIn,
      schema: {
        tags,
        description:
          'The caller leaves the company and its job teams (204); its only admin, while others remain, is refused (409).',
        params: ZParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const scope = await resolveCompanyScope(ctx, request, companyId(request.params.id));
      await leaveCompany(ctx, scope, user.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/company/:id/team',
    {
      preValidation: signedIn,
      schema: {
        tags,
        params: ZParams,
        body: ZCompanyMemberDeleteRequest,
        response: { 200: data(ZCompanyTeamAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const scope = await resolveCompanyScope(ctx, request, companyId(request.params.id));
      return { data: await removeCompanyMember(ctx, { scope, user, memberId: request.body.memberId }) };
    },
  );
};
