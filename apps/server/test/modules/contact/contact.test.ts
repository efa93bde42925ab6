import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests, outboxEmails } from '@hirecast/db/schema';
import { messages } from '@hirecast/domain/messages';
import { bearer, createTestApp } from '../../support/helper.ts';
import { signedInUser } from '../../support/sessions.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // The tests stand behind a proxy on this machine, so X-Forwarded-For picks the client address.
  t = await createTestApp({ CONTACT_EMAIL: 'help@hirecast.test', TRUST_PROXY: 'loopback' });
});
afterAll(() => t.close());

// Each test sends from its own address so the per-IP rate limit only bites where it is tested.
let ip = 0;
const nextIp = () => `10.0.0.${++ip}`;
const send = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/email/contact',
    headers: { 'x-forwarded-for': nextIp(), ...headers },
    payload: payload as object,
  });
const valid = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.com',
  subject: 'Pricing',
  message: 'How much is it?',
};
const countRequests = async () =>
  (await t.db.select({ id: contactRequests.id }).from(contactRequests)).length;

describe('POST /api/email/contact', () => {
  it('stores the request, mails the support address and answers the spec message', async () => {
    const res = await send({ ...valid, name: '  Ada Lovelace ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { message: 'Your message has been sent' } });
    const [row] = await t.db.select().from(contactRequests).orderBy(desc(contactRequests.createdAt)).limit(1);
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Pricing',
      message: 'How much is it?',
      userId: null,
    });
    const [mail] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'help@hirecast.test'));
    expect(mail!.subject).toBe('Contact request: Pricing');
    expect(mail!.text).toContain('From: Ada Lovelace <ada@example.com>');
    expect(mail!.text).toContain('How much is it?');
    expect(mail!.transport).toBe('outbox');
  });

  it('records the signed-in user and drops an empty message', async () => {
    const { token, user } = await signedInUser(t.db);
    const res = await send({ ...valid, subject: 'Signed in', message: '   ' }, bearer(token));
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(contactRequests).where(eq(contactRequests.subject, 'Signed in'));
    expect(row).toMatchObject({ userId: user.id, message: null });
  });

  it('escapes what people type in the HTML email', async () => {
    await send({ ...valid, subject: 'XSS', message: '<script>alert(1)</script>' });
    const [mail] = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.subject, 'Contact request: XSS'));
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['missing name', { name: undefined }, 'Please fill the required field: Name'],
    ['name of 56 characters', { name: 'n'.repeat(56) }, 'Name must be at most 55 characters'],
    ['missing email', { email: undefined }, 'Please fill the required field: Email'],
    ['invalid email', { email: 'ada-at-example' }, messages.contactEmailInvalid],
    ['email over 50 characters', { email: `${'a'.repeat(40)}@example.com` }, messages.contactEmailInvalid],
    ['missing subject', { subject: ' ' }, 'Please fill the required field: Subject'],
    ['subject of 91 characters', { subject: 's'.repeat(91) }, 'Subject must be at most 90 characters'],
    ['message of 251 characters', { message: 'm'.repeat(251) }, 'Message must be at most 250 characters'],
    ['a number for the subject', { subject: 7 }, 'Please fill the required field: Subject'],
  ];
  it.each(bad)('refuses %s with 400, stores and sends nothing', async (_label, overrides, message) => {
    const before = await countRequests();
    const mails = (await t.db.select().from(outboxEmails)).length;
    const res = await send({ ...valid, ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await countRequests()).toBe(before);
    expect((await t.db.select().from(outboxEmails)).length).toBe(mails);
  });

  it('allows 5 messages per 10 minutes from one address, then answers 429', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.50' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: '/api/email/contact', headers, payload: valid });
      statuses.push(res.statusCode);
      if (i === 5)
        expect(res.json().error).toEqual({ code: 'TOO_MANY_REQUESTS', message: messages.tooManyRequests });
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Another address is not affected.
    expect((await send(valid)).statusCode).toBe(200);
  });

  it('has no limit when RATE_LIMIT_DISABLED is set', async () => {
    const free = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    try {
      for (let i = 0; i < 7; i += 1) {
        const res = await free.app.inject({ method: 'POST', url: '/api/email/contact', payload: valid });
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await free.close();
    }
  });
});
