import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, userTokens } from '@hirecast/db/schema';
import { verifyPassword } from '@hirecast/db/password';
import { messages } from '@hirecast/domain/messages';
import { bearer, createTestApp } from '../../support/helper.ts';
import {
  countUsers,
  emailsTo,
  signUp,
  signUpBody,
  tokenFromEmail,
  uniqueEmail,
  userByEmail,
} from '../../support/accounts-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t.close());

const post = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/manager/signup/email', payload: payload as object });

describe('POST /api/manager/signup/email', () => {
  it('creates the user, a working session and a verification email', async () => {
    const body = signUpBody({
      email: `  New.Person-${Date.now()}@Acme-Test.com `,
      firstName: '  Grace ',
      lastName: ' Hopper  ',
      prefers: 'posts',
    });
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    const email = body.email.trim().toLowerCase();
    expect(data.manager).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      needVerification: true,
      _companies: [],
      _company: null,
      role: null,
      digestType: 'daily',
    });
    expect(data.role).toBeNull();
    expect(data['access-token']).toMatch(/^[\w-]{40,}$/);

    const row = await userByEmail(t.db, email);
    expect(row).toBeDefined();
    expect(row!.prefers).toBe('posts');
    expect(row!.passwordHash).not.toContain('secret123');
    expect(await verifyPassword(row!.passwordHash!, 'secret123')).toBe(true);
    expect(row!.emailVerifiedAt).toBeNull();

    const me = await t.app.inject({ url: '/api/manager/me', headers: bearer(data['access-token']) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data._id).toBe(row!.id);

    const { token, url, email: mail } = await tokenFromEmail(t.db, email, 'verify-token');
    expect(`${url.origin}${url.pathname}`).toBe(`${t.config.publicUrl}/confirm-email`);
    expect(mail.subject).toMatch(/confirm/i);
    expect(mail.html).toContain('verify-token=');
    const [stored] = await t.db.select().from(userTokens).where(eq(userTokens.userId, row!.id));
    expect(stored!.kind).toBe('verify');
    expect(stored!.tokenHash).not.toBe(token);
    const hours = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThan(72.1);
  });

  it('stores only a hash of the session token', async () => {
    const { token, manager } = await signUp(t.app);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, manager._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps the redirect in the verification link', async () => {
    const { body } = await signUp(t.app, { redirect: '/jobs/abc/edit?tab=team' });
    const { url } = await tokenFromEmail(t.db, body.email, 'verify-token');
    expect(url.searchParams.get('redirect')).toBe('/jobs/abc/edit?tab=team');
  });

  it('refuses an existing email, whatever its case, and creates nothing', async () => {
    const { body } = await signUp(t.app);
    const before = await countUsers(t.db);
    const res = await post(signUpBody({ email: body.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: messages.userExists } });
    expect(await countUsers(t.db)).toBe(before);
    expect(await emailsTo(t.db, body.email)).toHaveLength(1);
  });

  it.each([
    'someone@gmail.com',
    'someone@yahoo.co.uk',
    'someone@me.com',
    'x@hotmail.com',
    'x@protonmail.com',
  ])('refuses the free-mail address %s without an invite code', async (email) => {
    const before = await countUsers(t.db);
    const res = await post(signUpBody({ email }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION',
      message: messages.corporateEmailOnly,
      fields: { email: messages.corporateEmailOnly },
    });
    expect(await countUsers(t.db)).toBe(before);
  });

  it('accepts acme.me (a company on the .me domain)', async () => {
    const email = `${uniqueEmail('boss').split('@')[0]}@acme.me`;
    const res = await post(signUpBody({ email }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.manager.email).toBe(email);
  });

  // A valid invite code lifts the free-mail rule (accept-invite.test.ts); an unknown one is refused.
  it('refuses an unknown invite code, which does not bypass the free-mail rule', async () => {
    const email = `invited-${Date.now()}@gmail.com`;
    const res = await post(signUpBody({ email, inviteCode: 'abc123' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Invite code is invalid.');
    expect(await userByEmail(t.db, email)).toBeUndefined();
  });

  it.each([
    ['missing email', { email: undefined }, messages.emailRequired, 'email'],
    ['blank email', { email: '   ' }, messages.emailRequired, 'email'],
    ['email of the wrong type', { email: 42 }, messages.emailRequired, 'email'],
    ['invalid email', { email: 'not-an-email' }, messages.emailInvalid, 'email'],
    ['300-char email', { email: `${'a'.repeat(290)}@acme.com` }, messages.emailInvalid, 'email'],
    ['missing password', { password: undefined }, messages.passwordTooShort, 'password'],
    ['short password', { password: '12345' }, messages.passwordTooShort, 'password'],
    ['missing first name', { firstName: undefined }, messages.namesRequired, 'firstName'],
    ['one-letter last name', { lastName: 'A' }, messages.namesRequired, 'lastName'],
    ['blank first name', { firstName: '    ' }, messages.namesRequired, 'firstName'],
    ['36-char first name', { firstName: 'a'.repeat(36) }, messages.nameTooLong, 'firstName'],
    ['36-char last name', { lastName: 'b'.repeat(36) }, messages.nameTooLong, 'lastName'],
    ['unknown prefers', { prefers: 'cats' }, undefined, 'prefers'],
    ['external redirect', { redirect: 'https://evil.example/' }, 'Invalid redirect', 'redirect'],
    ['protocol-relative redirect', { redirect: '//evil.example/' }, 'Invalid redirect', 'redirect'],
  ])('answers 400 for %s and writes nothing', async (_label, override, message, field) => {
    const before = await countUsers(t.db);
    const res = await post(signUpBody(override));
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION');
    if (message) expect(error.message).toBe(message);
    expect(Object.keys(error.fields)).toContain(field);
    expect(await countUsers(t.db)).toBe(before);
  });

  it('accepts names of exactly 35 characters', async () => {
    const res = await post(signUpBody({ firstName: 'a'.repeat(35), lastName: 'b'.repeat(35) }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.manager.firstName).toHaveLength(35);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/manager/signup/email',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
  });
});
