import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZGeocodeQuery, ZGeocodeResult } from '@hirecast/domain/geocoding';
import { requireUser } from '../../plugins/auth.ts';
import { searchPlaces } from './service.ts';

// A person types with a 700 ms debounce (spec 1 §9): 60 searches a minute is generous for one user and
// keeps a remote provider's fair-use limits (Nominatim: 1 request per second per application) in reach.
export const GEOCODE_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

const signedIn = async (request: FastifyRequest) => void requireUser(request);

// spec 1 §5 Location autocomplete, §7 External: GET /api/geocode?q=&limit=
export const geocodingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/geocode',
    {
      preValidation: signedIn,
      config: ctx.config.rateLimitDisabled
        ? {}
        : {
            rateLimit: {
              ...GEOCODE_RATE_LIMIT,
              keyGenerator: (request: FastifyRequest) => `geocode:${request.user?.id ?? request.ip}`,
            },
          },
      schema: {
        tags: ['geocoding'],
        querystring: ZGeocodeQuery,
        response: { 200: z.object({ data: z.array(ZGeocodeResult) }) },
      },
    },
    async (request) => ({ data: await searchPlaces(ctx, request.query) }),
  );
};
