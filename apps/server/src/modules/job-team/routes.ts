import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZInviteTeamAnswer,
  ZInviteTeamRequest,
  ZTeamMember,
  ZUpdateTeamMemberRequest,
} from '@hirecast/domain/team';
import { requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import { employerEmailGuard } from '../../plugins/sender-guard.ts';
import { inviteMembers, listTeam, removeMember, updateMemberType } from './service.ts';

const signedIn = async (request: FastifyRequest) => void requireUser(request);
const ZJobParams = z.object({ id: z.string() });
const ZMemberParams = z.object({ id: z.string(), memberId: z.string() });

// spec 1 §7 Jobs GET /job/{id}/team and Job team: POST, DELETE, PATCH.
export const jobTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/job/:id/team',
    {
      preValidation: signedIn,
      schema: {
        tags: ['job team'],
        params: ZJobParams,
        response: { 200: z.object({ data: z.array(ZTeamMember) }) },
      },
    },
    async (request) => {
      const scope = await resolveCompanyScope(ctx, request);
      return { data: await listTeam(ctx, { scope, jobId: request.params.id }) };
    },
  );

  app.post(
    '/job/:id/team',
    {
      preValidation: signedIn,
      preHandler: employerEmailGuard(app, 'invitation', {
        recipients: (request) => (request.body as { members: unknown[] }).members.length,
      }),
      schema: {
        tags: ['job team'],
        params: ZJobParams,
        body: ZInviteTeamRequest,
        response: { 201: z.object({ data: ZInviteTeamAnswer }) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const scope = await resolveCompanyScope(ctx, request);
      const data = await inviteMembers(ctx, { scope, user, jobId: request.params.id, input: request.body });
      return reply.status(201).send({ data });
    },
  );

  app.patch(
    '/job/:id/team/:memberId',
    {
      preValidation: signedIn,
      schema: {
        tags: ['job team'],
        params: ZMemberParams,
        body: ZUpdateTeamMemberRequest,
        response: { 200: z.object({ data: ZTeamMember }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const scope = await resolveCompanyScope(ctx, request);
      const { id, memberId } = request.params;
      return {
        data: await updateMemberType(ctx, { scope, user, jobId: id, memberId, type: request.body.type }),
      };
    },
  );

  app.delete(
    '/job/:id/team/:memberId',
    {
      preValidation: signedIn,
      schema: {
        tags: ['job team'],
        params: ZMemberParams,
        response: { 200: z.object({ data: z.object({ _id: z.string() }) }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const scope = await resolveCompanyScope(ctx, request);
      const { id, memberId } = request.params;
      return { data: await removeMember(ctx, { scope, user, jobId: id, memberId }) };
    },
  );
};
