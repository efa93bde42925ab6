import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { sessions, users, memberships } from '@hirecast/db/schema';
import { HEADER_COMPANY, COOKIE_AUTH, COOKIE_COMPANY, type TRole } from '@hirecast/domain/constants';
import { messages } from '@hirecast/domain/messages';
import { AppError } from '../lib/app-error.ts';
import { hashToken } from '../lib/tokens.ts';
import type { TContext } from '../lib/context.ts';
import { passesCsrfCheck } from './csrf.ts';

export type TAuthUser = typeof users.$inferSelect;
export type TCompanyScope = { companyId: string; role: TRole };

declare module 'fastify' {
  interface FastifyRequest {
    user: TAuthUser | null;
    sessionId: string | null;
    scope: TCompanyScope | null;
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

// Resolves the session of the request on every request (user stays null when absent, expired or revoked).
// Routes opt in to requiring it with `requireUser` / `requireCompany`.
/** The live session of a token (not revoked, not expired) with its user, or null. */
export async function findSession(ctx: Pick<TContext, 'db'>, token: string | undefined) {
  if (!token || token.length > 200) return null;
  const [row] = await ctx.db
    .select({ user: users, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

export function registerAuth(app: FastifyInstance, ctx: TContext) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('scope', null);
  app.decorateRequest('csrfRefused', false);
  const publicOrigin = new URL(ctx.config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    const found = sessionToken(request);
    if (!found) return;
    // A cookie comes with requests other sites make too: a cookie write that is not from our pages acts as
    // nobody (public routes still answer it; `requireUser` answers 403), and is not even looked up.
    if (found.fromCookie && !passesCsrfCheck(request, publicOrigin)) {
      request.csrfRefused = true;
      return;
    }
    const row = await findSession(ctx, found.token);
    if (row) {
      request.user = row.user;
      request.sessionId = row.sessionId;
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
  const wanted = companyId ?? headerCompanyId(request);
  const rows = await ctx.db
    .select({ companyId: memberships.companyId, role: memberships.role })
    .from(memberships)
    .where(
      wanted
        ? and(eq(memberships.userId, user.id), eq(memberships.companyId, wanted))
        : eq(memberships.userId, user.id),
    )
    .orderBy(memberships.createdAt)
    .limit(1);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', messages.notFound);
  const scope = { companyId: row.companyId, role: row.role as TRole };
  request.scope = scope;
  return scope;
}

export function headerCompanyId(request: FastifyRequest): string | undefined {
  const raw = request.headers[HEADER_COMPANY];
  const fromHeader = Array.isArray(raw) ? raw[0] : raw;
  const fromCookie = request.cookies?.[COOKIE_COMPANY];
  const value = fromHeader || fromCookie;
  return value && /^[0-9a-f-]{36}$/i.test(value) ? value : undefined;
}

export function requireRole(scope: TCompanyScope, minRole: TRole) {
  if (scope.role < minRole) throw new AppError('FORBIDDEN', messages.forbidden);
}

export type TGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
