import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listMailbox } from './service.ts';

export const ZMailboxQuery = z.object({
  to: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const ZMailboxEmail = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});

// Registered by app.ts only outside production: the embedded mail transport's inbox.
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        querystring: ZMailboxQuery,
        response: { 200: z.object({ data: z.array(ZMailboxEmail) }) },
      },
    },
    async (request) => ({ data: await listMailbox(app.ctx, request.query) }),
  );
};
