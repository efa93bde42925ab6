import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TApp } from '../../src/app.ts';
import { rateLimitHits } from '@hirecast/db/schema';
import { createTestDatabase } from '@hirecast/db/test-database';
import { sweepRateLimits } from '../../src/lib/rate-limit-store.ts';
import { bearer, buildTestApp } from '../support/helper.ts';
import { uniqueEmail } from '../support/accounts-support.ts';
import { signedInUser } from '../support/sessions.ts';
import { testConfig } from '../support/test-config.ts';

// Decisions 007 and 015: two apps on one database stand for two API processes behind a load balancer; a limit
// reached through one holds on the other, and a URL signed by one verifies on the other.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let first: TApp;
let second: TApp;
beforeAll(async () => {
  database = await createTestDatabase(testConfig.databaseUrl);
  first = (await buildTestApp(database)).app;
  second = (await buildTestApp(database)).app;
});
afterAll(async () => {
  await first.close();
  await second.close();
  await database.close();
});

const signIn = (app: TApp, email: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/manager/signin/email',
    payload: { email, password: 'wrong-password' },
    remoteAddress,
  });

describe('rate limits shared by every process on the database', () => {
  it('a per-IP limit reached on one app answers 429 on the other, in the same window', async () => {
    const ip = '10.9.0.1';
    for (let i = 0; i < 13; i++) expect((await signIn(first, uniqueEmail('a'), ip)).statusCode).toBe(401);
    for (let i = 0; i < 12; i++) expect((await signIn(second, uniqueEmail('b'), ip)).statusCode).toBe(401);
    const blocked = await signIn(second, uniqueEmail('c'), ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(200);
    expect((await signIn(first, uniqueEmail('d'), ip)).statusCode).toBe(429);
    // Another address is counted apart.
    expect((await signIn(second, uniqueEmail('e'), '10.9.0.2')).statusCode).toBe(401);
  });

  it('a per-email limit (counted after validation) holds across apps and addresses', async () => {
    const email = uniqueEmail('target');
    for (let i = 0; i < 25; i++) {
      const app = i % 2 === 0 ? first : second;
      expect((await signIn(app, email, `10.8.${i}.1`)).statusCode).toBe(401);
    }
    expect((await signIn(first, email, '10.8.100.1')).statusCode).toBe(429);
    expect((await signIn(second, email.toUpperCase(), '10.8.101.1')).statusCode).toBe(429);
  });

  it('counts in one row per key and route, and starts again once the window has ended', async () => {
    const ip = '10.7.0.1';
    for (let i = 0; i < 26; i++) await signIn(first, uniqueEmail('w'), ip);
    expect((await signIn(second, uniqueEmail('w'), ip)).statusCode).toBe(429);
    const rows = await database.db
      .select({ key: rateLimitHits.key, hits: rateLimitHits.hits })
      .from(rateLimitHits)
      .where(like(rateLimitHits.key, `%${ip}`));
    expect(rows).toEqual([{ key: `POST/api/manager/signin/email-${ip}`, hits: 27 }]);

    await database.db
      .update(rateLimitHits)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(like(rateLimitHits.key, `%${ip}`));
    expect((await signIn(second, uniqueEmail('w'), ip)).statusCode).toBe(401);
    const [restarted] = await database.db
      .select({ hits: rateLimitHits.hits })
      .from(rateLimitHits)
      .where(like(rateLimitHits.key, `%${ip}`));
    expect(restarted?.hits).toBe(1);
  });

  it('the sweep removes ended windows and keeps running ones', async () => {
    await database.db.insert(rateLimitHits).values([
      { key: 'test-ended', hits: 3, expiresAt: sql`now() - interval '1 minute'` },
      { key: 'test-running', hits: 3, expiresAt: sql`now() + interval '1 minute'` },
    ]);
    expect(await sweepRateLimits(database.db)).toBeGreaterThanOrEqual(1);
    const left = await database.db
      .select({ key: rateLimitHits.key })
      .from(rateLimitHits)
      .where(like(rateLimitHits.key, 'test-%'));
    expect(left).toEqual([{ key: 'test-running' }]);
  });
});

describe('the app secret without APP_SECRET on PostgreSQL', () => {
  it('is made once in the database: a URL signed by one app (its own DATA_DIR) verifies on another', async () => {
    // DATABASE_URL only tells the configuration that the database is shared; the apps use the test database.
    const env = { APP_SECRET: '', DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused' };
    const a = await buildTestApp(database, env);
    const b = await buildTestApp(database, env);
    try {
      expect(a.config.secret).toMatch(/^[0-9a-f]{64}$/);
      expect(b.config.secret).toBe(a.config.secret);
      expect(a.config.dataDir).not.toBe(b.config.dataDir);
      const { token } = await signedInUser(database.db);
      const signed = await a.app.inject({
        url: '/api/signed-url/resize?content-type=image/png&imageType=image',
        headers: bearer(token),
      });
      const url = new URL(signed.json().data.url);
      const put = await b.app.inject({
        method: 'PUT',
        url: url.pathname + url.search,
        headers: { 'content-type': 'image/png' },
        payload: Buffer.from('not checked here'),
      });
      expect(put.statusCode).toBeLessThan(300);
    } finally {
      await a.app.close();
      await b.app.close();
    }
  });
});
