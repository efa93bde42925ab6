import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { apiKeys } from '@hirecast/db/schema';
import { apiKeyMessages } from '@hirecast/domain/api-keys';
import { createTestApp } from '../../support/helper.ts';
import { callAs, hiringTeam, outsider } from '../../support/applicants-support.ts';
import { callWithKey, createKey } from '../../support/api-keys-support.ts';

// Issue 35 item 1: admins list, create and revoke a company's API keys; the secret is shown once.

let t: Awaited<ReturnType<typeof createTestApp>>;
let team: Awaited<ReturnType<typeof hiringTeam>>;

beforeAll(async () => {
  t = await createTestApp();
  team = await hiringTeam(t.db);
});
afterAll(async () => t?.close());

const keysOf = async (companyId: string) =>
  (await t.db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.companyId, companyId)))[0]!.n;

describe('API key management', () => {
  it('creates a key shown once, lists it by prefix with its creator, and revokes it at once', async () => {
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const created = await callAs(t.app, team.admin, {
      method: 'POST',
      url: '/api/api-keys',
      payload: { name: '  Greenhouse sync ', scopes: ['read', 'read'], expiresAt },
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json().data;
    expect(key.key).toMatch(/^hc_live_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: 'Greenhouse sync',
      scopes: ['read'],
      prefix: key.key.slice(0, 14),
      createdBy: { _id: team.admin.user.id, name: 'Ada Admin' },
      expiresAt,
      lastUsedAt: null,
      revokedAt: null,
    });
    // Only a hash is stored.
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key._id));
    expect(row!.secretHash).not.toContain(key.key.slice(8));

    expect((await callWithKey(t.app, key.key, { url: '/api/job' })).statusCode).toBe(200);
    const listed = await callAs(t.app, team.admin, { url: '/api/api-keys' });
    expect(listed.statusCode).toBe(200);
    const [first] = listed.json().data;
    expect(first).toMatchObject({ _id: key._id, prefix: key.prefix, createdBy: { name: 'Ada Admin' } });
    expect(first.lastUsedAt).not.toBeNull();
    expect(first).not.toHaveProperty('key');
    expect(listed.body).not.toContain(key.key);

    const revoked = await callAs(t.app, team.admin, { method: 'DELETE', url: `/api/api-keys/${key._id}` });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.revokedAt).not.toBeNull();
    const after = await callWithKey(t.app, key.key, { url: '/api/job' });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe(apiKeyMessages.invalidKey);
  });

  it('refuses bad input with 400 and a clear message, and creates nothing', async () => {
    const before = await keysOf(team.company.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ', scopes: ['read'] }, apiKeyMessages.nameRequired],
      [{ name: 'x'.repeat(61), scopes: ['read'] }, apiKeyMessages.nameTooLong],
      [{ name: 'Sync', scopes: ['admin'] }, apiKeyMessages.scopeUnknown],
      [{ name: 'Sync', scopes: [] }, apiKeyMessages.scopesRequired],
      [{ name: 'Sync', scopes: ['read'], expiresAt: '2020-01-01T00:00:00Z' }, apiKeyMessages.expiryInPast],
      [{ name: 'Sync', scopes: ['read'], expiresAt: 'next week' }, apiKeyMessages.expiryInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await callAs(t.app, team.admin, { method: 'POST', url: '/api/api-keys', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body, JSON.stringify(payload)).toContain(message);
    }
    expect(await keysOf(team.company.id)).toBe(before);
  });

  it('is for admins only: viewers and job managers get 403, another company 404, nobody 401', async () => {
    const { id } = await createKey(t.app, team.admin);
    for (const member of [team.viewer, team.manager]) {
      expect((await callAs(t.app, member, { url: '/api/api-keys' })).statusCode).toBe(403);
      const create = await callAs(t.app, member, {
        method: 'POST',
        url: '/api/api-keys',
        payload: { name: 'Mine', scopes: ['read'] },
      });
      expect(create.statusCode).toBe(403);
      expect((await callAs(t.app, member, { method: 'DELETE', url: `/api/api-keys/${id}` })).statusCode).toBe(
        403,
      );
    }
    const other = await outsider(t.db);
    expect((await callAs(t.app, other, { method: 'DELETE', url: `/api/api-keys/${id}` })).statusCode).toBe(
      404,
    );
    expect((await callAs(t.app, other, { url: '/api/api-keys' })).json().data).toEqual([]);
    expect((await t.app.inject({ url: '/api/api-keys' })).statusCode).toBe(401);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row!.revokedAt).toBeNull();
  });

  it('marks in the OpenAPI document what a key may call, with its scope', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const list = doc.paths['/api/job'].get;
    expect(list.security).toContainEqual({ apiKey: ['read'] });
    expect(list.description).toContain('`read` scope');
    expect(doc.paths['/api/job/{jobId}/application/{id}/status'].patch.security).toContainEqual({
      apiKey: ['write'],
    });
    expect(doc.paths['/api/job/{jobId}/application/{id}/interview/invite'].post.security).toContainEqual({
      apiKey: ['interviews'],
    });
    // Exactly these operations accept a key: a route that does not name a scope refuses keys (decision 036).
    const opened = Object.entries(doc.paths as Record<string, Record<string, { security?: unknown[] }>>)
      .flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([, op]) => JSON.stringify(op.security ?? []).includes('apiKey'))
          .map(([method, op]) => {
            const needs = (op.security as Record<string, string[]>[]).find((s) => s.apiKey)!.apiKey![0];
            return `${method.toUpperCase()} ${path} ${needs}`;
          }),
      )
      .sort();
    const app = '/api/job/{jobId}/application/{id}';
    expect(opened).toEqual(
      [
        'GET /api/job read',
        'GET /api/job/{id} read',
        'GET /api/job/candidate/{id} read',
        'GET /api/job/{jobId}/applications read',
        `PATCH ${app}/status write`,
        `GET ${app}/note read`,
        `POST ${app}/note write`,
        `DELETE ${app}/note/{noteId} write`,
        `GET ${app}/mark read`,
        `POST ${app}/mark write`,
        `DELETE ${app}/mark/{markId} write`,
        'GET /api/history/application/{applicationId} read',
        'GET /api/job/{jobId}/interview interviews',
        'PUT /api/job/{jobId}/interview interviews',
        'DELETE /api/job/{jobId}/interview interviews',
        'GET /api/job/{jobId}/interview/questions/{questionId}/answers interviews',
        `POST ${app}/interview/invite interviews`,
        `GET ${app}/interview interviews`,
        `PATCH ${app}/interview interviews`,
        `POST ${app}/interview/questions/{questionId}/reopen interviews`,
        `PUT ${app}/interview/answers/{answerId}/rating write`,
        `DELETE ${app}/interview/answers/{answerId}/rating write`,
      ].sort(),
    );
    expect(JSON.stringify(doc.paths['/api/api-keys'])).not.toContain('apiKey');
    expect(JSON.stringify(doc.paths['/api/billing/subscription'])).not.toContain('apiKey');
  });
});
