import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createDb } from '@hirecast/db/client';
import { memberships, sessions, users } from '@hirecast/db/schema';
import { hashToken } from '../../src/lib/tokens.ts';
import { bearer, createTestApp } from '../support/helper.ts';
import { companyWithMember } from '../support/sessions.ts';
import { itOnPostgres } from '../support/needs-postgres.ts';

// Decision 016: sessions and memberships are cached per process; every change that ends or narrows a sign-in
// must still apply to the very next request, through the API or straight in the database.
describe('session cache', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const listJobs = (member: { token: string; company: { id: string } }) =>
    t.app.inject({
      url: '/api/job',
      headers: { ...bearer(member.token), 'x-company-id': member.company.id },
    });
  const createJob = (member: { token: string; company: { id: string } }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/job',
      headers: { ...bearer(member.token), 'x-company-id': member.company.id },
      payload: {
        title: 'Barista',
        postHeading: 'Join our team',
        description: { ops: [{ insert: 'Serve great coffee.\n' }] },
        location: { city: 'Leeds', country: 'United Kingdom' },
      },
    });

  /** Asks until the member's session is served from the cache (the listening connection comes up first). */
  async function warm(member: { token: string; company: { id: string } }) {
    const deadline = Date.now() + 5_000;
    for (;;) {
      expect((await listJobs(member)).statusCode).toBe(200);
      if (t.app.ctx.sessions.cache.get(hashToken(member.token))) return;
      if (Date.now() > deadline) throw new Error('the session was never cached');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('serves a repeated request from the cache', async () => {
    const member = await companyWithMember(t.db, 0);
    await warm(member);
    const entry = t.app.ctx.sessions.cache.get(hashToken(member.token));
    expect(entry?.session.user.id).toBe(member.user.id);
    expect(entry?.scopes.get(member.company.id)).toEqual({ companyId: member.company.id, role: 0 });
  });

  it('refuses a session at once after log-out and after a revoke in the database', async () => {
    const first = await companyWithMember(t.db);
    await warm(first);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/manager/logout',
      headers: bearer(first.token),
    });
    expect(out.statusCode).toBe(200);
    expect((await listJobs(first)).statusCode).toBe(401);

    const second = await companyWithMember(t.db);
    await warm(second);
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, second.user.id));
    expect((await listJobs(second)).statusCode).toBe(401);
  });

  it('applies a removed membership and a changed role to the next request', async () => {
    const member = await companyWithMember(t.db, 0);
    await warm(member);
    expect((await createJob(member)).statusCode).toBe(403);
    await t.db.update(memberships).set({ role: 1 }).where(eq(memberships.userId, member.user.id));
    const created = await createJob(member);
    expect(created.statusCode, created.body).toBe(201);

    await t.db.delete(memberships).where(eq(memberships.userId, member.user.id));
    expect((await listJobs(member)).statusCode).toBe(404);
  });

  it('shows a changed user to the next request', async () => {
    const member = await companyWithMember(t.db);
    await warm(member);
    await t.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, member.user.id));
    const me = await t.app.inject({ url: '/api/manager/me', headers: bearer(member.token) });
    expect(me.json().data.firstName).toBe('Renamed');
  });

  // Another API process is another connection pool: its changes arrive by LISTEN/NOTIFY a moment after commit.
  itOnPostgres('drops a session revoked by another process', async () => {
    const member = await companyWithMember(t.db);
    await warm(member);
    const other = await createDb({ databaseUrl: t.databaseUrl! });
    try {
      await other.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.userId, member.user.id));
      const started = Date.now();
      while ((await listJobs(member)).statusCode !== 401) {
        if (Date.now() - started > 2_000) throw new Error('the revoke never reached the cache');
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(t.app.ctx.sessions.cache.get(hashToken(member.token))).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});
