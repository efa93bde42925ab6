import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZContactRequest } from '@hirecast/domain/contact';
import { sendContactRequest } from './service.ts';

// 5 messages per 10 minutes per IP: the form is open to anonymous callers.
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/email/contact',
    {
      config: ctx.config.rateLimitDisabled ? {} : { rateLimit: CONTACT_RATE_LIMIT },
      schema: {
        tags: ['contact'],
        body: ZContactRequest,
        response: { 200: z.object({ data: z.object({ message: z.string() }) }) },
      },
    },
    async (request) => ({
      data: await sendContactRequest(ctx, { input: request.body, userId: request.user?.id ?? null }),
    }),
  );
};
