import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@hirecast/domain/messages';
import { AppError } from '../../lib/app-error.ts';
import { isLocalClient } from '../../lib/local-client.ts';
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

// The embedded mail transport's inbox, which holds password-reset links: registered by app.ts only when
// DEV_MAILBOX allows it (config.ts), and with access 'local' answered only to this computer. Anyone else
// gets the 404 of a route that does not exist.
export const devRoutes: FastifyPluginAsyncZod<{ access: 'on' | 'local' }> = async (app, { access }) => {
  if (access === 'on')
    app.log.warn('DEV_MAILBOX=on: the dev mailbox, with its password-reset links, is open to every client');
  if (access === 'local')
    app.addHook('onRequest', async (request) => {
      if (!isLocalClient(request.raw)) throw new AppError('NOT_FOUND', messages.notFound);
    });
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
