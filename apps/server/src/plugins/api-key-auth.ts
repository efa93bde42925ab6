import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { API_KEY_PREFIX, apiKeyMessages, type TApiKeyScope } from '@hirecast/domain/api-keys';
import { AppError } from '../lib/app-error.ts';
import { countApiKeyRequest, findApiKey, type TApiKeyPrincipal } from '../lib/api-key-store.ts';
import type { TContext } from '../lib/context.ts';
import { FIRST_COMPANY } from '../lib/session-store.ts';

// Issue 35 item 1 (decision 036): the API-key half of authentication. A route opts in by naming the scope a key
// needs in its config (`config: { apiKeyScope: 'read' }`); a route that names none refuses every key, so a new
// route (billing, team, settings, key management...) is closed to keys until someone decides otherwise.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The API-key scope this operation needs; without it, API keys are refused here. */
    apiKeyScope?: TApiKeyScope;
  }
  interface FastifyRequest {
    /** The API key the request authenticated with (null: a session, or nobody). */
    apiKey: TApiKeyPrincipal | null;
  }
}

/** Whether a Bearer token is meant as an API key (and not a session token). */
export const isApiKeyToken = (token: string) => token.startsWith(API_KEY_PREFIX);

const scopeLine = (scope: TApiKeyScope) => `API keys: needs the \`${scope}\` scope.`;

/**
 * Marks in the OpenAPI document the operations a key may call: the `apiKey` security requirement with the scope,
 * beside the session's bearer, and a line in the description. Registered before the routes and the docs plugin.
 */
export function markApiKeyOperations(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const scope = route.config?.apiKeyScope;
    if (!scope) return;
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const description = typeof schema.description === 'string' ? `${schema.description}\n\n` : '';
    route.schema = {
      ...schema,
      description: `${description}${scopeLine(scope)}`,
      security: [{ bearer: [] }, { apiKey: [scope] }],
    };
  });
}

/**
 * Authenticates a request that sends an API key: a key that is not live answers 401; then the key's request is
 * counted (RateLimit headers, 429 past the limit), and the route must accept keys with a scope the key holds.
 */
export async function authenticateApiKey(
  ctx: TContext,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
) {
  const key = await findApiKey(ctx.db, token);
  if (!key) throw new AppError('UNAUTHORIZED', apiKeyMessages.invalidKey);

  const max = ctx.config.apiKeys.requestsPerMinute;
  const { count, resetIn } = await countApiKeyRequest(ctx.db, key.id);
  // draft-ietf-httpapi-ratelimit-headers: the policy (quota q per window w seconds) and what is left of it.
  reply.header('RateLimit-Policy', `"per-key";q=${max};w=60`);
  reply.header('RateLimit', `"per-key";r=${Math.max(0, max - count)};t=${resetIn}`);
  if (count > max) {
    reply.header('Retry-After', String(resetIn));
    throw new AppError('TOO_MANY_REQUESTS', apiKeyMessages.rateLimited);
  }

  // An address that is no route answers 404 as it would to anyone.
  const needed = request.routeOptions.config?.apiKeyScope;
  if (!needed && !request.is404) throw new AppError('FORBIDDEN', apiKeyMessages.notForKeys);
  if (!needed) return;
  if (!key.scopes.includes(needed)) throw new AppError('FORBIDDEN', apiKeyMessages.scopeMissing(needed));

  // The key acts through its own user row, for its own company only, with the reach of an admin within the
  // operations its scopes open: any other company is one the caller is not a member of (404).
  const scope = { companyId: key.companyId, role: 2 as const };
  request.apiKey = key;
  request.user = key.user;
  request.scopes = new Map([
    [FIRST_COMPANY, scope],
    [key.companyId, scope],
  ]);
}
