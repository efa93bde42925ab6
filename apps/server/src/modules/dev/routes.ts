import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const devRoutes: FastifyPluginAsyncZod = async () => {};
