import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helper.ts';

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

  it('is not registered in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      const res = await prod.app.inject({ url: '/api/dev/mailbox' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
