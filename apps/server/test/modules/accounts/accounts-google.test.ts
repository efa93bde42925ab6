import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import {
  companyInvitations,
  memberships,
  sessions,
  signInCodes,
  users,
  userTokens,
} from '@hirecast/db/schema';
import { LINK_CODE_PARAM, SIGN_IN_CODE_PARAM } from '@hirecast/domain/auth';
import { COOKIE_AUTH } from '@hirecast/domain/constants';
import { messages } from '@hirecast/domain/messages';
import { addMember, createCompany, createUser } from '@hirecast/db/factories';
import { teamMessages } from '@hirecast/domain/team';
import { hashToken, newToken } from '../../../src/lib/tokens.ts';
import { bearer, createTestApp } from '../../support/helper.ts';
import {
  countUsers,
  emailsTo,
  signUp,
  tokenFromEmail,
  uniqueEmail,
  userByEmail,
} from '../../support/accounts-support.ts';

// Google sign-in against a real OpenID Connect peer: oauth2-mock-server on a local port serves discovery,
// authorize (with PKCE), token (signed RS256 id_token) and JWKS. The claims of the next id_token are set
// per test through the server's beforeTokenSigning hook.

const CLIENT_ID = 'hirecast-test-client';
let oidc: OAuth2Server;
let t: Awaited<ReturnType<typeof createTestApp>>;
let claims: Record<string, unknown> = {};
const logLines: string[] = [];

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  oidc.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims));
  t = await createTestApp(
    {
      LOG_LEVEL: 'info',
      RATE_LIMIT_DISABLED: 'true',
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'test-client-secret',
      GOOGLE_ISSUER: oidc.issuer.url!,
    },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
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
  invite,
  from,
  tamperState = false,
  dropCookies = false,
  alterCallback,
}: {
  redirect?: string;
  invite?: string;
  from?: 'sign-in' | 'sign-up';
  tamperState?: boolean;
  dropCookies?: boolean;
  alterCallback?: (url: URL) => void;
} = {}) {
  const query = Object.fromEntries(
    Object.entries({ redirect, invite, from }).filter((e): e is [string, string] => e[1] !== undefined),
  );
  const start = await t.app.inject({ url: '/api/manager/google', query });
  expect(start.statusCode).toBe(302);
  const authorizeUrl = new URL(start.headers.location as string);
  const atProvider = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location')!);
  if (tamperState) back.searchParams.set('state', 'forged-state');
  alterCallback?.(back);
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

  it('refuses to link an existing account when Google has not verified the address', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('unlinked') });
    claims = claimsFor(user.email, { email_verified: false, sub: 'attacker-sub' });
    const { landing } = await runFlow();
    expect(landing.searchParams.get('social-error')).toBe('has-account');
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

  it('lets an existing user whose address is free mail sign in with Google (after confirming the link)', async () => {
    const email = `old-friend-${Date.now()}@gmail.com`;
    await createUser(t.db, { email });
    claims = claimsFor(email);
    const { landing } = await runFlow();
    expect(landing.searchParams.has('is-corporate-email-error')).toBe(false);
    expect(landing.searchParams.get(LINK_CODE_PARAM)).toBeTruthy();
  });

  it('refuses a forged state and a callback without the cookies', async () => {
    claims = claimsFor(uniqueEmail('forged'));
    const before = await countUsers(t.db);
    for (const flow of [await runFlow({ tamperState: true }), await runFlow({ dropCookies: true })]) {
      expect(flow.landing.searchParams.get('social-error')).toBe('expired');
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
    expect(landing.searchParams.get('social-error')).toBe('failed');
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
    expect(landing.searchParams.get('social-error')).toBe('failed');
    expect(await userByEmail(t.db, email)).toBeUndefined();
  });

  it('lands on the error flag when the provider refuses the code', async () => {
    claims = claimsFor(uniqueEmail('refused'));
    oidc.service.once('beforeResponse', (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    });
    const { landing } = await runFlow();
    expect(landing.searchParams.get('social-error')).toBe('failed');
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

// Issue 27: every failure says why, on the page the person started from; the log names the provider's error.
describe('Google sign-in failures', () => {
  it("lands on 'cancelled' when the provider answers an error, and logs its code but not the state", async () => {
    claims = claimsFor(uniqueEmail('cancels'));
    logLines.length = 0;
    const { landing } = await runFlow({
      alterCallback: (url) => {
        url.searchParams.delete('code');
        url.searchParams.set('error', 'access_denied');
      },
    });
    expect(landing.toString()).toBe(`${t.config.publicUrl}/sign-in?social-error=cancelled`);
    const refusal = logLines.map((l) => JSON.parse(l)).find((l) => l.msg === 'google sign-in refused');
    expect(refusal).toMatchObject({ reason: 'cancelled', providerError: 'access_denied' });
    const state = (await runFlow()).authorizeUrl.searchParams.get('state')!;
    expect(logLines.join('\n')).not.toContain(state);
  });

  it('keeps the code and state values out of every log line of a refused callback', async () => {
    claims = claimsFor(uniqueEmail('quiet'));
    logLines.length = 0;
    const flow = await runFlow({ tamperState: true });
    expect(flow.landing.searchParams.get('social-error')).toBe('expired');
    const code = flow.back.searchParams.get('code')!;
    expect(code.length).toBeGreaterThan(10);
    expect(logLines.join('\n')).not.toContain(code);
    expect(logLines.join('\n')).not.toContain(flow.cookies['google-oauth-state']!);
  });

  it('says a failure on the sign-up page when the flow started there', async () => {
    claims = claimsFor(uniqueEmail('from-sign-up'));
    const { landing } = await runFlow({ from: 'sign-up', tamperState: true });
    expect(landing.toString()).toBe(`${t.config.publicUrl}/sign-up?social-error=expired`);
    claims = claimsFor('someone-else@gmail.com');
    const free = await runFlow({ from: 'sign-up' });
    expect(free.landing.toString()).toBe(`${t.config.publicUrl}/sign-up?is-corporate-email-error=1`);
  });

  it('returns an over-long callback value to the sign-in page like every other bad callback', async () => {
    claims = claimsFor(uniqueEmail('long'));
    const before = await countUsers(t.db);
    for (const [name, length] of [
      ['code', 2001],
      ['state', 201],
      ['error', 201],
    ] as const) {
      const { landing } = await runFlow({
        alterCallback: (url) => url.searchParams.set(name, 'x'.repeat(length)),
      });
      expect(landing.pathname).toBe('/sign-in');
      expect(landing.searchParams.get('social-error')).toBe('failed');
    }
    expect(await countUsers(t.db)).toBe(before);
  });

  it("refuses an address another Google account holds with 'has-account'", async () => {
    const email = uniqueEmail('held');
    claims = claimsFor(email, { sub: 'first-google-account' });
    await runFlow();
    claims = claimsFor(email, { sub: 'second-google-account' });
    const { landing } = await runFlow();
    expect(landing.searchParams.get('social-error')).toBe('has-account');
    expect((await userByEmail(t.db, email))!.googleSub).toBe('first-google-account');
  });
});

// Issue 27 item 4: spec 1 §5 makes both names required.
describe('Google profile without a family name', () => {
  it('creates the account with needsName, which saving both names clears', async () => {
    const email = uniqueEmail('mononym');
    claims = claimsFor(email, { family_name: undefined });
    const token = await sessionOf(await runFlow());
    const me = await t.app.inject({ url: '/api/manager/me', headers: bearer(token) });
    expect(me.json().data).toMatchObject({ needsName: true, firstName: 'Grace', lastName: '' });
    const onlyOne = await t.app.inject({
      method: 'PATCH',
      url: '/api/manager/me',
      headers: bearer(token),
      payload: { firstName: 'Grace' },
    });
    expect(onlyOne.json().data.needsName).toBe(true);
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/manager/me',
      headers: bearer(token),
      payload: { firstName: 'Grace', lastName: 'Hopper' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ needsName: false, lastName: 'Hopper' });
  });

  it('creates a complete profile without needsName', async () => {
    claims = claimsFor(uniqueEmail('complete'));
    const token = await sessionOf(await runFlow());
    const me = await t.app.inject({ url: '/api/manager/me', headers: bearer(token) });
    expect(me.json().data.needsName).toBe(false);
  });
});

// Issue 27 item 2: the invitation travels through the flow and is honoured as by the password sign-up.
describe('Google sign-in with an invitation', () => {
  async function invite(email: string, type = 1) {
    const company = await createCompany(t.db);
    const code = newToken();
    const [row] = await t.db
      .insert(companyInvitations)
      .values({
        companyId: company.id,
        email,
        type,
        codeHash: hashToken(code),
        expiresAt: new Date(Date.now() + 3600_000),
      })
      .returning();
    return { company, code, invitation: row! };
  }
  const invitationRow = async (id: string) =>
    (await t.db.select().from(companyInvitations).where(eq(companyInvitations.id, id)))[0]!;

  it('keeps the code in an HttpOnly flow cookie, never in the provider URL', async () => {
    const email = uniqueEmail('cookie');
    const { code } = await invite(email);
    claims = claimsFor(email);
    const { start, authorizeUrl } = await runFlow({ invite: code });
    expect(start.cookies.find((c) => c.name === 'google-oauth-invite')).toMatchObject({
      value: code,
      httpOnly: true,
      path: '/api/manager/google',
    });
    expect(authorizeUrl.toString()).not.toContain(code);
  });

  it('joins a new account to the inviting company with the invited role and uses the invitation', async () => {
    const email = `invited-${randomBytes(4).toString('hex')}@gmail.com`;
    const { company, code, invitation } = await invite(email, 0);
    claims = claimsFor(email);
    const flow = await runFlow({ invite: code, from: 'sign-up' });
    expect(flow.landing.searchParams.get('is-new')).toBe('1');
    const res = await exchange(flow);
    expect(res.json().data.manager).toMatchObject({
      email,
      selfInvited: true,
      needVerification: false,
      _company: company.id,
      role: 0,
      _companies: [{ _id: company.id, role: 0 }],
    });
    expect((await invitationRow(invitation.id)).acceptedAt).not.toBeNull();
  });

  it('joins an existing Google account to the company, and opens the answer in it', async () => {
    const email = uniqueEmail('member');
    claims = claimsFor(email);
    await sessionOf(await runFlow());
    const own = await createCompany(t.db);
    const user = await userByEmail(t.db, email);
    await t.db.insert(memberships).values({ companyId: own.id, userId: user!.id, role: 2 });
    const { company, code, invitation } = await invite(email, 1);
    claims = claimsFor(email);
    const res = await exchange(await runFlow({ invite: code }));
    expect(res.json().data.manager).toMatchObject({ _company: company.id, role: 1, selfInvited: false });
    expect(res.json().data.manager._companies).toHaveLength(2);
    expect((await invitationRow(invitation.id)).acceptedAt).not.toBeNull();
  });

  it('leaves an invitation for another address pending, and applies the corporate rule', async () => {
    const { code, invitation } = await invite(uniqueEmail('someone-else'));
    claims = claimsFor(`stranger-${randomBytes(4).toString('hex')}@gmail.com`);
    const { landing } = await runFlow({ invite: code, from: 'sign-up' });
    expect(landing.searchParams.get('is-corporate-email-error')).toBe('1');
    expect((await invitationRow(invitation.id)).acceptedAt).toBeNull();
  });

  it("refuses a used or unknown invitation code with 'invite' on the page the flow started from", async () => {
    const email = uniqueEmail('late-invite');
    const { code, invitation } = await invite(email);
    await t.db
      .update(companyInvitations)
      .set({ acceptedAt: new Date() })
      .where(eq(companyInvitations.id, invitation.id));
    const before = await countUsers(t.db);
    for (const inviteCode of [code, 'not-a-code']) {
      claims = claimsFor(email);
      const { landing } = await runFlow({ invite: inviteCode, from: 'sign-up' });
      expect(landing.toString()).toBe(`${t.config.publicUrl}/sign-up?social-error=invite`);
    }
    expect(await countUsers(t.db)).toBe(before);
  });
});

// Issue 27 item 3: nobody can register an address first and keep access once the owner arrives.
describe('Google sign-in and pre-claimed addresses', () => {
  it('takes back an account whose address was never verified: password, sessions and name end', async () => {
    const email = uniqueEmail('claimed');
    const squatter = await signUp(t.app, { email, firstName: 'Mallory', lastName: 'Squatter' });
    expect((await t.app.inject({ url: '/api/manager/me', headers: bearer(squatter.token) })).statusCode).toBe(
      200,
    );
    claims = claimsFor(email, { sub: 'the-owner' });
    const flow = await runFlow();
    expect(flow.landing.searchParams.get('is-new')).toBe('0');
    const owner = await sessionOf(flow);

    expect((await t.app.inject({ url: '/api/manager/me', headers: bearer(squatter.token) })).statusCode).toBe(
      401,
    );
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/manager/signin/email',
      payload: { email, password: squatter.body.password },
    });
    expect(again.statusCode).toBe(401);
    const me = (await t.app.inject({ url: '/api/manager/me', headers: bearer(owner) })).json().data;
    expect(me).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      needsName: true,
      needVerification: false,
    });
    expect(await userByEmail(t.db, email)).toMatchObject({ passwordHash: null, googleSub: 'the-owner' });
  });

  // Issue 33 item 8: the account starts clean, and its owner learns once what it already had.
  it("clears the first registrant's personal settings and shows the owner once the companies, which they can leave", async () => {
    const email = uniqueEmail('claimed-settings');
    const squatter = await signUp(t.app, { email, firstName: 'Mallory', lastName: 'Squatter' });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/manager/me',
      headers: bearer(squatter.token),
      payload: {
        position: 'Head of Hiring',
        calendarLink: 'https://calendly.com/mallory',
        digestType: 'weekly',
      },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ position: 'Head of Hiring', digestType: 'weekly' });
    const squatterId = patched.json().data._id as string;
    const made = await createCompany(t.db, { name: 'Squatter Ltd' });
    await addMember(t.db, { companyId: made.id, userId: squatterId, role: 2 });
    const shared = await createCompany(t.db, { name: 'Shared Co' });
    await addMember(t.db, { companyId: shared.id, userId: squatterId, role: 2 });
    const colleague = await createUser(t.db, { email: uniqueEmail('colleague') });
    await addMember(t.db, { companyId: shared.id, userId: colleague.id, role: 0 });

    claims = claimsFor(email, { sub: 'owner-of-settings' });
    const owner = await sessionOf(await runFlow());
    const me = (await t.app.inject({ url: '/api/manager/me', headers: bearer(owner) })).json().data;
    expect(me).toMatchObject({ position: null, calendarLink: null, avatar: null, digestType: 'daily' });
    expect(me.takenBack).toEqual({ registeredAt: expect.any(String), takenBackAt: expect.any(String) });
    expect(Date.parse(me.takenBack.registeredAt)).toBeLessThanOrEqual(Date.parse(me.takenBack.takenBackAt));
    expect(me._companies.map((c: { name: string }) => c.name).sort()).toEqual(['Shared Co', 'Squatter Ltd']);

    // The only admin of a company with someone else in it is asked to hand it over first; nothing changes.
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/company/${shared.id}/team/me`,
      headers: bearer(owner),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(teamMessages.lastAdminCannotLeave);
    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/company/${made.id}/team/me`,
      headers: bearer(owner),
    });
    expect(left.statusCode).toBe(204);
    const after = (await t.app.inject({ url: '/api/manager/me', headers: bearer(owner) })).json().data;
    expect(after._companies.map((c: { name: string }) => c.name)).toEqual(['Shared Co']);
    // Left already: the company is not the caller's any more.
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/company/${made.id}/team/me`,
          headers: bearer(owner),
        })
      ).statusCode,
    ).toBe(404);

    const closed = await t.app.inject({
      method: 'DELETE',
      url: '/api/manager/me/taken-back',
      headers: bearer(owner),
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data.takenBack).toBeNull();
    expect(
      (await t.app.inject({ url: '/api/manager/me', headers: bearer(owner) })).json().data.takenBack,
    ).toBeNull();
    // An account that was never taken back never shows the notice.
    expect((await signUp(t.app)).manager.takenBack).toBeNull();
  });

  it('ends the reset and verification links the first registrant could still hold', async () => {
    const email = uniqueEmail('links');
    await signUp(t.app, { email });
    const { token } = await tokenFromEmail(t.db, email, 'verify-token');
    claims = claimsFor(email);
    await sessionOf(await runFlow());
    const user = await userByEmail(t.db, email);
    const open = await t.db
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.userId, user!.id), isNull(userTokens.usedAt)));
    expect(open).toEqual([]);
    expect(token).toBeTruthy();
  });

  it('asks for the password of an account whose address was verified, and links only with it', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('verified') });
    claims = claimsFor(user.email, { sub: 'verified-owner' });
    const flow = await runFlow();
    const linkCode = flow.landing.searchParams.get(LINK_CODE_PARAM)!;
    expect(flow.landing.pathname).toBe('/sign-in');
    expect(linkCode).toMatch(/^[\w-]{40,}$/);
    expect(flow.landing.searchParams.has(SIGN_IN_CODE_PARAM)).toBe(false);
    const binding = { [BINDING]: flow.cookies[BINDING]! };
    const link = (password: string, cookies: Record<string, string> = binding, code = linkCode) =>
      t.app.inject({
        method: 'POST',
        url: '/api/manager/google/link',
        cookies,
        payload: { code, password },
      });

    // The link code is not a sign-in code.
    const asSignIn = await t.app.inject({
      method: 'POST',
      url: '/api/manager/google/exchange',
      cookies: binding,
      payload: { code: linkCode },
    });
    expect(asSignIn.statusCode).toBe(400);
    const wrong = await link('not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(messages.wrongPassword);
    expect((await link(user.password, {})).statusCode).toBe(400);
    expect((await link(user.password, { [BINDING]: 'forged' })).statusCode).toBe(400);
    expect((await userByEmail(t.db, user.email))!.googleSub).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);

    const right = await link(user.password);
    expect(right.statusCode).toBe(200);
    expect(right.json().data.manager).toMatchObject({ email: user.email, needsName: false });
    expect(right.cookies.find((c) => c.name === COOKIE_AUTH)?.httpOnly).toBe(true);
    expect(await userByEmail(t.db, user.email)).toMatchObject({
      googleSub: 'verified-owner',
      googleVerified: true,
      passwordHash: user.passwordHash,
    });
    expect((await link(user.password)).statusCode).toBe(400);

    // From now on Google signs straight in.
    claims = claimsFor(user.email, { sub: 'verified-owner' });
    const next = await runFlow();
    expect(next.landing.searchParams.has(SIGN_IN_CODE_PARAM)).toBe(true);
  });

  it('accepts the invitation the flow brought once the link is confirmed', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('confirmer') });
    const company = await createCompany(t.db);
    const code = newToken();
    await t.db.insert(companyInvitations).values({
      companyId: company.id,
      email: user.email,
      type: 1,
      codeHash: hashToken(code),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    claims = claimsFor(user.email);
    const flow = await runFlow({ invite: code });
    expect(await t.db.select().from(memberships).where(eq(memberships.userId, user.id))).toEqual([]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/manager/google/link',
      cookies: { [BINDING]: flow.cookies[BINDING]! },
      payload: { code: flow.landing.searchParams.get(LINK_CODE_PARAM), password: user.password },
    });
    expect(res.json().data.manager).toMatchObject({ _company: company.id, role: 1 });
  });

  it('ends, at a password reset, a Google link the owner did not make', async () => {
    const email = uniqueEmail('reset');
    claims = claimsFor(email, { email_verified: false, sub: 'unvouched' });
    await runFlow();
    const vouched = uniqueEmail('reset-kept');
    claims = claimsFor(vouched, { sub: 'vouched' });
    await runFlow();
    for (const address of [email, vouched]) {
      const forgot = await t.app.inject({
        method: 'POST',
        url: '/api/manager/forgot/password',
        payload: { email: address },
      });
      expect(forgot.statusCode).toBe(200);
      const { token } = await tokenFromEmail(t.db, address, 'reset-token');
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/manager/reset/password',
        payload: { token, password: 'new-secret-1' },
      });
      expect(reset.statusCode).toBe(200);
    }
    expect((await userByEmail(t.db, email))!.googleSub).toBeNull();
    expect((await userByEmail(t.db, vouched))!.googleSub).toBe('vouched');
    claims = claimsFor(email, { email_verified: false, sub: 'unvouched' });
    expect((await runFlow()).landing.searchParams.get('social-error')).toBe('has-account');
  });
});

/** A Hirecast app whose GOOGLE_ISSUER is `issuer`, sharing the suite's database. */
const appWithIssuer = (issuer: string) =>
  createTestApp(
    {
      RATE_LIMIT_DISABLED: 'true',
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'test-client-secret',
      GOOGLE_ISSUER: issuer,
    },
    { sharing: { database: t.database } },
  );

// Issue 33 item 8: a provider that is down, or answers something else, ends on the page with 'failed'.
describe('Google provider unreachable', () => {
  it("answers 'failed' on the sign-in page, not a 500, when discovery cannot be reached", async () => {
    // A port nothing listens on: the connection is refused.
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const { port } = closed.address() as { port: number };
    await new Promise((done) => closed.close(done));
    const other = await appWithIssuer(`http://127.0.0.1:${port}/`);
    try {
      for (const from of ['sign-in', 'sign-up'] as const) {
        const start = await other.app.inject({ url: '/api/manager/google', query: { from } });
        expect(start.statusCode).toBe(302);
        expect(start.headers.location).toBe(`${other.config.publicUrl}/${from}?social-error=failed`);
      }
    } finally {
      await other.close();
    }
  });

  it("answers 'failed' when discovery answers a page that is not the document", async () => {
    const html = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Down</h1>'),
    );
    await new Promise<void>((done) => html.listen(0, '127.0.0.1', done));
    const { port } = html.address() as { port: number };
    const other = await appWithIssuer(`http://127.0.0.1:${port}/`);
    try {
      const start = await other.app.inject({ url: '/api/manager/google' });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe(`${other.config.publicUrl}/sign-in?social-error=failed`);
    } finally {
      await other.close();
      await new Promise((done) => html.close(done));
    }
  });

  it("answers 'failed' at the callback when the provider went down after the person left for it", async () => {
    const provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    const other = await appWithIssuer(provider.issuer.url!);
    let stopped = false;
    try {
      const start = await other.app.inject({ url: '/api/manager/google', query: { from: 'sign-up' } });
      expect(start.statusCode).toBe(302);
      const atProvider = await fetch(new URL(start.headers.location as string), { redirect: 'manual' });
      const back = new URL(atProvider.headers.get('location')!);
      await provider.stop();
      stopped = true;
      const callback = await other.app.inject({
        url: `${back.pathname}${back.search}`,
        cookies: Object.fromEntries(start.cookies.map((c) => [c.name, c.value])),
      });
      expect(callback.statusCode).toBe(302);
      expect(callback.headers.location).toBe(`${other.config.publicUrl}/sign-up?social-error=failed`);
    } finally {
      await other.close();
      if (!stopped) await provider.stop();
    }
  });
});

describe('Google discovery', () => {
  it('refuses a discovery document whose issuer is not GOOGLE_ISSUER, at the start, on the page it started from', async () => {
    // The same server under its other name (localhost / 127.0.0.1) answers a document naming the first.
    const named = new URL(oidc.issuer.url!);
    named.hostname = named.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const elsewhere = named.toString();
    const other = await createTestApp(
      {
        RATE_LIMIT_DISABLED: 'true',
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: 'test-client-secret',
        GOOGLE_ISSUER: elsewhere,
      },
      { sharing: { database: t.database } },
    );
    try {
      const start = await other.app.inject({ url: '/api/manager/google', query: { from: 'sign-up' } });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe(`${other.config.publicUrl}/sign-up?social-error=failed`);
      expect(start.cookies.find((c) => c.name === 'google-oauth-state')).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});
