import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const storageRoutes: FastifyPluginAsyncZod = async () => {};
