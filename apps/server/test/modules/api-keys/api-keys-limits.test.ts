import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { apiIdempotency, applicationNotes } from '@hirecast/db/schema';
import { apiKeyMessages } from '@hirecast/domain/api-keys';
import { createTestApp } from '../../support/helper.ts';
import { createApplication, hiringTeam } from '../../support/applicants-support.ts';
import { callWithKey, createKey } from '../../support/api-keys-support.ts';

// Issue 35 item 1: each key's requests are counted per minute in the database (RateLimit headers, 429 with
// Retry-After past the limit), and a write with an Idempotency-Key is done once (decision 036).

const LIMIT = 5;
let t: Awaited<ReturnType<typeof createTestApp>>;
let team: Awaited<ReturnType<typeof hiringTeam>>;

beforeAll(async () => {
  t = await createTestApp({ API_KEY_RATE_LIMIT: String(LIMIT) });
  team = await hiringTeam(t.db);
});
afterAll(async () => t?.close());

describe('per-key rate limit', () => {
  it('sends the RateLimit headers and answers 429 with Retry-After past the limit, per key', async () => {
    const { key } = await createKey(t.app, team.admin, { name: 'Busy', scopes: ['read'] });
    const { key: other } = await createKey(t.app, team.admin, { name: 'Quiet', scopes: ['read'] });
    for (let i = 1; i <= LIMIT; i += 1) {
      const res = await callWithKey(t.app, key, { url: '/api/job' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-policy']).toBe(`"per-key";q=${LIMIT};w=60`);
      expect(res.headers.ratelimit).toMatch(new RegExp(`^"per-key";r=${LIMIT - i};t=\\d+$`));
    }
    const limited = await callWithKey(t.app, key, { url: '/api/job' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(apiKeyMessages.rateLimited);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.ratelimit).toBe(`"per-key";r=0;t=${retryAfter}`);
    // Another key of the same company has its own budget.
    expect((await callWithKey(t.app, other, { url: '/api/job' })).statusCode).toBe(200);
  });

  it('counts a key across API processes (two apps on one database)', async () => {
    const second = await createTestApp({ API_KEY_RATE_LIMIT: String(LIMIT) }, { sharing: t });
    try {
      const { key } = await createKey(t.app, team.admin, { name: 'Spread', scopes: ['read'] });
      for (let i = 0; i < LIMIT; i += 1) {
        const app = i % 2 === 0 ? t.app : second.app;
        expect((await callWithKey(app, key, { url: '/api/job' })).statusCode).toBe(200);
      }
      expect((await callWithKey(second.app, key, { url: '/api/job' })).statusCode).toBe(429);
      expect((await callWithKey(t.app, key, { url: '/api/job' })).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('Idempotency-Key', () => {
  const noteCall = (key: string, applicationId: string, text: string, idempotencyKey: string) =>
    callWithKey(t.app, key, {
      method: 'POST',
      url: `/api/job/${team.job.id}/application/${applicationId}/note`,
      payload: { text },
      headers: { 'idempotency-key': idempotencyKey },
    });
  const notesOf = async (applicationId: string) =>
    t.db.select().from(applicationNotes).where(eq(applicationNotes.applicationId, applicationId));

  it('does a write once and answers a repeat with the same status and body', async () => {
    const { key } = await createKey(t.app, team.admin, { name: 'Once', scopes: ['write'] });
    const a = await createApplication(t.db, team.job);
    const first = await noteCall(key, a.id, 'Phone screen booked', 'note-1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await noteCall(key, a.id, 'Phone screen booked', 'note-1');
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await notesOf(a.id)).toHaveLength(1);

    // The same key with another body: 422, nothing done.
    const changed = await noteCall(key, a.id, 'Something else', 'note-1');
    expect(changed.statusCode).toBe(422);
    expect(changed.json().error.message).toBe(apiKeyMessages.idempotencyMismatch);
    expect(await notesOf(a.id)).toHaveLength(1);

    // Another Idempotency-Key is another write.
    expect((await noteCall(key, a.id, 'Phone screen booked', 'note-2')).statusCode).toBe(201);
    expect(await notesOf(a.id)).toHaveLength(2);
  });

  it('answers 409 while the first request is in flight, and forgets keys after 24 hours', async () => {
    const { key, id } = await createKey(t.app, team.admin, { name: 'Racer', scopes: ['write'] });
    const a = await createApplication(t.db, team.job);
    const first = await noteCall(key, a.id, 'Hello', 'race-1');
    expect(first.statusCode).toBe(201);
    const record = and(eq(apiIdempotency.apiKeyId, id), eq(apiIdempotency.key, 'race-1'));
    // As another process sees it while the first request is being done: claimed, no answer yet.
    await t.db.update(apiIdempotency).set({ status: null, body: null }).where(record);
    const during = await noteCall(key, a.id, 'Hello', 'race-1');
    expect(during.statusCode).toBe(409);
    expect(during.json().error.message).toBe(apiKeyMessages.idempotencyInFlight);

    await t.db
      .update(apiIdempotency)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(record);
    const later = await noteCall(key, a.id, 'Hello', 'race-1');
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await notesOf(a.id)).toHaveLength(2);
  });

  it('concurrent repeats do the write once', async () => {
    const { key } = await createKey(t.app, team.admin, { name: 'Parallel', scopes: ['write'] });
    const a = await createApplication(t.db, team.job);
    const answers = await Promise.all([1, 2, 3].map(() => noteCall(key, a.id, 'Once only', 'par-1')));
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of answers) expect([201, 409]).toContain(r.statusCode);
    expect(new Set(created.map((r) => r.body)).size).toBe(1);
    expect(await notesOf(a.id)).toHaveLength(1);
  });

  it('refuses a malformed Idempotency-Key with 400', async () => {
    const { key } = await createKey(t.app, team.admin, { name: 'Bad', scopes: ['write'] });
    const a = await createApplication(t.db, team.job);
    const res = await noteCall(key, a.id, 'Hi', 'x'.repeat(256));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(apiKeyMessages.idempotencyKeyInvalid);
    expect(await notesOf(a.id)).toHaveLength(0);
  });
});
