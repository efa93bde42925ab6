import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests, outboxEmails } from '@hirecast/db/schema';
import { messages } from '@hirecast/domain/messages';
import { createTestApp } from '../support/helper.ts';

type TReceived = { from: string; to: string[]; raw: string };

// A real SMTP peer on a random port (CONVENTIONS.md: prefer a real local peer to a mock).
async function startSmtp({ reject = false } = {}) {
  const received: TReceived[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (reject) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { server, port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const contact = {
  name: 'Grace Hopper',
  email: 'grace@navy.example',
  subject: 'Demo please',
  message: 'Call me',
};

describe('SMTP delivery', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
      CONTACT_EMAIL: 'support@hirecast.test',
      MAIL_FROM: 'Hirecast <no-reply@hirecast.test>',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the contact email over SMTP and records sentAt', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/email/contact', payload: contact });
    expect(res.statusCode).toBe(200);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toBe('no-reply@hirecast.test');
    expect(mail.to).toEqual(['support@hirecast.test']);
    expect(mail.raw).toMatch(/^Subject: Contact request: Demo please$/m);
    expect(mail.raw).toMatch(/^Reply-To: grace@navy\.example$/m);
    expect(mail.raw).toContain('From: Grace Hopper <grace@navy.example>');
    expect(mail.raw).toContain('Call me');
    const [row] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'support@hirecast.test'));
    expect(row).toMatchObject({ transport: 'smtp', error: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });
});

describe('SMTP failure', () => {
  it('records the error on the outbox row and answers the spec failure message without internals', async () => {
    const smtp = await startSmtp({ reject: true });
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/email/contact', payload: contact });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: messages.contactFailure } });
      expect(res.body).not.toContain('550');
      const [row] = await t.db.select().from(outboxEmails);
      expect(row!.sentAt).toBeNull();
      expect(row!.error).toContain('Mailbox unavailable');
      // The request itself is kept, so nothing the person wrote is lost.
      expect(await t.db.select().from(contactRequests)).toHaveLength(1);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
