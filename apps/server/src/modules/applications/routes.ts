import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApplicant } from '@hirecast/domain/application';
import { requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import { getApplicant } from './service.ts';

// spec 2 §7 Applications. The list, status changes, notes and marks come with the applicants issue.
export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/job/candidate/:id',
    {
      preValidation: async (request: FastifyRequest) => void requireUser(request),
      schema: {
        tags: ['applications'],
        params: z.object({ id: z.string() }),
        response: { 200: z.object({ data: ZApplicant }) },
      },
    },
    async (request) => {
      const scope = await resolveCompanyScope(ctx, request);
      return { data: await getApplicant(ctx, { scope, id: request.params.id }) };
    },
  );
};
