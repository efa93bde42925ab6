import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createTestApp } from '../support/helper.ts';
import { uniqueEmail } from '../support/accounts-support.ts';
import { openCandidateUpload, openJob } from '../support/apply-support.ts';
import { headers } from '../support/assets-support.ts';
import { companyWithMember } from '../support/sessions.ts';

// Issue 12: settings a deployment relies on. X-Forwarded-For names the client only behind a configured proxy
// (TRUST_PROXY), tus answers no other origin (CORS) and reads no forwarded host, /api/docs follows API_DOCS.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type TApp = typeof t.app;
const signIn = (app: TApp, remoteAddress: string, forwardedFor?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/manager/signin/email',
    payload: { email: uniqueEmail('proxy'), password: 'wrong-password' },
    remoteAddress,
    ...(forwardedFor && { headers: { 'x-forwarded-for': forwardedFor } }),
  });
const statuses = async (count: number, send: (i: number) => ReturnType<typeof signIn>) => {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push((await send(i)).statusCode);
  return seen;
};
const rotating = (i: number) => `198.51.100.${i + 1}`;

describe('TRUST_PROXY', () => {
  it('unset: X-Forwarded-For is ignored, so rotating it does not escape the per-IP sign-in limit', async () => {
    const seen = await statuses(60, (i) => signIn(t.app, '203.0.113.10', rotating(i)));
    expect(seen.slice(0, 25).every((s) => s === 401)).toBe(true);
    expect(seen.slice(25).every((s) => s === 429)).toBe(true);
  });

  it('a hop count: the address the proxy forwards is the client', async () => {
    const behind = await createTestApp({ TRUST_PROXY: '1' }, { sharing: t });
    try {
      // Many clients through one proxy: each is limited on its own.
      const clients = await statuses(30, (i) => signIn(behind.app, '10.0.0.2', rotating(i)));
      expect(clients.every((s) => s === 401)).toBe(true);
      // One client, whichever proxy process it comes through, is limited.
      const one = await statuses(26, (i) => signIn(behind.app, `10.0.0.${(i % 3) + 2}`, '192.0.2.77'));
      expect(one.slice(0, 25).every((s) => s === 401)).toBe(true);
      expect(one[25]).toBe(429);
    } finally {
      await behind.close();
    }
  });

  it('addresses: only the listed proxies may forward a client address', async () => {
    const behind = await createTestApp({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }, { sharing: t });
    try {
      const viaProxy = await statuses(30, (i) =>
        signIn(behind.app, i % 2 ? '10.0.0.1' : '10.1.4.5', rotating(i)),
      );
      expect(viaProxy.every((s) => s === 401)).toBe(true);
      const direct = await statuses(26, (i) => signIn(behind.app, '10.2.0.1', rotating(i)));
      expect(direct[25]).toBe(429);
    } finally {
      await behind.close();
    }
  });

  it('is validated at start', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const wrong of ['true', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1,', '::1/129'])
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
  });
});

describe('tus uploads', () => {
  it('send no CORS header to another origin, and read no forwarded host', async () => {
    const admin = await companyWithMember(t.db);
    const { job } = await openJob(t.db);
    const tusHeaders = { 'tus-resumable': '1.0.0', origin: 'https://evil.example' };
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/uploads',
      headers: { ...tusHeaders, 'access-control-request-method': 'POST' },
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...headers(admin),
        ...tusHeaders,
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        'upload-length': '1000',
        'upload-metadata': `filename ${btoa('a.mp4')},filetype ${btoa('video/mp4')}`,
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers.location).toMatch(/^\/api\/uploads\/[\w-]+$/);
    const candidate = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/public/uploads',
      headers: { ...tusHeaders, 'access-control-request-method': 'POST' },
    });
    const candidateCreated = await openCandidateUpload(t.app, { shortId: job.shortId, size: 1000 });
    expect(candidateCreated.statusCode).toBe(201);
    for (const res of [preflight, created, candidate, candidateCreated]) {
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });
});

describe('API_DOCS', () => {
  const docs = async (env: Record<string, string>) => {
    const app = await createTestApp(env, { sharing: t });
    try {
      return [
        (await app.app.inject({ url: '/api/docs/json' })).statusCode,
        (await app.app.inject({ url: '/api/docs' })).statusCode,
      ];
    } finally {
      await app.close();
    }
  };

  it('serves /api/docs outside production unless switched off, and in production only when switched on', async () => {
    expect((await t.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
    expect(await docs({ NODE_ENV: 'production' })).toEqual([404, 404]);
    expect(await docs({ API_DOCS: 'false' })).toEqual([404, 404]);
    expect((await docs({ NODE_ENV: 'production', API_DOCS: 'true' }))[0]).toBe(200);
  });
});
