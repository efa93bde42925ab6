import { createPublicKey, verify as verifySignature, type JsonWebKey } from 'node:crypto';
import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from 'arctic';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { TTx } from '@hirecast/db/client';
import { sessions, users, userTokens } from '@hirecast/db/schema';
import { LIMITS } from '@hirecast/domain/constants';
import { isFreeMailDomain } from '@hirecast/domain/email';
import { acceptInvitation, findPendingInvitation, invitationIsFor, isInvited } from './invitations.ts';
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
  readonly reason: 'provider' | 'cancelled' | 'expired' | 'corporate-email' | 'has-account' | 'invite';
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

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

// Issue 33 item 8: a provider that cannot be reached, answers late or answers something else than the document
// is a sign-in that failed ('failed' on the page the flow started from), never a 500.
async function fetchJson<T>(url: string, schema: z.ZodType<T>, { fresh = false } = {}): Promise<T> {
  const hit = cache.get(url);
  if (!fresh && hit && Date.now() - hit.at < CACHE_MS) return hit.value as T;
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(5000), headers: { accept: 'application/json' } });
  } catch (err) {
    throw new SocialSignInError(`GET ${url} failed: ${reasonOf(err)}`);
  }
  if (!res.ok) throw new SocialSignInError(`GET ${url} answered ${res.status}`);
  let value: T;
  try {
    value = schema.parse(await res.json());
  } catch (err) {
    throw new SocialSignInError(`GET ${url} answered no valid document: ${reasonOf(err)}`);
  }
  cache.set(url, { at: Date.now(), value });
  return value;
}

const withoutSlash = (url: string) => url.replace(/\/$/, '');

// OpenID Connect Discovery §4.3: the document's issuer must be the one configured, or its endpoints and keys
// are not that issuer's.
async function discover(google: TGoogleConfig) {
  const discovery = await fetchJson(
    `${withoutSlash(google.issuer)}/.well-known/openid-configuration`,
    ZDiscovery,
  );
  if (withoutSlash(discovery.issuer) !== withoutSlash(google.issuer))
    throw new SocialSignInError('discovery issuer differs from GOOGLE_ISSUER');
  return discovery;
}

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
    throw new SocialSignInError(`code exchange failed: ${reasonOf(err)}`);
  }
  try {
    return await verifyIdToken(idToken, google, discovery);
  } catch (err) {
    // A malformed token, missing claims (zod) or an unreachable JWKS: all mean "not signed in".
    if (err instanceof SocialSignInError) throw err;
    throw new SocialSignInError(`id_token rejected: ${reasonOf(err)}`);
  }
}

const nameOf = (value: string | undefined, fallback: string) =>
  (value?.trim() || fallback).slice(0, LIMITS.nameMax);

/** spec 1 §5: first and last name at least 2 characters; a profile without them asks the person (issue 27). */
const namesOf = (claims: TIdTokenClaims) => {
  const firstName = nameOf(claims.given_name, claims.email.split('@')[0]!);
  const lastName = nameOf(claims.family_name, '');
  return { firstName, lastName, complete: firstName.length >= 2 && lastName.length >= 2 };
};

export type TGoogleOutcome =
  | { kind: 'sign-in'; user: TUserRow; isNew: boolean; companyId?: string }
  // An existing account whose address was verified: linked only once the person enters its password.
  | { kind: 'link'; user: TUserRow; googleSub: string; invitationId?: string };

/**
 * Find the account by Google subject, else by email, else create one (issue 27):
 * - an account of the address whose address was never verified was registered by someone who could not prove
 *   it (pre-claiming): when Google proves it, the account becomes the Google owner's; its password and every
 *   session end, and the owner is asked for their own name;
 * - an account whose address was verified is linked only after the person enters its password (`link`);
 * - an address Google does not vouch for, or that another Google account holds, is refused ('has-account').
 * An invitation code brought through the flow (`inviteCode`) for this very address joins its company with the
 * invitation's type, as the password sign-up does; for another address it stays pending. The session is
 * opened later, when the browser that started the flow exchanges its one-time code (sign-in-codes.ts).
 */
