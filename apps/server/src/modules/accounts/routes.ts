import type { FastifyReply, FastifyRequest } from 'fastify';
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
  ZSocialCallbackQuery,
  ZSocialStartQuery,
  ZUpdateMeRequest,
  ZVerifyEmailRequest,
  ZVerifyEmailResponse,
} from '@hirecast/domain/auth';
import { ZAcceptInviteAnswer, ZAcceptInviteRequest, ZInviteInfo } from '@hirecast/domain/company-team';
import { messages } from '@hirecast/domain/messages';
import { AppError } from '../../lib/app-error.ts';
import { keyedLimitHook } from '../../lib/rate-limits.ts';
import { headerCompanyId, requireUser } from '../../plugins/auth.ts';
import {
  createGoogleAuthorization,
  exchangeGoogleCode,
  signInWithGoogle,
  SocialSignInError,
} from './google.ts';
import { acceptInvite, getInviteInfo } from './invitations.ts';
import { toAuthResponse, toManager } from './serialize.ts';
import * as accounts from './service.ts';

const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const tags = ['manager'];

const ZInviteCodeParams = z.object({ inviteCode: z.string().max(200) });

const GOOGLE_PATH = '/api/manager/google';
const GOOGLE_COOKIES = {
  state: 'google-oauth-state',
  verifier: 'google-oauth-verifier',
  redirect: 'google-oauth-redirect',
};

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
      const { user, token, companyId } = await accounts.signUp(ctx, request.body);
      reply.status(201);
      const wantedCompanyId = companyId ?? headerCompanyId(request);
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
    async (request) => {
      const { user, token } = await accounts.signIn(ctx, request.body);
      return { data: await toAuthResponse(ctx, { user, token, wantedCompanyId: headerCompanyId(request) }) };
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

  app.patch(
    '/manager/me',
    { schema: { tags, body: ZUpdateMeRequest, response: { 200: data(ZManager) } } },
    async (request) => {
      const user = await accounts.updateMe(ctx, requireUser(request), request.body);
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

  app.post('/manager/logout', { schema: { tags, response: { 200: data(ZOkResponse) } } }, async (request) => {
    requireUser(request);
    await accounts.logout(ctx, request.sessionId!);
    return { data: { ok: true as const } };
  });

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
    async (request) => {
      const { user, token } = await accounts.resetPassword(ctx, request.body);
      return { data: await toAuthResponse(ctx, { user, token, wantedCompanyId: headerCompanyId(request) }) };
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

  const cookieOptions = {
    path: GOOGLE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https://'),
    maxAge: 600,
  };
  const clearGoogleCookies = (reply: FastifyReply) => {
    for (const name of Object.values(GOOGLE_COOKIES)) reply.clearCookie(name, { path: GOOGLE_PATH });
  };
  const signInPage = (params: Record<string, string>) =>
    `${config.publicUrl}/sign-in?${new URLSearchParams(params).toString()}`;

  // spec 1 §2 sign-in: social login returns to the employer site, at the stored redirect path.
  app.get(
    '/manager/google',
    { schema: { tags, querystring: ZSocialStartQuery }, config: perIp(30, '5 minutes') },
    async (request, reply) => {
      if (!config.google) throw new AppError('NOT_FOUND', messages.notFound);
      const { url, state, codeVerifier } = await createGoogleAuthorization(ctx, config.google);
      reply.setCookie(GOOGLE_COOKIES.state, state, cookieOptions);
      reply.setCookie(GOOGLE_COOKIES.verifier, codeVerifier, cookieOptions);
      if (request.query.redirect)
        reply.setCookie(GOOGLE_COOKIES.redirect, request.query.redirect, cookieOptions);
      else reply.clearCookie(GOOGLE_COOKIES.redirect, { path: GOOGLE_PATH });
      return reply.redirect(url, 302);
    },
  );

  app.get(
    '/manager/google/callback',
    { schema: { tags, querystring: ZSocialCallbackQuery }, config: perIp(30, '5 minutes') },
    async (request, reply) => {
      if (!config.google) throw new AppError('NOT_FOUND', messages.notFound);
      const expectedState = request.cookies[GOOGLE_COOKIES.state];
      const codeVerifier = request.cookies[GOOGLE_COOKIES.verifier];
      const redirect = request.cookies[GOOGLE_COOKIES.redirect];
      clearGoogleCookies(reply);
      const { code, state } = request.query;
      try {
        if (!code || !state || !expectedState || !codeVerifier || state !== expectedState) {
          throw new SocialSignInError('state or code missing or not matching');
        }
        const claims = await exchangeGoogleCode(ctx, config.google, { code, codeVerifier });
        const { token, isNew } = await signInWithGoogle(ctx, claims);
        return reply.redirect(
          signInPage({
            'access-token': token,
            'is-new': isNew ? '1' : '0',
            source: 'google',
            ...(redirect && ZSocialStartQuery.safeParse({ redirect }).success && { redirect }),
          }),
          302,
        );
      } catch (err) {
        if (!(err instanceof SocialSignInError)) throw err;
        request.log.info({ reason: err.reason, detail: err.message }, 'google sign-in refused');
        if (err.reason === 'corporate-email')
          return reply.redirect(signInPage({ 'is-corporate-email-error': '1' }), 302);
        return reply.redirect(signInPage({ 'social-error': '1' }), 302);
      }
    },
  );
};
