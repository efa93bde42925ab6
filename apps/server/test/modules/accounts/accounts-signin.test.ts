import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '@hirecast/db/schema';
import { addMember, createCompany, createUser } from '@hirecast/db/factories';
import { messages } from '@hirecast/domain/messages';
import { bearer, createTestApp } from '../../support/helper.ts';
import { uniqueEmail } from '../../support/accounts-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t.close());

const signIn = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/manager/signin/email', payload: payload as object, headers });

describe('POST /api/manager/signin/email', () => {
  it('signs in with the right password, email in any case, and answers manager, role and access-token', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('signin'), password: 'right-password' });
    const company = await createCompany(t.db);
    await addMember(t.db, { companyId: company.id, userId: user.id, role: 1 });

    const res = await signIn({ email: `  ${user.email.toUpperCase()} `, password: 'right-password' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.manager).toMatchObject({
      _id: user.id,
      email: user.email,
      _company: company.id,
      role: 1,
      needVerification: false,
    });
    expect(data.manager._companies).toEqual([{ _id: company.id, name: company.name, logo: null, role: 1 }]);
    expect(data.role).toBe(1);

    const me = await t.app.inject({ url: '/api/manager/me', headers: bearer(data['access-token']) });
    expect(me.json().data._id).toBe(user.id);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    const days = (rows[0]!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(t.config.sessionTtlDays - 0.01);
    expect(days).toBeLessThanOrEqual(t.config.sessionTtlDays);
  });

  it('answers the wrong-password message for a known email with a wrong password, and creates no session', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('wrongpw') });
    const res = await signIn({ email: user.email, password: 'not-the-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: messages.wrongPassword } });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('answers the credentials message for an unknown email', async () => {
    const res = await signIn({ email: uniqueEmail('nobody'), password: 'whatever1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: messages.wrongCredentials } });
  });

  it('treats a Google-only account (no password) as a wrong password', async () => {
    const user = await createUser(t.db, {
      email: uniqueEmail('google-only'),
      passwordHash: null,
      googleSub: `sub-${Date.now()}`,
    });
    const res = await signIn({ email: user.email, password: 'anything-at-all' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(messages.wrongPassword);
  });

  it.each([
    ['missing email', { password: 'secret123' }, messages.emailRequired],
    ['invalid email', { email: 'nope', password: 'secret123' }, messages.emailInvalid],
    [
      '300-char email',
      { email: `${'a'.repeat(290)}@acme.com`, password: 'secret123' },
      messages.emailInvalid,
    ],
    ['missing password', { email: 'a@acme.com' }, messages.passwordTooShort],
    ['short password', { email: 'a@acme.com', password: '123' }, messages.passwordTooShort],
    ['numeric password', { email: 'a@acme.com', password: 12345678 }, messages.passwordTooShort],
  ])('answers 400 for %s', async (_label, body, message) => {
    const res = await signIn(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message });
  });

  it('honours X-Company-Id for _company and role in the answer', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('two-companies') });
    const first = await createCompany(t.db);
    const second = await createCompany(t.db);
    await addMember(t.db, { companyId: first.id, userId: user.id, role: 2 });
    await addMember(t.db, { companyId: second.id, userId: user.id, role: 0 });
    const res = await signIn({ email: user.email, password: user.password }, { 'x-company-id': second.id });
    expect(res.json().data.manager._company).toBe(second.id);
    expect(res.json().data.role).toBe(0);
  });
});
