import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZShareEmailRequest } from '@hirecast/domain/job';
import { requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import { exportSubmittedEmails, shareJobByEmail } from './service.ts';

const signedIn = async (request: FastifyRequest) => void requireUser(request);
const ZParams = z.object({ id: z.string() });
// Share emails go to any address: 30 sends an hour per user keeps the product from being a spam relay.
export const SHARE_RATE_LIMIT = { max: 30, timeWindow: '1 hour' } as const;

export const jobShareRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/job/:id/share/email',
    {
      preValidation: signedIn,
      config: ctx.config.rateLimitDisabled
        ? {}
        : {
            rateLimit: {
              ...SHARE_RATE_LIMIT,
              keyGenerator: (request: FastifyRequest) => `share:${request.user?.id ?? request.ip}`,
            },
          },
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
