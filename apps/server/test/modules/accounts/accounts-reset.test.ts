import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { sessions, users, userTokens } from '@hirecast/db/schema';
import { createUser } from '@hirecast/db/factories';
import { verifyPassword } from '@hirecast/db/password';
import { messages } from '@hirecast/domain/messages';
import { bearer, createTestApp } from '../../support/helper.ts';
import { emailsTo, tokenFromEmail, uniqueEmail, userByEmail } from '../../support/accounts-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t.close());

const forgot = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/manager/forgot/password', payload: payload as object });
const reset = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/manager/reset/password', payload: payload as object });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/manager/signin/email', payload: { email, password } });

async function userWithResetToken(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, { email: uniqueEmail('reset'), ...overrides });
  const res = await forgot({ email: user.email });
  expect(res.statusCode).toBe(200);
  const { token } = await tokenFromEmail(t.db, user.email, 'reset-token');
  return { user, token };
}

describe('POST /api/manager/forgot/password', () => {
  it('emails a 72-hour reset link to /forgot-password and answers the success message', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('forgot') });
    const res = await forgot({ email: user.email.toUpperCase(), redirect: '/jobs' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { message: messages.forgotSuccess } });
    const { url, token, email } = await tokenFromEmail(t.db, user.email, 'reset-token');
    expect(`${url.origin}${url.pathname}`).toBe(`${t.config.publicUrl}/forgot-password`);
    expect(url.searchParams.get('redirect')).toBe('/jobs');
    expect(email.subject).toMatch(/reset/i);
    const [row] = await t.db
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.userId, user.id), eq(userTokens.kind, 'reset')));
    expect(row!.tokenHash).not.toBe(token);
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000).toBeCloseTo(72, 1);
  });

  it('answers 404 with the spec message for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await forgot({ email });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: messages.forgotFailure } });
    expect(await emailsTo(t.db, email)).toHaveLength(0);
  });

  it.each([
    ['missing email', {}, messages.forgotEmailRequired],
    ['blank email', { email: '  ' }, messages.forgotEmailRequired],
    ['invalid email', { email: 'nope@' }, messages.emailInvalid],
    ['300-char email', { email: `${'a'.repeat(290)}@acme.com` }, messages.emailInvalid],
    ['external redirect', { email: 'a@acme.com', redirect: 'https://evil.example' }, 'Invalid redirect'],
  ])('answers 400 for %s', async (_label, body, message) => {
    const res = await forgot(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message });
  });
});

describe('POST /api/manager/reset/password', () => {
  it('sets the password, signs in, verifies the email and signs out the other sessions', async () => {
    const { user, token } = await userWithResetToken({ verified: false });
    const old = (await signIn(user.email, user.password)).json().data['access-token'] as string;

    const res = await reset({ token, password: 'brand-new-pw' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.manager).toMatchObject({ _id: user.id, needVerification: false });
    expect(data['access-token']).not.toBe(old);

    const row = await userByEmail(t.db, user.email);
    expect(await verifyPassword(row!.passwordHash!, 'brand-new-pw')).toBe(true);
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect((await signIn(user.email, user.password)).json().error.message).toBe(messages.wrongPassword);
    expect((await signIn(user.email, 'brand-new-pw')).statusCode).toBe(200);

    expect((await t.app.inject({ url: '/api/manager/me', headers: bearer(old) })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/manager/me', headers: bearer(data['access-token']) })).statusCode,
    ).toBe(200);
    const [used] = await t.db
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.userId, user.id), eq(userTokens.kind, 'reset')));
    expect(used!.usedAt).not.toBeNull();
  });

  it('refuses a reused token and leaves the password as it is', async () => {
    const { user, token } = await userWithResetToken();
    expect((await reset({ token, password: 'first-reset' })).statusCode).toBe(200);
    const res = await reset({ token, password: 'second-reset' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION', message: messages.resetFailure } });
    const row = await userByEmail(t.db, user.email);
    expect(await verifyPassword(row!.passwordHash!, 'first-reset')).toBe(true);
  });

  it('refuses an expired token, changes nothing and creates no session', async () => {
    const { user, token } = await userWithResetToken();
    await t.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, user.id));
    const [before] = await t.db.select().from(users).where(eq(users.id, user.id));
    const res = await reset({ token, password: 'too-late-now' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.resetFailure);
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toEqual(before);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('keeps older reset links working until they are used', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('two-links') });
    await forgot({ email: user.email });
    const first = await tokenFromEmail(t.db, user.email, 'reset-token');
    await forgot({ email: user.email });
    const second = await tokenFromEmail(t.db, user.email, 'reset-token');
    expect(second.token).not.toBe(first.token);
    expect((await reset({ token: first.token, password: 'from-first' })).statusCode).toBe(200);
    expect((await reset({ token: second.token, password: 'from-second' })).statusCode).toBe(200);
  });

  it('does not accept a verification token as a reset token', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('kind'), verified: false });
    const login = (await signIn(user.email, user.password)).json().data['access-token'] as string;
    await t.app.inject({
      method: 'POST',
      url: '/api/manager/signup/email/verify/send',
      headers: bearer(login),
      payload: {},
    });
    const { token } = await tokenFromEmail(t.db, user.email, 'verify-token');
    const res = await reset({ token, password: 'sneaky-pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.resetFailure);
  });

  it.each([
    ['unknown token', { token: 'a'.repeat(43), password: 'secret123' }, messages.resetFailure],
    ['missing token', { password: 'secret123' }, messages.resetFailure],
    ['blank token', { token: '  ', password: 'secret123' }, messages.resetFailure],
    ['over-long token', { token: 'a'.repeat(201), password: 'secret123' }, messages.resetFailure],
    ['short password', { token: 'abc', password: '123' }, messages.passwordTooShort],
    ['missing password', { token: 'abc' }, messages.passwordTooShort],
  ])('answers 400 for %s', async (_label, body, message) => {
    const res = await reset(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message });
  });
});
