import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { companyInvitations, sessions, signInCodes, users } from '@hirecast/db/schema';
import { SIGN_IN_CODE_PARAM } from '@hirecast/domain/auth';
import { COOKIE_AUTH } from '@hirecast/domain/constants';
import { messages } from '@hirecast/domain/messages';
import { createCompany, createUser } from '@hirecast/db/factories';
import { hashToken, newToken } from '../src/lib/tokens.ts';
import { bearer, createTestApp } from './helper.ts';
import { countUsers, emailsTo, uniqueEmail, userByEmail } from './accounts-support.ts';

// Google sign-in against a real OpenID Connect peer: oauth2-mock-server on a local port serves discovery,
// authorize (with PKCE), token (signed RS256 id_token) and JWKS. The claims of the next id_token are set
// per test through the server's beforeTokenSigning hook.

const CLIENT_ID = 'hirecast-test-client';
let oidc: OAuth2Server;
let t: Awaited<ReturnType<typeof createTestApp>>;
let claims: Record<string, unknown> = {};

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  oidc.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims));
  t = await createTestApp({
    RATE_LIMIT_DISABLED: 'true',
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: 'test-client-secret',
    GOOGLE_ISSUER: oidc.issuer.url!,
  });
});
afterAll(async () => {
  await t.close();
  await oidc.stop();
});
beforeEach(() => {
  claims = {};
});

const claimsFor = (email: string, extra: Record<string, unknown> = {}) => ({
  sub: `google-${email}`,
  email,
  email_verified: true,
  given_name: 'Grace',
  family_name: 'Hopper',
  ...extra,
});

// Runs the browser's part: start at our API, follow the provider's authorize redirect, come back to the
// callback with the cookies our API set.
async function runFlow({
  redirect,
  tamperState = false,
  dropCookies = false,
}: { redirect?: string; tamperState?: boolean; dropCookies?: boolean } = {}) {
  const start = await t.app.inject({ url: '/api/manager/google', query: redirect ? { redirect } : {} });
  expect(start.statusCode).toBe(302);
  const authorizeUrl = new URL(start.headers.location as string);
  const atProvider = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location')!);
  if (tamperState) back.searchParams.set('state', 'forged-state');
  const cookies = dropCookies ? {} : Object.fromEntries(start.cookies.map((c) => [c.name, c.value]));
  const callback = await t.app.inject({ url: `${back.pathname}${back.search}`, cookies });
  expect(callback.statusCode).toBe(302);
  const landing = new URL(callback.headers.location as string);
  return { start, authorizeUrl, back, callback, landing, cookies };
}

type TFlow = Awaited<ReturnType<typeof runFlow>>;
const BINDING = 'google-sign-in-binding';

// The app's part on /sign-in: POST the code of the landing URL with the browser's cookies (by default the
// binding cookie of the browser that started the flow).
const exchange = (flow: TFlow, cookies: Record<string, string> = { [BINDING]: flow.cookies[BINDING]! }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/manager/google/exchange',
    cookies,
    payload: { code: flow.landing.searchParams.get(SIGN_IN_CODE_PARAM) ?? '' },
  });

/** Exchanges the flow's code and answers the session token of the cookie it sets. */
async function sessionOf(flow: TFlow) {
  const res = await exchange(flow);
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === COOKIE_AUTH);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  return cookie!.value;
}

