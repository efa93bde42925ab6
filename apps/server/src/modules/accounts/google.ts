import { createPublicKey, verify as verifySignature, type JsonWebKey } from 'node:crypto';
import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from 'arctic';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '@hirecast/db/schema';
import { LIMITS } from '@hirecast/domain/constants';
import { isFreeMailDomain } from '@hirecast/domain/email';
import { isInvited } from './invitations.ts';
import type { TContext } from '../../lib/context.ts';
import type { TUserRow } from './serialize.ts';
import { findUserByEmail, sendVerificationEmail } from './service.ts';

// Google sign-in as plain OpenID Connect: endpoints come from the issuer's discovery document, so the
// same code runs against accounts.google.com and against a local mock OIDC server in tests. arctic's
// `Google` class hard-codes Google's endpoints; its generic OAuth2Client does the same calls (PKCE S256).

type TGoogleConfig = NonNullable<TContext['config']['google']>;

const ZDiscovery = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});
type TDiscovery = z.infer<typeof ZDiscovery>;

const ZJwk = z.looseObject({ kty: z.string(), kid: z.string().optional(), alg: z.string().optional() });
const ZJwks = z.object({ keys: z.array(ZJwk) });

const ZIdTokenClaims = z.object({
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  exp: z.number(),
  sub: z.string().min(1).max(255),
  email: z.string().trim().toLowerCase().max(LIMITS.emailMax).pipe(z.email()),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});
export type TIdTokenClaims = z.infer<typeof ZIdTokenClaims>;

export class SocialSignInError extends Error {
  readonly reason: 'provider' | 'corporate-email' | 'unverified-email';
  constructor(message: string, reason: SocialSignInError['reason'] = 'provider') {
    super(message);
    this.name = 'SocialSignInError';
    this.reason = reason;
  }
}

// Discovery documents and key sets change rarely; an hour of caching saves a round trip per sign-in.
// A cache miss only costs a fetch, so keeping it per process is harmless.
const CACHE_MS = 3_600_000;
const cache = new Map<string, { at: number; value: unknown }>();

