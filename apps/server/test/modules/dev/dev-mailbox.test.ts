import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hirecast/domain/messages';
import { loadConfig } from '../../../src/config.ts';
import { createTestApp } from '../../support/helper.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  for (const [to, subject] of [
    ['first@example.com', 'One'],
    ['Second@Example.com', 'Two'],
    ['first@example.com', 'Three'],
  ]) {
    await t.app.ctx.mail.send({
      to: to!,
      subject: subject!,
      text: `text ${subject}`,
      html: `<p>${subject}</p>`,
    });
    await new Promise((r) => setTimeout(r, 5));
  }
});
afterAll(() => t.close());

describe('GET /api/dev/mailbox', () => {
  it('lists the outbox newest first', async () => {
    const res = await t.app.inject({ url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((m: { subject: string }) => m.subject)).toEqual(['Three', 'Two', 'One']);
    expect(data[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      to: 'first@example.com',
      subject: 'Three',
      text: 'text Three',
      html: '<p>Three</p>',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('filters by recipient whatever the case, and limits', async () => {
    const second = await t.app.inject({ url: '/api/dev/mailbox?to=second@example.COM' });
    expect(second.json().data.map((m: { subject: string }) => m.subject)).toEqual(['Two']);
    const one = await t.app.inject({ url: '/api/dev/mailbox?limit=1' });
    expect(one.json().data).toHaveLength(1);
    for (const limit of ['0', '201', 'many']) {
      expect((await t.app.inject({ url: `/api/dev/mailbox?limit=${limit}` })).statusCode).toBe(400);
    }
  });
});

// Issue 12: the outbox holds password-reset links, so the mailbox fails closed. By default (DEV_MAILBOX=auto)
// it answers only this computer (a loopback socket, nothing forwarded: a reverse proxy on the same host
// connects from loopback for everyone), only outside production and only while no SMTP server is set.
describe('who may read the dev mailbox', () => {
  const read = (
    app: typeof t.app,
    options: { remoteAddress?: string; headers?: Record<string, string> } = {},
  ) => app.inject({ url: '/api/dev/mailbox', ...options });
  const notFound = { error: { code: 'NOT_FOUND', message: messages.notFound } };

  it('answers this computer over IPv4 and IPv6 loopback', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.0.1.1'])
      expect((await read(t.app, { remoteAddress })).statusCode, remoteAddress).toBe(200);
  });

  it('answers 404 to any other address, as if it did not exist', async () => {
    for (const remoteAddress of ['10.0.0.7', '192.168.1.20', '203.0.113.9', '::ffff:10.0.0.7', 'fe80::1']) {
      const res = await read(t.app, { remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
  });

  it('answers 404 to a loopback request that a proxy forwarded', async () => {
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=203.0.113.9;proto=https' },
      { 'x-real-ip': '203.0.113.9' },
    ] as Record<string, string>[]) {
      const res = await read(t.app, { remoteAddress: '127.0.0.1', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
    }
  });

  it('is gone when SMTP is configured, in production, or with DEV_MAILBOX=off', async () => {
    for (const env of [
      { SMTP_URL: 'smtp://127.0.0.1:2525' },
      { NODE_ENV: 'production' },
      { DEV_MAILBOX: 'off' },
    ] as Record<string, string>[]) {
      const other = await createTestApp(env, { sharing: t });
      try {
        expect((await read(other.app)).statusCode, JSON.stringify(env)).toBe(404);
      } finally {
        await other.close();
      }
    }
  });

  it('answers everyone with DEV_MAILBOX=on, SMTP or production notwithstanding', async () => {
    const open = await createTestApp(
      {
        DEV_MAILBOX: 'on',
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:2525',
      },
      { sharing: t },
    );
    try {
      const res = await read(open.app, {
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '198.51.100.1' },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });

  it('refuses a DEV_MAILBOX value it does not know', () => {
    expect(() => loadConfig({ DEV_MAILBOX: 'yes' })).toThrow(/DEV_MAILBOX/);
  });
});
