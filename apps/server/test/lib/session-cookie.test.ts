import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '@hirecast/db/schema';
import { addMember, createCompany, createUser } from '@hirecast/db/factories';
import { COOKIE_AUTH, CSRF_HEADER_VALUE, HEADER_CSRF } from '@hirecast/domain/constants';
import { messages } from '@hirecast/domain/messages';
import { bearer, createTestApp } from '../support/helper.ts';
import { signUpBody, tokenFromEmail, uniqueEmail } from '../support/accounts-support.ts';

// Decision 003: browsers hold the session in an HttpOnly cookie the server sets; a write authenticated by
// that cookie needs the app's custom header and a same-origin Origin (CSRF); Bearer clients need neither.

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t.close());

const ORIGIN = 'http://localhost:3000'; // the test app's PUBLIC_URL
const fromApp = { [HEADER_CSRF]: CSRF_HEADER_VALUE, origin: ORIGIN };
const withCookie = (token: string) => ({ cookie: `${COOKIE_AUTH}=${token}` });
type TInjected = Awaited<ReturnType<typeof t.app.inject>>;
const sessionCookie = (res: TInjected) => res.cookies.find((c) => c.name === COOKIE_AUTH);

async function signedIn() {
  const user = await createUser(t.db, { email: uniqueEmail('cookie'), password: 'secret123' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/manager/signin/email',
    payload: { email: user.email, password: 'secret123' },
  });
  expect(res.statusCode).toBe(200);
  return { user, token: sessionCookie(res)!.value, res };
}

const firstNameOf = async (id: string) =>
  (await t.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, id)))[0]!.firstName;

const patchMe = (headers: Record<string, string>, firstName: string) =>
  t.app.inject({ method: 'PATCH', url: '/api/manager/me', headers, payload: { firstName } });