async function fetchJson<T>(url: string, schema: z.ZodType<T>, { fresh = false } = {}): Promise<T> {
  const hit = cache.get(url);
  if (!fresh && hit && Date.now() - hit.at < CACHE_MS) return hit.value as T;
  const res = await fetch(url, {
    signal: AbortSignal.timeout(5000),
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new SocialSignInError(`GET ${url} answered ${res.status}`);
  const value = schema.parse(await res.json());
  cache.set(url, { at: Date.now(), value });
  return value;
}

const discover = (google: TGoogleConfig) =>
  fetchJson(`${google.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, ZDiscovery);

export const googleCallbackUrl = (ctx: TContext) => `${ctx.config.publicUrl}/api/manager/google/callback`;

const clientOf = (ctx: TContext, google: TGoogleConfig) =>
  new OAuth2Client(google.clientId, google.clientSecret, googleCallbackUrl(ctx));

export async function createGoogleAuthorization(ctx: TContext, google: TGoogleConfig) {
  const discovery = await discover(google);
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const url = clientOf(ctx, google).createAuthorizationURLWithPKCE(
    discovery.authorization_endpoint,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    ['openid', 'email', 'profile'],
  );
  return { url: url.toString(), state, codeVerifier };
}

const b64url = (part: string) => Buffer.from(part, 'base64url');

// RS256 signature check against the issuer's JWKS, then iss / aud / exp (OpenID Connect Core §3.1.3.7).
async function verifyIdToken(
  idToken: string,
  google: TGoogleConfig,
  discovery: TDiscovery,
): Promise<TIdTokenClaims> {
  const parts = idToken.split('.');
  if (parts.length !== 3) throw new SocialSignInError('id_token is not a JWT');
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = z
    .object({ alg: z.string(), kid: z.string().optional() })
    .parse(JSON.parse(b64url(headerPart).toString('utf8')));
  if (header.alg !== 'RS256') throw new SocialSignInError(`id_token alg ${header.alg} is not accepted`);
  const pick = (keys: z.infer<typeof ZJwk>[]) =>
    keys.find((k) => k.kty === 'RSA' && (header.kid === undefined || k.kid === header.kid));
  let jwk = pick((await fetchJson(discovery.jwks_uri, ZJwks)).keys);
  // The provider rotates keys: an unknown kid is worth one fresh download.
  jwk ??= pick((await fetchJson(discovery.jwks_uri, ZJwks, { fresh: true })).keys);
  if (!jwk) throw new SocialSignInError('no key of the issuer matches the id_token');
  const key = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
  const signed = Buffer.from(`${headerPart}.${payloadPart}`);
  if (!verifySignature('RSA-SHA256', signed, key, b64url(signaturePart))) {
    throw new SocialSignInError('id_token signature is invalid');
  }
  const claims = ZIdTokenClaims.parse(JSON.parse(b64url(payloadPart).toString('utf8')));
  // Google writes iss with or without the scheme.
  const issuers = [discovery.issuer, discovery.issuer.replace(/^https:\/\//, '')];
  if (!issuers.includes(claims.iss)) throw new SocialSignInError('id_token issuer mismatch');
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(google.clientId)) throw new SocialSignInError('id_token audience mismatch');
  if (claims.exp * 1000 < Date.now() - 60_000) throw new SocialSignInError('id_token expired');
  return claims;
}

export async function exchangeGoogleCode(
  ctx: TContext,
  google: TGoogleConfig,
  { code, codeVerifier }: { code: string; codeVerifier: string },
): Promise<TIdTokenClaims> {
  const discovery = await discover(google);
  let idToken: string;
  try {
    const tokens = await clientOf(ctx, google).validateAuthorizationCode(
      discovery.token_endpoint,
      code,
      codeVerifier,
    );
    idToken = tokens.idToken();
  } catch (err) {
    throw new SocialSignInError(`code exchange failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    return await verifyIdToken(idToken, google, discovery);
  } catch (err) {
    // A malformed token, missing claims (zod) or an unreachable JWKS: all mean "not signed in".
    if (err instanceof SocialSignInError) throw err;
    throw new SocialSignInError(`id_token rejected: ${err instanceof Error ? err.message : String(err)}`);
  }
}

const nameOf = (value: string | undefined, fallback: string) =>
  (value?.trim() || fallback).slice(0, LIMITS.nameMax);

// Find the account by Google subject, else by email (linking it only when Google vouches for the address,
// so an unverified address at the provider cannot take over an account), else create one. The session is
// opened later, when the browser that started the flow exchanges its one-time code (sign-in-codes.ts).
export async function signInWithGoogle(
  ctx: TContext,
  claims: TIdTokenClaims,
): Promise<{ user: TUserRow; isNew: boolean }> {
  const verified = claims.email_verified === true;
  const [bySub] = await ctx.db.select().from(users).where(eq(users.googleSub, claims.sub)).limit(1);
  const existing = bySub ?? (await findUserByEmail(ctx.db, claims.email));
  if (existing) {
    if (!bySub && (!verified || existing.googleSub)) {
      throw new SocialSignInError('email belongs to another account', 'unverified-email');
    }
    const [user] = await ctx.db
      .update(users)
      .set({
        googleSub: claims.sub,
        ...(verified && !existing.emailVerifiedAt && { emailVerifiedAt: new Date() }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, existing.id))
      .returning();
    return { user: user!, isNew: false };
  }
  // spec 1 §5: the corporate email rule applies to new accounts, unless the address has an open invitation
  // (the person then accepts it from the emailed link, signed in).
  if (isFreeMailDomain(claims.email) && !(verified && (await isInvited(ctx.db, claims.email))))
    throw new SocialSignInError('free mail', 'corporate-email');
  const [user] = await ctx.db
    .insert(users)
    .values({
      email: claims.email,
      passwordHash: null,
      firstName: nameOf(claims.given_name, claims.email.split('@')[0]!),
      lastName: nameOf(claims.family_name, ''),
      googleSub: claims.sub,
      emailVerifiedAt: verified ? new Date() : null,
    })
    .returning();
  if (!verified) {
    await sendVerificationEmail(ctx, user!).catch((err: unknown) =>
      ctx.log.warn({ err }, 'verification email failed'),
    );
  }
  return { user: user!, isNew: true };
}
