import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZShareEmailRequest } from '@hirecast/domain/job';
import { requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import { employerEmailGuard } from '../../plugins/sender-guard.ts';
import { exportSubmittedEmails, shareJobByEmail } from './service.ts';

const signedIn = async (request: FastifyRequest) => void requireUser(request);
const ZParams = z.object({ id: z.string() });

export const jobShareRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/job/:id/share/email',
    {
      preValidation: signedIn,
      // Share emails go to any address (RATE_LIMITS.employerEmail.share).
      preHandler: employerEmailGuard(app, 'share', {
        recipients: (request) => (request.body as { to: unknown[] }).to.length,
      }),
      schema: {
        tags: ['job'],
        params: ZParams,
        body: ZShareEmailRequest,
        response: { 200: z.object({ data: z.object({ message: z.string() }) }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const scope = await resolveCompanyScope(ctx, request);
      return {
        data: await shareJobByEmail(ctx, { scope, user, jobId: request.params.id, input: request.body }),
      };
    },
  );

  app.post(
    '/job/:id/submitted-emails/csv',
    { preValidation: signedIn, schema: { tags: ['job'], params: ZParams } },
    async (request, reply) => {
      const scope = await resolveCompanyScope(ctx, request);
      const file = await exportSubmittedEmails(ctx, { scope, jobId: request.params.id });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', file.disposition)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
};
