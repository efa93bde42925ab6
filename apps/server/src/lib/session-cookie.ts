import type { FastifyReply } from 'fastify';
import { COOKIE_AUTH } from '@hirecast/domain/constants';
import type { TConfig } from '../config.ts';

/** Cookies go out `Secure` whenever the product is served over https. */
export const secureCookies = (config: Pick<TConfig, 'publicUrl'>) => config.publicUrl.startsWith('https://');

// Decision 003: the browser's session lives in a cookie its scripts cannot read (HttpOnly), so an injected
// script cannot carry the token away. SameSite=Lax keeps it off cross-site subrequests and form posts.
const options = (config: Pick<TConfig, 'publicUrl'>) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: secureCookies(config),
});

/** Every answer that signs a browser in sets the session cookie; it lasts as long as the session. */
export function setSessionCookie(
  reply: FastifyReply,
  config: Pick<TConfig, 'publicUrl' | 'sessionTtlDays'>,
  token: string,
) {
  reply.setCookie(COOKIE_AUTH, token, { ...options(config), maxAge: config.sessionTtlDays * 86_400 });
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<TConfig, 'publicUrl'>) {
  reply.clearCookie(COOKIE_AUTH, options(config));
}
