import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../support/accounts-support.ts';
import { bearer, createTestApp } from '../../support/helper.ts';

// Issue 23 item 8: the web app asks who is signed in without a failing request when nobody is (a signed-out
// visit to /sign-in showed a 401 in the console); /manager/me keeps its 401 for API clients.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const session = (extra: { headers?: Record<string, string>; cookies?: Record<string, string> } = {}) =>
  t.app.inject({ url: '/api/manager/session', ...extra });

describe('GET /api/manager/session', () => {
  it('answers 200 with null for a visitor, an unknown cookie and an ended session, never 401', async () => {
    const ended = await signUp(t.app);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/manager/logout',
      headers: bearer(ended.token),
    });
    expect(logout.statusCode).toBe(200);
    for (const res of [
      await session(),
      await session({ cookies: { 'auth-token': 'not-a-session' } }),
      await session({ headers: bearer(ended.token) }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: null });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // /manager/me still answers 401 to nobody.
    expect((await t.app.inject({ url: '/api/manager/me' })).statusCode).toBe(401);
  });

  it('answers the signed-in manager as /manager/me does', async () => {
    const { token } = await signUp(t.app);
    const me = await t.app.inject({ url: '/api/manager/me', headers: bearer(token) });
    const res = await session({ headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(me.json().data);
    expect(res.json().data.email).toMatch(/@acme-test\.com$/);
  });
});