export async function signInWithGoogle(
  ctx: TContext,
  claims: TIdTokenClaims,
  { inviteCode }: { inviteCode?: string } = {},
): Promise<TGoogleOutcome> {
  const verified = claims.email_verified === true;
  const invitation = inviteCode ? await findPendingInvitation(ctx.db, inviteCode) : undefined;
  if (inviteCode && !invitation) throw new SocialSignInError('invitation not pending', 'invite');
  const invited =
    invitation && verified && invitationIsFor(invitation, claims.email) ? invitation : undefined;
  const join = async (tx: TTx, userId: string) => {
    if (invited && !(await acceptInvitation(tx, { invitationId: invited.id, userId })))
      throw new SocialSignInError('invitation used meanwhile', 'invite');
    return invited?.companyId;
  };

  const [bySub] = await ctx.db.select().from(users).where(eq(users.googleSub, claims.sub)).limit(1);
  if (bySub) {
    const companyId = await ctx.db.transaction((tx) => join(tx, bySub.id));
    return { kind: 'sign-in', user: bySub, isNew: false, companyId };
  }
  const existing = await findUserByEmail(ctx.db, claims.email);
  if (existing) {
    if (!verified || existing.googleSub)
      throw new SocialSignInError('email belongs to another account', 'has-account');
    if (existing.emailVerifiedAt) {
      return { kind: 'link', user: existing, googleSub: claims.sub, invitationId: invited?.id };
    }
    return ctx.db.transaction(async (tx) => {
      const user = await takeBackPreClaimed(tx, existing.id, claims);
      return { kind: 'sign-in', user, isNew: false, companyId: await join(tx, user.id) };
    });
  }
  // spec 1 §5: the corporate email rule applies to new accounts, unless the address is invited.
  if (isFreeMailDomain(claims.email) && !(verified && (invited || (await isInvited(ctx.db, claims.email)))))
    throw new SocialSignInError('free mail', 'corporate-email');
  const names = namesOf(claims);
  const { user, companyId } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        email: claims.email,
        passwordHash: null,
        firstName: names.firstName,
        lastName: names.lastName,
        needsName: !names.complete,
        googleSub: claims.sub,
        googleVerified: verified,
        emailVerifiedAt: verified ? new Date() : null,
        // As the invited password sign-up: the person lands on their personal settings (decision 022).
        selfInvited: Boolean(invited),
      })
      .returning();
    return { user: row!, companyId: await join(tx, row!.id) };
  });
  if (!verified) {
    await sendVerificationEmail(ctx, user).catch((err: unknown) =>
      ctx.log.warn({ err }, 'verification email failed'),
    );
  }
  return { kind: 'sign-in', user, isNew: true, companyId };
}

// Issue 27, pre-claiming: whoever registered the address first never proved it. Google has: the account is the
// Google owner's from now on. The first registrant's password, sessions and open links by email end; the name
// they typed is replaced by the Google profile's, which the owner confirms on the next screen. Issue 33 item 8:
// what they set about the person goes too (position and calendar link are in candidate letters, the photo in
// the team's lists), and `takenBackAt` makes the app show the owner once what the account already had.
async function takeBackPreClaimed(tx: TTx, userId: string, claims: TIdTokenClaims): Promise<TUserRow> {
  const now = new Date();
  const names = namesOf(claims);
  const [user] = await tx
    .update(users)
    .set({
      passwordHash: null,
      googleSub: claims.sub,
      googleVerified: true,
      emailVerifiedAt: now,
      firstName: names.firstName,
      lastName: names.lastName,
      needsName: true,
      position: null,
      calendarLink: null,
      avatar: null,
      digestType: 'daily',
      prefers: null,
      takenBackAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning();
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await tx
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), isNull(userTokens.usedAt)));
  return user!;
}
