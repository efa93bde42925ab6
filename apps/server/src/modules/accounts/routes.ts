import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAuthResponse,
  ZForgotPasswordRequest,
  ZManager,
  ZMeQuery,
  ZMessageResponse,
  ZOkResponse,
  ZProvidersResponse,
  ZResetPasswordRequest,
  ZSendVerificationBody,
  ZSignInRequest,
  ZSignUpRequest,
  ZUpdateMeRequest,
  ZVerifyEmailRequest,
  ZVerifyEmailResponse,
} from '@hirecast/domain/auth';
import { ZAcceptInviteAnswer, ZAcceptInviteRequest, ZInviteInfo } from '@hirecast/domain/company-team';
import { keyedLimitHook } from '../../lib/rate-limits.ts';
import { headerCompanyId, requireUser } from '../../plugins/auth.ts';
import { clearSessionCookie, setSessionCookie } from '../../lib/session-cookie.ts';
import { googleRoutes } from './google-routes.ts';
import { acceptInvite, getInviteInfo } from './invitations.ts';
import { toAuthResponse, toManager } from './serialize.ts';
import * as accounts from './service.ts';

const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const tags = ['manager'];

const ZInviteCodeParams = z.object({ inviteCode: z.string().max(200) });

// spec 1 §7 Manager calls, plus email verification, providers and Google sign-in.
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { config } = ctx;

  // ARCHITECTURE.md: rate limits on every auth endpoint. `perIp` is the route's limit by client IP, counted
  // on request. `perKey` counts a second key (email, user) once the body is validated (lib/rate-limits.ts).
  const perIp = (max: number, timeWindow: string) => ({
    rateLimit: config.rateLimitDisabled ? (false as const) : { max, timeWindow },
  });
  const perKey = (
    name: string,
    max: number,
    timeWindow: string,
    key: (request: FastifyRequest) => string | undefined,
  ) => keyedLimitHook(app, { name, limit: { max, timeWindow }, key });
  const bodyEmail = (request: FastifyRequest) => (request.body as { email?: string } | undefined)?.email;

  app.post(
    '/manager/signup/email',
    {
      schema: { tags, body: ZSignUpRequest, response: { 201: data(ZAuthResponse) } },
      config: perIp(10, '1 hour'),
    },
    async (request, reply) => {
      // Read (and a malformed header refused) before anything is written.
      const headerCompany = headerCompanyId(request);
      const { user, token, companyId } = await accounts.signUp(ctx, request.body);
      setSessionCookie(reply, config, token);
      reply.status(201);
      const wantedCompanyId = companyId ?? headerCompany;
      return { data: await toAuthResponse(ctx, { user, token, wantedCompanyId }) };
    },
  );

  app.post(
    '/manager/signin/email',
    {
      schema: { tags, body: ZSignInRequest, response: { 200: data(ZAuthResponse) } },
      config: perIp(25, '5 minutes'),
      preHandler: perKey('signin-email', 25, '5 minutes', bodyEmail),
    },
    async (request, reply) => {
      const wantedCompanyId = headerCompanyId(request);
      const { user, token } = await accounts.signIn(ctx, request.body);
      setSessionCookie(reply, config, token);
      return { data: await toAuthResponse(ctx, { user, token, wantedCompanyId }) };
    },
  );

  app.get(
    '/manager/me',
    { schema: { tags, querystring: ZMeQuery, response: { 200: data(ZManager) } } },
    async (request) => {
      const user = requireUser(request);
      return { data: await toManager(ctx, user, headerCompanyId(request)) };
    },
  );

  // The web app's question "who is signed in, if anyone" (issue 23 item 8). Nobody is an answer here, not a
  // failure: a signed-out visit to /sign-in makes no failing request. API clients keep /manager/me and its 401.
  app.get(
    '/manager/session',
    { schema: { tags, response: { 200: data(ZManager.nullable()) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!request.user) return { data: null };
      return { data: await toManager(ctx, request.user, headerCompanyId(request)) };
    },
  );

  app.patch(
    '/manager/me',
    { schema: { tags, body: ZUpdateMeRequest, response: { 200: data(ZManager) } } },
    async (request) => {
      const user = await accounts.updateMe(ctx, requireUser(request), request.body);
      return { data: await toManager(ctx, user, headerCompanyId(request)) };
    },
  );

  // Issue 33 item 8: the owner has read what the account taken back from its first registrant already had.
  app.delete(
    '/manager/me/taken-back',
    { schema: { tags, response: { 200: data(ZManager) } } },
    async (request) => {
      const user = await accounts.closeTakenBackNotice(ctx, requireUser(request));
      return { data: await toManager(ctx, user, headerCompanyId(request)) };
    },
  );

  // spec 2 §4 Invite flow: "the user is fetched by the invite token" (public: the invitee may have no account).
  app.get(
    '/manager/invite/:inviteCode',
    {
      schema: { tags, params: ZInviteCodeParams, response: { 200: data(ZInviteInfo) } },
      config: perIp(60, '15 minutes'),
    },
    async (request) => ({ data: await getInviteInfo(ctx, request.params.inviteCode) }),
  );

  // spec 2 §7 POST /manager/accept/invite: the signed-in invitee joins the company, which becomes `_company`.
  app.post(
    '/manager/accept/invite',
    {
      preValidation: async (request) => void requireUser(request),
      schema: { tags, body: ZAcceptInviteRequest, response: { 200: data(ZAcceptInviteAnswer) } },
      config: perIp(30, '15 minutes'),
    },
    async (request) => {
      const { user, companyId } = await acceptInvite(ctx, {
        user: requireUser(request),
        code: request.body.inviteCode,
      });
      return { data: { manager: await toManager(ctx, user, companyId) } };
    },
  );

  // Revokes the session and clears the browser's cookie (an API client's token is revoked the same way).
  app.post(
    '/manager/logout',
    { schema: { tags, response: { 200: data(ZOkResponse) } } },
    async (request, reply) => {
      requireUser(request);
      await accounts.logout(ctx, request.sessionId!);
      clearSessionCookie(reply, config);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/manager/forgot/password',
    {
      schema: { tags, body: ZForgotPasswordRequest, response: { 200: data(ZMessageResponse) } },
      config: perIp(20, '15 minutes'),
      preHandler: perKey('forgot-email', 5, '15 minutes', bodyEmail),
    },
    async (request) => ({ data: await accounts.requestPasswordReset(ctx, request.body) }),
  );

  app.post(
    '/manager/reset/password',
    {
      schema: { tags, body: ZResetPasswordRequest, response: { 200: data(ZAuthResponse) } },
      config: perIp(20, '15 minutes'),
    },
    async (request, reply) => {
      const wantedCompanyId = headerCompanyId(request);
      const { user, token } = await accounts.resetPassword(ctx, request.body);
      setSessionCookie(reply, config, token);
      return { data: await toAuthResponse(ctx, { user, token, wantedCompanyId }) };
    },
  );

  app.post(
    '/manager/signup/email/verify/send',
    {
      schema: { tags, body: ZSendVerificationBody, response: { 200: data(ZMessageResponse) } },
      preHandler: perKey('verify-send', 5, '15 minutes', (request) => request.user?.id),
    },
    async (request) => ({
      data: await accounts.resendVerification(ctx, requireUser(request), request.body?.redirect),
    }),
  );

  app.post(
    '/manager/signup/email/verify',
    {
      schema: { tags, body: ZVerifyEmailRequest, response: { 200: data(ZVerifyEmailResponse) } },
      config: perIp(30, '15 minutes'),
    },
    async (request) => ({ data: await accounts.verifyEmail(ctx, request.body.token) }),
  );

  app.get(
    '/manager/providers',
    { schema: { tags, response: { 200: data(ZProvidersResponse) } } },
    async () => ({
      data: { google: Boolean(config.google) },
    }),
  );

  await app.register(googleRoutes, { perIp });
};