describe('Google sign-in', () => {
  it('is announced by /manager/providers', async () => {
    expect((await t.app.inject({ url: '/api/manager/providers' })).json()).toEqual({
      data: { google: true },
    });
  });

  it('sends the browser to the issuer with PKCE S256, a state and short-lived httpOnly cookies', async () => {
    claims = claimsFor(uniqueEmail('start'));
    const { start, authorizeUrl, back } = await runFlow({ redirect: '/jobs/42/edit' });
    expect(`${authorizeUrl.origin}`).toBe(oidc.issuer.url);
    expect(authorizeUrl.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(
      `${t.config.publicUrl}/api/manager/google/callback`,
    );
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('scope')).toBe('openid email profile');
    const state = authorizeUrl.searchParams.get('state');
    expect(state).toBeTruthy();
    expect(back.searchParams.get('state')).toBe(state);
    const cookies = Object.fromEntries(start.cookies.map((c) => [c.name, c]));
    expect(cookies['google-oauth-state']).toMatchObject({
      value: state,
      httpOnly: true,
      path: '/api/manager/google',
      maxAge: 600,
    });
    expect(cookies['google-oauth-verifier']?.httpOnly).toBe(true);
    expect(cookies['google-oauth-redirect']?.value).toBe('/jobs/42/edit');
    expect(cookies[BINDING]).toMatchObject({ httpOnly: true, path: '/api/manager/google' });
    expect(cookies[BINDING]?.value.length).toBeGreaterThanOrEqual(40);
  });

  it('creates a verified user on first sign-in and lands on /sign-in with a one-time code, is-new=1 and the redirect', async () => {
    const email = uniqueEmail('newcomer');
    claims = claimsFor(email);
    const flow = await runFlow({ redirect: '/jobs' });
    const { landing, callback } = flow;
    expect(`${landing.origin}${landing.pathname}`).toBe(`${t.config.publicUrl}/sign-in`);
    expect(landing.searchParams.get('is-new')).toBe('1');
    expect(landing.searchParams.get('source')).toBe('google');
    expect(landing.searchParams.get('redirect')).toBe('/jobs');
    // The one-time cookies are cleared on the way back.
    expect(callback.cookies.find((c) => c.name === 'google-oauth-state')?.value).toBe('');

    // No session in the URL (login CSRF): only a code, which the exchange turns into the session cookie.
    expect(landing.searchParams.has('access-token')).toBe(false);
    expect(landing.searchParams.get(SIGN_IN_CODE_PARAM)).toMatch(/^[\w-]{40,}$/);
    const token = await sessionOf(flow);
    const me = await t.app.inject({ url: '/api/manager/me', headers: bearer(token) });
    expect(me.json().data).toMatchObject({
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      needVerification: false,
    });
    const row = await userByEmail(t.db, email);
    expect(row).toMatchObject({ googleSub: `google-${email}`, passwordHash: null });
  });

  it('signs the same Google account in again without creating another user', async () => {
    const email = uniqueEmail('returning');
    claims = claimsFor(email);
    const first = await runFlow();
    const before = await countUsers(t.db);
    claims = claimsFor(email);
    const second = await runFlow();
    expect(second.landing.searchParams.get('is-new')).toBe('0');
    expect(second.landing.searchParams.has('redirect')).toBe(false);
    expect(await countUsers(t.db)).toBe(before);
    const idOf = async (flow: TFlow) =>
      (await t.app.inject({ url: '/api/manager/me', headers: bearer(await sessionOf(flow)) })).json().data
        ._id;
    expect(await idOf(second)).toBe(await idOf(first));
  });

  it('links an existing password account when Google has verified the address, and verifies it', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('linked'), verified: false });
    claims = claimsFor(user.email.toUpperCase(), { sub: 'linked-sub-1' });
    const { landing } = await runFlow();
    expect(landing.searchParams.get('is-new')).toBe('0');
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.googleSub).toBe('linked-sub-1');
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect(row!.passwordHash).toBe(user.passwordHash);
  });

  it('refuses to link an existing account when Google has not verified the address', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('unlinked') });
    claims = claimsFor(user.email, { email_verified: false, sub: 'attacker-sub' });
    const { landing } = await runFlow();
    expect(landing.searchParams.get('social-error')).toBe('1');
    expect(landing.searchParams.has(SIGN_IN_CODE_PARAM)).toBe(false);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.googleSub).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('creates an unverified user when Google has not verified a new address, and emails a verification link', async () => {
    const email = uniqueEmail('unverified');
    claims = claimsFor(email, { email_verified: false });
    const { landing } = await runFlow();
    expect(landing.searchParams.get('is-new')).toBe('1');
    expect((await userByEmail(t.db, email))!.emailVerifiedAt).toBeNull();
    expect(await emailsTo(t.db, email)).toHaveLength(1);
  });

  it.each(['someone@gmail.com', 'someone@yahoo.co.uk'])(
    'refuses a new free-mail account (%s) with the corporate-email flag',
    async (email) => {
      claims = claimsFor(email);
      const before = await countUsers(t.db);
      const { landing } = await runFlow();
      expect(landing.toString()).toBe(`${t.config.publicUrl}/sign-in?is-corporate-email-error=1`);
      expect(await countUsers(t.db)).toBe(before);
    },
  );

  it('lets an invited free-mail address make its account with Google', async () => {
    const email = `invited-${Date.now()}@gmail.com`;
    const company = await createCompany(t.db);
    await t.db.insert(companyInvitations).values({
      companyId: company.id,
      email,
      type: 1,
      codeHash: hashToken(newToken()),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    claims = claimsFor(email);
    const flow = await runFlow();
    expect(await sessionOf(flow)).toBeTruthy();
    expect(flow.landing.searchParams.get('is-new')).toBe('1');
    expect(await userByEmail(t.db, email)).toBeTruthy();
  });

  it('lets an existing user whose address is free mail sign in with Google', async () => {
    const email = `old-friend-${Date.now()}@gmail.com`;
    await createUser(t.db, { email });
    claims = claimsFor(email);
    expect(await sessionOf(await runFlow())).toBeTruthy();
  });

  it('refuses a forged state and a callback without the cookies', async () => {
    claims = claimsFor(uniqueEmail('forged'));
    const before = await countUsers(t.db);
    for (const flow of [await runFlow({ tamperState: true }), await runFlow({ dropCookies: true })]) {
      expect(flow.landing.searchParams.get('social-error')).toBe('1');
      expect(flow.landing.searchParams.has(SIGN_IN_CODE_PARAM)).toBe(false);
    }
    expect(await countUsers(t.db)).toBe(before);
  });

  it('refuses an id_token whose signature does not match the issuer keys', async () => {
    const email = uniqueEmail('tampered');
    claims = claimsFor(email);
    oidc.service.once('beforeResponse', (response) => {
      const body = response.body as { id_token: string };
      const [h, p, s] = body.id_token.split('.') as [string, string, string];
      const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
      payload.email = `admin-${email}`;
      body.id_token = [h, Buffer.from(JSON.stringify(payload)).toString('base64url'), s].join('.');
    });
    const { landing } = await runFlow();
    expect(landing.searchParams.get('social-error')).toBe('1');
    expect(await userByEmail(t.db, `admin-${email}`)).toBeUndefined();
  });

  it.each([
    ['another audience', { aud: 'someone-else' }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 3600 }],
    ['another issuer', { iss: 'https://evil.example' }],
    ['no email', { email: undefined }],
  ])('refuses an id_token with %s', async (_label, override) => {
    const email = uniqueEmail('bad-claims');
    claims = claimsFor(email, override);
    const { landing } = await runFlow();
    expect(landing.searchParams.get('social-error')).toBe('1');
    expect(await userByEmail(t.db, email)).toBeUndefined();
  });

  it('lands on the error flag when the provider refuses the code', async () => {
    claims = claimsFor(uniqueEmail('refused'));
    oidc.service.once('beforeResponse', (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    });
    const { landing } = await runFlow();
    expect(landing.searchParams.get('social-error')).toBe('1');
  });

  it('refuses an external redirect at the start', async () => {
    const res = await t.app.inject({
      url: '/api/manager/google',
      query: { redirect: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(400);
  });
});

// Decision 003, login CSRF: the callback's code signs in only the browser that started the flow, once.
describe('Google sign-in code exchange', () => {
  const sessionCount = async (email: string) => {
    const user = await userByEmail(t.db, email);
    return user ? (await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).length : 0;
  };
  const refused = { error: { code: 'VALIDATION', message: messages.socialSignInFailed } };

  it('exchanges a code once: the session cookie, then a refusal for the same code', async () => {
    const email = uniqueEmail('once');
    claims = claimsFor(email);
    const flow = await runFlow();
    expect(await sessionCount(email)).toBe(0);
    const first = await exchange(flow);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.manager).toMatchObject({ email });
    expect(first.json().data).not.toHaveProperty('access-token');
    expect(first.cookies.find((c) => c.name === BINDING)?.value).toBe('');
    const again = await exchange(flow);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(refused);
    expect(again.cookies.find((c) => c.name === COOKIE_AUTH)).toBeUndefined();
    expect(await sessionCount(email)).toBe(1);
  });

  it("refuses the code without the binding cookie or with another browser's, and keeps it for its own", async () => {
    const email = uniqueEmail('victim');
    claims = claimsFor(email);
    const attackers = await runFlow();
    claims = claimsFor(uniqueEmail('bystander'));
    const anotherBrowser = await runFlow();
    const tries: Record<string, string>[] = [
      {},
      { [BINDING]: anotherBrowser.cookies[BINDING]! },
      { [BINDING]: 'forged' },
    ];
    for (const cookies of tries) {
      const res = await exchange(attackers, cookies);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refused);
      expect(res.cookies.find((c) => c.name === COOKIE_AUTH)).toBeUndefined();
    }
    expect(await sessionCount(email)).toBe(0);
    expect((await exchange(attackers)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail('late');
    claims = claimsFor(email);
    const flow = await runFlow();
    const user = await userByEmail(t.db, email);
    await t.db
      .update(signInCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInCodes.userId, user!.id));
    const res = await exchange(flow);
    expect(res.statusCode).toBe(400);
    expect(await sessionCount(email)).toBe(0);
  });

  it('stores the code hashed, expiring within minutes', async () => {
    const email = uniqueEmail('hashed');
    claims = claimsFor(email);
    const flow = await runFlow();
    const code = flow.landing.searchParams.get(SIGN_IN_CODE_PARAM)!;
    const user = await userByEmail(t.db, email);
    const [row] = await t.db.select().from(signInCodes).where(eq(signInCodes.userId, user!.id));
    expect(row!.codeHash).toBe(hashToken(code));
    expect(row!.bindingHash).toBe(hashToken(flow.cookies[BINDING]!));
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(120_000);
  });

  it('refuses an empty or oversized code with a validation error', async () => {
    claims = claimsFor(uniqueEmail('shape'));
    const flow = await runFlow();
    for (const code of ['', 'x'.repeat(201)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/manager/google/exchange',
        cookies: { [BINDING]: flow.cookies[BINDING]! },
        payload: { code },
      });
      expect(res.statusCode).toBe(400);
    }
  });
});