describe('the session cookie', () => {
  it('is set by sign-in: HttpOnly, SameSite=Lax, Path=/, as long as the session, not Secure on http', async () => {
    const { res } = await signedIn();
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: t.config.sessionTtlDays * 86_400,
    });
    expect(cookie.secure).toBeFalsy();
    // The JSON answer keeps the token for API clients (spec 1 §7): it is the cookie's session.
    expect(cookie.value).toBe(res.json().data['access-token']);
  });

  it('is set by sign-up and by a password reset, which sign the browser in', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/manager/signup/email',
      payload: signUpBody(),
    });
    expect(signUp.statusCode).toBe(201);
    expect(sessionCookie(signUp)).toMatchObject({
      httpOnly: true,
      value: signUp.json().data['access-token'],
    });

    const user = await createUser(t.db, { email: uniqueEmail('reset-cookie') });
    await t.app.inject({
      method: 'POST',
      url: '/api/manager/forgot/password',
      payload: { email: user.email },
    });
    const { token } = await tokenFromEmail(t.db, user.email, 'reset-token');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/manager/reset/password',
      payload: { token, password: 'new-secret-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect(sessionCookie(reset)).toMatchObject({ httpOnly: true, value: reset.json().data['access-token'] });
  });

  it('is not set by a failed sign-in', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('failed') });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/manager/signin/email',
      payload: { email: user.email, password: 'wrong-password' },
    });
    expect(res.statusCode).toBe(401);
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('authenticates a read without any other header', async () => {
    const { user, token } = await signedIn();
    const me = await t.app.inject({ url: '/api/manager/me', headers: withCookie(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data._id).toBe(user.id);
  });

  it('refuses a write without the custom header with 403, and changes nothing', async () => {
    const { user, token } = await signedIn();
    const res = await patchMe({ ...withCookie(token), origin: ORIGIN }, 'Mallory');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: messages.crossSiteRefused } });
    expect(await firstNameOf(user.id)).toBe(user.firstName);
  });

  it.each([
    ['another origin', { origin: 'https://evil.example' }],
    ['an origin of another port', { origin: 'http://localhost:3001' }],
    ['the opaque null origin', { origin: 'null' }],
    ['another site as referer and no origin', { referer: 'https://evil.example/page' }],
    ['neither origin nor referer', {}],
  ])('refuses a write with the header but %s (403, nothing changes)', async (_label, where) => {
    const { user, token } = await signedIn();
    const res = await patchMe(
      { ...withCookie(token), [HEADER_CSRF]: CSRF_HEADER_VALUE, ...where },
      'Mallory',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(messages.crossSiteRefused);
    expect(await firstNameOf(user.id)).toBe(user.firstName);
  });

  it('accepts a write with the header and our origin, or our page as referer when origin is absent', async () => {
    const { user, token } = await signedIn();
    const res = await patchMe({ ...withCookie(token), ...fromApp }, 'Grace');
    expect(res.statusCode).toBe(200);
    expect(await firstNameOf(user.id)).toBe('Grace');
    const byReferer = await patchMe(
      { ...withCookie(token), [HEADER_CSRF]: CSRF_HEADER_VALUE, referer: `${ORIGIN}/settings?tab=personal` },
      'Ada',
    );
    expect(byReferer.statusCode).toBe(200);
    expect(await firstNameOf(user.id)).toBe('Ada');
  });

  it('leaves Bearer writes as they were: no custom header, any origin', async () => {
    const { user, token } = await signedIn();
    const res = await patchMe({ ...bearer(token), origin: 'https://evil.example' }, 'Linus');
    expect(res.statusCode).toBe(200);
    expect(await firstNameOf(user.id)).toBe('Linus');
  });

  it('lets a public write through from a browser that holds a cookie, acting as nobody', async () => {
    const { token } = await signedIn();
    const other = await createUser(t.db, { email: uniqueEmail('public'), password: 'secret123' });
    // The public site's forms send no custom header; signing in (a public call) must still work.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/manager/signin/email',
      headers: withCookie(token),
      payload: { email: other.email, password: 'secret123' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.manager._id).toBe(other.id);
  });

  it('authenticates a resumable upload (tus) sent with the cookie and the header, and refuses one without', async () => {
    const { user, token } = await signedIn();
    const company = await createCompany(t.db);
    await addMember(t.db, { companyId: company.id, userId: user.id, role: 2 });
    const tus = (extra: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: {
          ...withCookie(token),
          'x-company-id': company.id,
          'tus-resumable': '1.0.0',
          'upload-length': '1000',
          'upload-metadata': `filename ${btoa('clip.mp4')},filetype ${btoa('video/mp4')}`,
          ...extra,
        },
      });
    const refused = await tus({ origin: ORIGIN });
    expect(refused.statusCode).toBe(403);
    const created = await tus(fromApp);
    expect(created.statusCode).toBe(201);
    expect(created.headers.location).toMatch(new RegExp(`/api/uploads/${company.id}_`));
  });

  it('is cleared by log-out, whose session is revoked', async () => {
    const { user, token } = await signedIn();
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/manager/logout',
      headers: withCookie(token),
    });
    expect(forged.statusCode).toBe(403);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/manager/logout',
      headers: { ...withCookie(token), ...fromApp },
    });
    expect(res.statusCode).toBe(200);
    const cleared = sessionCookie(res)!;
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/');
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.revokedAt).not.toBeNull();
    expect((await t.app.inject({ url: '/api/manager/me', headers: withCookie(token) })).statusCode).toBe(401);
  });
});

describe('the session cookie behind https', () => {
  let https: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    https = await createTestApp({
      RATE_LIMIT_DISABLED: 'true',
      PUBLIC_URL: 'https://jobs.example.com',
      SESSION_TTL_DAYS: '7',
    });
  });
  afterAll(() => https.close());

  it('is Secure, lasts SESSION_TTL_DAYS, and takes writes only from the https origin', async () => {
    const user = await createUser(https.db, { email: uniqueEmail('secure'), password: 'secret123' });
    const res = await https.app.inject({
      method: 'POST',
      url: '/api/manager/signin/email',
      payload: { email: user.email, password: 'secret123' },
    });
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', maxAge: 7 * 86_400 });
    const write = (origin: string) =>
      https.app.inject({
        method: 'PATCH',
        url: '/api/manager/me',
        headers: { ...withCookie(cookie.value), [HEADER_CSRF]: CSRF_HEADER_VALUE, origin },
        payload: { position: 'Recruiter' },
      });
    expect((await write('http://jobs.example.com')).statusCode).toBe(403);
    expect((await write('https://jobs.example.com')).statusCode).toBe(200);
  });
});
