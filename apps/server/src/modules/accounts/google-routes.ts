import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LINK_CODE_PARAM,
  SIGN_IN_CODE_PARAM,
  SOCIAL_CALLBACK_MAX,
  ZSocialCallbackQuery,
  ZSocialExchangeRequest,
  ZSocialExchangeResponse,
  ZSocialLinkRequest,
  ZSocialStartQuery,
} from '@hirecast/domain/auth';
import { SOCIAL_ERROR_PARAM, type TSocialError } from '@hirecast/domain/sign-in-rules';
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
import {
  exchangeSignInCode,
  issueSignInCode,
  LINK_CODE_TTL_MS,
  linkWithPassword,
  newBinding,
} from './sign-in-codes.ts';

const tags = ['manager'];
const GOOGLE_PATH = '/api/manager/google';
const FLOW_COOKIES = {
  state: 'google-oauth-state',
  verifier: 'google-oauth-verifier',
  redirect: 'google-oauth-redirect',
  // Issue 27: the invitation code the person arrived with, and the page (sign-in or sign-up) a failure is
  // said on. Set with the state and read only when the state matches, then cleared with it.
  invite: 'google-oauth-invite',
  from: 'google-oauth-from',
};
// Decision 003: names the browser that started the flow; only it can exchange the callback's code. Its path
// covers the callback, the exchange and the link, and it outlives the flow cookies by a pending link's lifetime.
const BINDING_COOKIE = 'google-sign-in-binding';

const reasonParam: Record<SocialSignInError['reason'], TSocialError> = {
  provider: 'failed',
  cancelled: 'cancelled',
  expired: 'expired',
  'has-account': 'has-account',
  invite: 'invite',
  'corporate-email': 'failed',
};

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
  const signInPage = (params: Record<string, string>, page = 'sign-in') =>
    `${config.publicUrl}/${page}?${new URLSearchParams(params).toString()}`;
  const setOrClear = (reply: FastifyReply, name: string, value: string | undefined) => {
    if (value) reply.setCookie(name, value, flowCookie);
    else reply.clearCookie(name, cookieOptions);
  };
  // Issue 27: every failure says why on the page the person started from; the log records the reason and the
  // provider's `error` code, never the code, the state or a token.
  const refuse = (
    request: FastifyRequest,
    reply: FastifyReply,
    { err, page, providerError }: { err: SocialSignInError; page: string; providerError?: string },
  ) => {
    request.log.info(
      { reason: err.reason, detail: err.message, ...(providerError && { providerError }) },
      'google sign-in refused',
    );
    if (err.reason === 'corporate-email')
      return reply.redirect(signInPage({ 'is-corporate-email-error': '1' }, page), 302);
    return reply.redirect(signInPage({ [SOCIAL_ERROR_PARAM]: reasonParam[err.reason] }, page), 302);
  };

  app.get(
    '/manager/google',
    { schema: { tags, querystring: ZSocialStartQuery }, config: perIp(30, '5 minutes') },
    async (request, reply) => {
      if (!config.google) throw new AppError('NOT_FOUND', messages.notFound);
      const { redirect, invite, from = 'sign-in' } = request.query;
      let authorization;
      try {
        authorization = await createGoogleAuthorization(ctx, config.google);
      } catch (err) {
        if (!(err instanceof SocialSignInError)) throw err;
        return refuse(request, reply, { err, page: from });
      }
      const { url, state, codeVerifier } = authorization;
      reply.setCookie(FLOW_COOKIES.state, state, flowCookie);
      reply.setCookie(FLOW_COOKIES.verifier, codeVerifier, flowCookie);
      reply.setCookie(BINDING_COOKIE, newBinding(), {
        ...cookieOptions,
        maxAge: 600 + LINK_CODE_TTL_MS / 1000,
      });
      setOrClear(reply, FLOW_COOKIES.redirect, redirect);
      setOrClear(reply, FLOW_COOKIES.invite, invite);
      setOrClear(reply, FLOW_COOKIES.from, from);
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
      const inviteCode = request.cookies[FLOW_COOKIES.invite];
      const page = request.cookies[FLOW_COOKIES.from] === 'sign-up' ? 'sign-up' : 'sign-in';
      const binding = request.cookies[BINDING_COOKIE];
      clearFlowCookies(reply);
      const { code, state, error } = request.query;
      const overLong = (Object.keys(SOCIAL_CALLBACK_MAX) as (keyof typeof SOCIAL_CALLBACK_MAX)[]).filter(
        (name) => (request.query[name]?.length ?? 0) > SOCIAL_CALLBACK_MAX[name],
      );
      const providerError = error && !overLong.includes('error') ? error : undefined;
      try {
        if (overLong.length > 0) throw new SocialSignInError(`over-long ${overLong.join(', ')}`);
        // The provider's own refusal (the person cancelled: access_denied) comes without a code.
        if (providerError) throw new SocialSignInError('the provider answered an error', 'cancelled');
        if (!code || !state || !expectedState || !codeVerifier || !binding || state !== expectedState) {
          throw new SocialSignInError('state, code or binding missing or not matching', 'expired');
        }
        const claims = await exchangeGoogleCode(ctx, config.google, { code, codeVerifier });
        const outcome = await signInWithGoogle(ctx, claims, { inviteCode });
        if (outcome.kind === 'link') {
          const linkCode = await issueSignInCode(ctx, {
            userId: outcome.user.id,
            binding,
            link: { googleSub: outcome.googleSub, invitationId: outcome.invitationId },
          });
          return reply.redirect(signInPage({ [LINK_CODE_PARAM]: linkCode, source: 'google' }), 302);
        }
        const { user, isNew, companyId } = outcome;
        const signInCode = await issueSignInCode(ctx, { userId: user.id, isNew, binding, companyId });
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
        return refuse(request, reply, { err, page, providerError });
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
      const { user, token, companyId } = await exchangeSignInCode(ctx, {
        code: request.body.code,
        binding: request.cookies[BINDING_COOKIE],
      });
      reply.clearCookie(BINDING_COOKIE, cookieOptions);
      setSessionCookie(reply, config, token);
      const manager = await toManager(ctx, user, companyId ?? headerCompanyId(request));
      return { data: { manager, role: manager.role } };
    },
  );

  // Issue 27: the app's POST of a pending link with the account's password: links Google, opens the session.
  app.post(
    '/manager/google/link',
    {
      schema: {
        tags,
        body: ZSocialLinkRequest,
        response: { 200: z.object({ data: ZSocialExchangeResponse }) },
      },
      config: perIp(30, '5 minutes'),
    },
    async (request, reply) => {
      const { user, token, companyId } = await linkWithPassword(ctx, {
        code: request.body.code,
        binding: request.cookies[BINDING_COOKIE],
        password: request.body.password,
      });
      reply.clearCookie(BINDING_COOKIE, cookieOptions);
      setSessionCookie(reply, config, token);
      const manager = await toManager(ctx, user, companyId ?? headerCompanyId(request));
      return { data: { manager, role: manager.role } };
    },
  );
};
