import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SIGN_IN_CODE_PARAM,
  ZSocialCallbackQuery,
  ZSocialExchangeRequest,
  ZSocialExchangeResponse,
  ZSocialStartQuery,
} from '@hirecast/domain/auth';
import { messages } from '@hirecast/domain/messages';
import { AppError } from '../../lib/app-error.ts';
import { secureCookies, setSessionCookie } from '../../lib/session-cookie.ts';
import { headerCompanyId } from '../../plugins/auth.ts';
import {
  createGoogleAuthorization,
  exchangeGoogleCode,
  signInWithGoogle,
  SocialSignInError,
} from './google.ts';
import { toManager } from './serialize.ts';
import { exchangeSignInCode, issueSignInCode, newBinding, SIGN_IN_CODE_TTL_MS } from './sign-in-codes.ts';

const tags = ['manager'];
const GOOGLE_PATH = '/api/manager/google';
const FLOW_COOKIES = {
  state: 'google-oauth-state',
  verifier: 'google-oauth-verifier',
  redirect: 'google-oauth-redirect',
};
// Decision 003: names the browser that started the flow; only it can exchange the callback's code. Its path
// covers the callback and the exchange, and it outlives the flow cookies by the code's lifetime.
const BINDING_COOKIE = 'google-sign-in-binding';

type TPerIp = (max: number, timeWindow: string) => { rateLimit: false | { max: number; timeWindow: string } };

// spec 1 §2 sign-in: social login returns to the employer site, at the stored redirect path.
export const googleRoutes: FastifyPluginAsyncZod<{ perIp: TPerIp }> = async (app, { perIp }) => {
  const { ctx } = app;
  const { config } = ctx;
  const cookieOptions = {
    path: GOOGLE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies(config),
  };
  const flowCookie = { ...cookieOptions, maxAge: 600 };
  const clearFlowCookies = (reply: FastifyReply) => {
    for (const name of Object.values(FLOW_COOKIES)) reply.clearCookie(name, cookieOptions);
  };
  const signInPage = (params: Record<string, string>) =>
    `${config.publicUrl}/sign-in?${new URLSearchParams(params).toString()}`;

  app.get(
    '/manager/google',
    { schema: { tags, querystring: ZSocialStartQuery }, config: perIp(30, '5 minutes') },
    async (request, reply) => {
      if (!config.google) throw new AppError('NOT_FOUND', messages.notFound);
      const { url, state, codeVerifier } = await createGoogleAuthorization(ctx, config.google);
      reply.setCookie(FLOW_COOKIES.state, state, flowCookie);
      reply.setCookie(FLOW_COOKIES.verifier, codeVerifier, flowCookie);
      reply.setCookie(BINDING_COOKIE, newBinding(), {
        ...cookieOptions,
        maxAge: 600 + SIGN_IN_CODE_TTL_MS / 1000,
      });
      if (request.query.redirect) reply.setCookie(FLOW_COOKIES.redirect, request.query.redirect, flowCookie);
      else reply.clearCookie(FLOW_COOKIES.redirect, cookieOptions);
      return reply.redirect(url, 302);
    },
  );

  // The provider's redirect lands here. A session is not opened yet: the browser gets a one-time code that
  // only it (its binding cookie) can exchange, so a link carrying someone else's code signs nobody in.
  app.get(
    '/manager/google/callback',
    { schema: { tags, querystring: ZSocialCallbackQuery }, config: perIp(30, '5 minutes') },
    async (request, reply) => {
      if (!config.google) throw new AppError('NOT_FOUND', messages.notFound);
      const expectedState = request.cookies[FLOW_COOKIES.state];
      const codeVerifier = request.cookies[FLOW_COOKIES.verifier];
      const redirect = request.cookies[FLOW_COOKIES.redirect];
      const binding = request.cookies[BINDING_COOKIE];
      clearFlowCookies(reply);
      const { code, state } = request.query;
      try {
        if (!code || !state || !expectedState || !codeVerifier || !binding || state !== expectedState) {
          throw new SocialSignInError('state, code or binding missing or not matching');
        }
        const claims = await exchangeGoogleCode(ctx, config.google, { code, codeVerifier });
        const { user, isNew } = await signInWithGoogle(ctx, claims);
        const signInCode = await issueSignInCode(ctx, { userId: user.id, isNew, binding });
        return reply.redirect(
          signInPage({
            [SIGN_IN_CODE_PARAM]: signInCode,
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

  // The app's POST with the code: opens the session and sets its cookie, once.
  app.post(
    '/manager/google/exchange',
    {
      schema: {
        tags,
        body: ZSocialExchangeRequest,
        response: { 200: z.object({ data: ZSocialExchangeResponse }) },
      },
      config: perIp(30, '5 minutes'),
    },
    async (request, reply) => {
      const wantedCompanyId = headerCompanyId(request);
      const { user, token } = await exchangeSignInCode(ctx, {
        code: request.body.code,
        binding: request.cookies[BINDING_COOKIE],
      });
      reply.clearCookie(BINDING_COOKIE, cookieOptions);
      setSessionCookie(reply, config, token);
      const manager = await toManager(ctx, user, wantedCompanyId);
      return { data: { manager, role: manager.role } };
    },
  );
};
