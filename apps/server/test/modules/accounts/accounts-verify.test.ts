import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { userTokens } from '@hirecast/db/schema';
import { createUser } from '@hirecast/db/factories';
import { messages } from '@hirecast/domain/messages';
import { bearer, createTestApp } from '../../support/helper.ts';
import {
  emailsTo,
  signUp,
  tokenFromEmail,
  uniqueEmail,
  userByEmail,
} from '../../support/accounts-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t.close());

const verify = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/manager/signup/email/verify', payload: payload as object });
const send = (token: string | null, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/manager/signup/email/verify/send',
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

describe('POST /api/manager/signup/email/verify', () => {
  it('verifies the email from the sign-up link, without a session, once', async () => {
    const { body, token: session } = await signUp(t.app);
    const { token } = await tokenFromEmail(t.db, body.email, 'verify-token');
    const res = await verify({ token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { verified: true, email: body.email } });
    expect((await userByEmail(t.db, body.email))!.emailVerifiedAt).not.toBeNull();
    const me = await t.app.inject({ url: '/api/manager/me', headers: bearer(session) });
    expect(me.json().data.needVerification).toBe(false);

    const again = await verify({ token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: { code: 'VALIDATION', message: messages.verifyTokenInvalid } });
  });

  it('refuses an expired link and leaves the user unverified', async () => {
    const { body, manager } = await signUp(t.app);
    const { token } = await tokenFromEmail(t.db, body.email, 'verify-token');
    await t.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(userTokens.userId, manager._id));
    const res = await verify({ token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.verifyTokenInvalid);
    expect((await userByEmail(t.db, body.email))!.emailVerifiedAt).toBeNull();
  });

  it('does not accept a reset token as a verification token', async () => {
    const { body } = await signUp(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/manager/forgot/password',
      payload: { email: body.email },
    });
    const { token } = await tokenFromEmail(t.db, body.email, 'reset-token');
    expect((await verify({ token })).statusCode).toBe(400);
    expect((await userByEmail(t.db, body.email))!.emailVerifiedAt).toBeNull();
  });

  it.each([
    ['an unknown token', { token: 'definitely-not-a-token' }],
    ['no token', {}],
    ['a blank token', { token: '   ' }],
    ['a token of the wrong type', { token: 123 }],
    ['an over-long token', { token: 'x'.repeat(201) }],
  ])('answers 400 with the invalid-link message for %s', async (_label, body) => {
    const res = await verify(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: messages.verifyTokenInvalid });
  });
});

describe('POST /api/manager/signup/email/verify/send', () => {
  it('sends a new link that works; the earlier one still works until used', async () => {
    const { body, token: session } = await signUp(t.app);
    const first = await tokenFromEmail(t.db, body.email, 'verify-token');
    const res = await send(session, { redirect: '/jobs' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { message: messages.verificationSent } });
    expect(await emailsTo(t.db, body.email)).toHaveLength(2);
    const second = await tokenFromEmail(t.db, body.email, 'verify-token');
    expect(second.token).not.toBe(first.token);
    expect(second.url.searchParams.get('redirect')).toBe('/jobs');
    expect((await verify({ token: second.token })).statusCode).toBe(200);
  });

  it('works with no body at all', async () => {
    const { body, token: session } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/manager/signup/email/verify/send',
      headers: bearer(session),
    });
    expect(res.statusCode).toBe(200);
    expect(await emailsTo(t.db, body.email)).toHaveLength(2);
  });

  it('answers 409 for an already confirmed address and sends nothing', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('verified'), verified: true });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/manager/signin/email',
      payload: { email: user.email, password: user.password },
    });
    const res = await send(login.json().data['access-token']);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: messages.emailAlreadyVerified } });
    expect(await emailsTo(t.db, user.email)).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(userTokens)
        .where(and(eq(userTokens.userId, user.id), eq(userTokens.kind, 'verify'))),
    ).toHaveLength(0);
  });

  it('answers 401 without a session', async () => {
    const res = await send(null);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it('answers 400 for an external redirect', async () => {
    const { token } = await signUp(t.app);
    const res = await send(token, { redirect: 'https://evil.example/' });
    expect(res.statusCode).toBe(400);
  });
});
