import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDbHandle } from '@hirecast/db/client';
import { AppError } from '../../lib/app-error.ts';

// /healthz: the process is up. /readyz: the database answers.
export const healthRoutes: FastifyPluginAsyncZod<{ database: TDbHandle }> = async (app, { database }) => {
  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({
      status: 'ok' as const,
    }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        hide: true,
        response: { 200: z.object({ status: z.literal('ready'), database: z.string() }) },
      },
    },
    async (request) => {
      try {
        await database.ping();
      } catch (err) {
        request.log.error({ err }, 'database not reachable');
        throw new AppError('INTERNAL', 'Database is not reachable');
      }
      return { status: 'ready' as const, database: database.kind };
    },
  );
};
