import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

// OpenAPI generated from the routes' zod schemas, browsable at /api/docs when API_DOCS allows it (by
// default outside production: a deployment does not publish a map of its API unless it chooses to).
export async function registerDocs(app: FastifyInstance, { serve }: { serve: boolean }) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Hirecast API',
        version: '1.0.0',
        description:
          'Employer-side video hiring API. Answers are { data }; failures { error: { code, message, fields } }.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A session token (signed-in person).' },
          // Decision 036: operations a key may call list `apiKey` with the scope they need.
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API key (`hc_live_…`) created in Settings › Integrations, for its company only. See docs/api.md.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (serve) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
