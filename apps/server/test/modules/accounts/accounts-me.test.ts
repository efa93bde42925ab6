import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '@hirecast/db/schema';
import { addMember, createCompany, createUser } from '@hirecast/db/factories';
import { messages } from '@hirecast/domain/messages';
import { bearer, createTestApp } from '../../support/helper.ts';
import { signUp, uniqueEmail } from '../../support/accounts-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t.close());

const me = (
  token: string | null,
  extra: {
    headers?: Record<string, string>;
    cookies?: Record<string, string>;
    query?: Record<string, string>;
  } = {},
) =>
  t.app.inject({
    url: '/api/manager/me',
    headers: { ...(token ? bearer(token) : {}), ...extra.headers },
    cookies: extra.cookies,
    query: extra.query,
  });

async function userWithCompanies() {
  const user = await createUser(t.db, { email: uniqueEmail('me'), verified: false });
  const first = await createCompany(t.db, { logo: 'https://cdn.example/logo.png' });
  const second = await createCompany(t.db);
  const stranger = await createCompany(t.db);
  await addMember(t.db, { companyId: first.id, userId: user.id, role: 2 });
  await addMember(t.db, { companyId: second.id, userId: user.id, role: 1 });
  const token = (
    await t.app.inject({
      method: 'POST',
      url: '/api/manager/signin/email',
      payload: { email: user.email, password: user.password },
    })
  ).json().data['access-token'] as string;
  return { user, first, second, stranger, token };
}

describe('GET /api/manager/me', () => {
  it('answers 401 in the error shape without a token, with a malformed one and with an unknown one', async () => {
    for (const res of [
      await me(null),
      await me('not-a-real-token'),
      await t.app.inject({ url: '/api/manager/me', headers: { authorization: 'Basic abc' } }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: messages.unauthorized } });
    }
  });

  it('lists memberships in joining order and picks the first company by default', async () => {
    const { user, first, second, token } = await userWithCompanies();
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: user.id,
      needVerification: true,
      _company: first.id,
      role: 2,
      _companies: [
        { _id: first.id, name: first.name, logo: 'https://cdn.example/logo.png', role: 2 },
        { _id: second.id, name: second.name, logo: null, role: 1 },
      ],
    });
  });

  it('uses X-Company-Id, then the company-id cookie, when it is one of theirs, and ignores a stranger company', async () => {
    const { second, first, stranger, token } = await userWithCompanies();
    const byHeader = (await me(token, { headers: { 'x-company-id': second.id } })).json().data;
    expect([byHeader._company, byHeader.role]).toEqual([second.id, 1]);
    const byCookie = (await me(token, { cookies: { 'company-id': second.id } })).json().data;
    expect([byCookie._company, byCookie.role]).toEqual([second.id, 1]);
    const foreign = (await me(token, { headers: { 'x-company-id': stranger.id } })).json().data;
    expect([foreign._company, foreign.role]).toEqual([first.id, 2]);
    expect(foreign._companies.map((c: { _id: string }) => c._id)).not.toContain(stranger.id);
  });

  it('accepts a short tracking token query and refuses an over-long one', async () => {
    const { token } = await signUp(t.app);
    expect((await me(token, { query: { token: 'track-123' } })).statusCode).toBe(200);
    const res = await me(token, { query: { token: 'x'.repeat(201) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
  });

  it('answers 401 for an expired session', async () => {
    const { token, manager } = await signUp(t.app);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, manager._id));
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('PATCH /api/manager/me', () => {
  const patch = (token: string, payload: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/manager/me',
      headers: bearer(token),
      payload: payload as object,
    });

  it('writes the given fields and answers the updated manager', async () => {
    const { token, manager } = await signUp(t.app);
    const res = await patch(token, {
      firstName: ' Augusta ',
      position: 'Head of People',
      digestType: 'weekly',
      calendarLink: 'https://cal.com/ada',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      position: 'Head of People',
      digestType: 'weekly',
      calendarLink: 'https://cal.com/ada',
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, manager._id));
    expect(row).toMatchObject({ firstName: 'Augusta', position: 'Head of People', digestType: 'weekly' });
  });

  it('leaves the row untouched when nothing changes', async () => {
    const { token, manager } = await signUp(t.app);
    const [before] = await t.db.select().from(users).where(eq(users.id, manager._id));
    const res = await patch(token, { firstName: 'Ada' });
    expect(res.statusCode).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, manager._id));
    expect(after!.updatedAt.getTime()).toBe(before!.updatedAt.getTime());
  });

  it('clears nullable fields with null', async () => {
    const { token } = await signUp(t.app);
    await patch(token, { calendarLink: 'https://cal.com/ada' });
    const res = await patch(token, { calendarLink: null, avatar: null });
    expect(res.json().data).toMatchObject({ calendarLink: null, avatar: null });
  });

  it.each([
    ['36-char first name', { firstName: 'x'.repeat(36) }, messages.nameTooLong],
    ['one-letter last name', { lastName: 'x' }, messages.namesRequired],
    ['36-char position', { position: 'p'.repeat(36) }, 'Position must be at most 35 characters'],
    ['unknown digest type', { digestType: 'hourly' }, undefined],
    ['first name of the wrong type', { firstName: 12 }, messages.namesRequired],
    ['a good field next to a bad one', { position: 'CTO', lastName: '' }, messages.namesRequired],
  ])('answers 400 for %s and changes nothing', async (_label, body, message) => {
    const { token, manager } = await signUp(t.app);
    const [before] = await t.db.select().from(users).where(eq(users.id, manager._id));
    const res = await patch(token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    if (message) expect(res.json().error.message).toBe(message);
    const [after] = await t.db.select().from(users).where(eq(users.id, manager._id));
    expect(after).toEqual(before);
  });

  it('answers 400 for an unknown field (the email cannot be changed here) and changes nothing', async () => {
    const { token, manager } = await signUp(t.app);
    const [before] = await t.db.select().from(users).where(eq(users.id, manager._id));
    const res = await patch(token, { email: 'new@acme.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    const [after] = await t.db.select().from(users).where(eq(users.id, manager._id));
    expect(after).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/manager/me',
      payload: { firstName: 'Mallory' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/manager/logout', () => {
  it('revokes only this session; the token then answers 401 everywhere', async () => {
    const { token, body, manager } = await signUp(t.app);
    const other = (
      await t.app.inject({
        method: 'POST',
        url: '/api/manager/signin/email',
        payload: { email: body.email, password: body.password },
      })
    ).json().data['access-token'] as string;
    const res = await t.app.inject({ method: 'POST', url: '/api/manager/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true } });
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, manager._id));
    expect(rows.filter((r) => r.revokedAt !== null)).toHaveLength(1);

    expect((await me(token)).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/manager/me',
          headers: bearer(token),
          payload: { position: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/manager/logout', headers: bearer(token) })).statusCode,
    ).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/manager/logout' })).statusCode).toBe(401);
  });
});

describe('GET /api/manager/providers', () => {
  it('says Google is off when it is not configured, and /manager/google answers 404', async () => {
    const res = await t.app.inject({ url: '/api/manager/providers' });
    expect(res.json()).toEqual({ data: { google: false } });
    const google = await t.app.inject({ url: '/api/manager/google?redirect=/jobs' });
    expect(google.statusCode).toBe(404);
    expect(google.json().error.code).toBe('NOT_FOUND');
  });
});
