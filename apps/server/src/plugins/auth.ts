import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HEADER_COMPANY, COOKIE_AUTH, COOKIE_COMPANY, type TRole } from '@hirecast/domain/constants';
import { messages } from '@hirecast/domain/messages';
import { AppError } from '../lib/app-error.ts';
import { hashToken } from '../lib/tokens.ts';
import type { TContext } from '../lib/context.ts';
import { passesCsrfCheck } from './csrf.ts';
import { authenticateApiKey, isApiKeyToken } from './api-key-auth.ts';
import {
  FIRST_COMPANY,
  isCompanyIdShape,
  type TAuthUser,
  type TCompanyScope,
  type TSession,
} from '../lib/session-store.ts';

export type { TAuthUser, TCompanyScope } from '../lib/session-store.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: TAuthUser | null;
    sessionId: string | null;
    scope: TCompanyScope | null;
    /** The session cache's key (the token's hash) and the memberships read with the session, by company. */
    sessionKey: string | null;
    scopes: Map<string, TCompanyScope | null> | null;
    /** A session cookie came with a write that failed the CSRF check: the request acts as nobody. */
    csrfRefused: boolean;
  }
}

const bearer = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length <= 200 ? token : null;
};

// Decision 003: API clients send `Authorization: Bearer`; browsers hold the token in the HttpOnly
// `auth-token` cookie the server sets at sign-in. The header wins when both come.
const sessionToken = (request: FastifyRequest): { token: string; fromCookie: boolean } | null => {
  const fromHeader = bearer(request);
  if (fromHeader) return { token: fromHeader, fromCookie: false };
  const fromCookie = request.cookies?.[COOKIE_AUTH];
  return fromCookie ? { token: fromCookie, fromCookie: true } : null;
};

type TAuthContext = Pick<TContext, 'sessions'>;
type TAuthenticated = { session: TSession; scopes: Iterable<[string, TCompanyScope | null]> };

/**
 * The session of a token hash with the membership of `companyKey`: from the session cache, else in one round
 * trip (decision 016), kept in the cache unless a change was heard while it was read.
 */
async function authenticate(
  { sessions: store }: TAuthContext,
  hash: string,
  companyKey: string,
): Promise<TAuthenticated | null> {
  const cached = store.cache.get(hash);
  if (cached?.scopes.has(companyKey)) return cached;
  const at = store.cache.generation();
  const read = await store.readSession(hash, companyKey);
  if (read)
    store.cache.set(hash, cached ? { ...read, scopes: [...cached.scopes, ...read.scopes] } : read, at);
  return read;
}

/** The live session of a token (not revoked, not expired) with its user, or null. */
export async function findSession(ctx: TAuthContext, token: string | undefined): Promise<TSession | null> {
  if (!token || token.length > 200) return null;
  return (await authenticate(ctx, hashToken(token), FIRST_COMPANY))?.session ?? null;
}

// Resolves the session of the request (Bearer header or session cookie) on every request (user stays null when absent,
// expired or revoked), with the membership of the company the request names, in one read. Routes opt in to
// requiring it with `requireUser` / `resolveCompanyScope`.
export function registerAuth(app: FastifyInstance, ctx: TContext) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('scope', null);
  app.decorateRequest('sessionKey', null);
  app.decorateRequest('scopes', null);
  app.decorateRequest('csrfRefused', false);
  app.decorateRequest('apiKey', null);
  const publicOrigin = new URL(ctx.config.publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    const found = sessionToken(request);
    if (!found) return;
    // Decision 036: an API key (Bearer only: a key is never a cookie, so it needs no CSRF check). Its company is
    // its own, whatever X-Company-Id says.
    if (!found.fromCookie && isApiKeyToken(found.token)) {
      await authenticateApiKey(ctx, request, reply, found.token);
      return;
    }
    // A cookie comes with requests other sites make too: a cookie write that is not from our pages acts as
    // nobody (public routes still answer it; `requireUser` answers 403), and is not even looked up.
    if (found.fromCookie && !passesCsrfCheck(request, publicOrigin)) {
      request.csrfRefused = true;
      return;
    }
    const hash = hashToken(found.token);
    const read = await authenticate(ctx, hash, headerCompanyId(request) ?? FIRST_COMPANY);
    if (read) {
      request.user = read.session.user;
      request.sessionId = read.session.sessionId;
      request.sessionKey = hash;
      request.scopes = new Map(read.scopes);
    }
  });
}

export function requireUser(request: FastifyRequest): TAuthUser {
  if (request.csrfRefused) throw new AppError('FORBIDDEN', messages.crossSiteRefused);
  if (!request.user) throw new AppError('UNAUTHORIZED', messages.unauthorized);
  return request.user;
}

// Tenancy: the one helper that decides which company a request acts for. The company comes from
// X-Company-Id (or the company-id cookie); it must be one of the caller's companies, and a company the
// caller does not belong to answers 404 so its existence is not revealed.
export async function resolveCompanyScope(
  ctx: TContext,
  request: FastifyRequest,
  companyId?: string,
): Promise<TCompanyScope> {
  const user = requireUser(request);
  const key = companyId ?? headerCompanyId(request) ?? FIRST_COMPANY;
  let scope = request.scopes?.get(key);
  // An API key belongs to one company: any other is not its own (404), and no membership is read for it.
  if (scope === undefined && request.apiKey) scope = null;
  if (scope === undefined) {
    // A company other than the one the request named (a route's own id): read, and remembered with the session.
    const at = ctx.sessions.cache.generation();
    scope = await ctx.sessions.readMembership(user.id, key);
    request.scopes?.set(key, scope);
    if (request.sessionKey) ctx.sessions.cache.setScope(request.sessionKey, key, scope, at);
  }
  if (!scope) throw new AppError('NOT_FOUND', messages.notFound);
  request.scope = scope;
  return scope;
}

// The company the request names. A header that is not a company id is the client's mistake and answers 400
// (it used to be ignored, and the request went on for the caller's first company); the cookie is the web app's
// own remembered choice, and one that is not a company id is ignored so that the app can replace it.
export function headerCompanyId(request: FastifyRequest): string | undefined {
  const raw = request.headers[HEADER_COMPANY];
  const fromHeader = (Array.isArray(raw) ? raw.join(', ') : raw)?.trim();
  if (fromHeader) {
    if (isCompanyIdShape(fromHeader)) return fromHeader.toLowerCase();
    throw new AppError('VALIDATION', messages.companyHeaderInvalid, {
      [HEADER_COMPANY]: messages.companyHeaderInvalid,
    });
  }
  const fromCookie = request.cookies?.[COOKIE_COMPANY];
  return fromCookie && isCompanyIdShape(fromCookie) ? fromCookie.toLowerCase() : undefined;
}

export function requireRole(scope: TCompanyScope, minRole: TRole) {
  if (scope.role < minRole) throw new AppError('FORBIDDEN', messages.forbidden);
}

export type TGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
