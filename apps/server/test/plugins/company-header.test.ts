import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@hirecast/db/schema';
import { messages } from '@hirecast/domain/messages';
import { signUpBody } from '../support/accounts-support.ts';
import { bearer, createTestApp } from '../support/helper.ts';
import { companyWithMember } from '../support/sessions.ts';

// Issue 23 item 7: an X-Company-Id that is not a company id answers in the API's own error shape, instead of
// being ignored (the request went on for the caller's first company) or refused by Fastify in its own shape.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const invalid = ['not-a-uuid', '-'.repeat(36), `${'0'.repeat(35)}z`, "' or 1=1 --", 'x'.repeat(300)];

describe('X-Company-Id', () => {
  it.each(invalid)('answers 400 in the API error shape for %j, on reads and writes', async (value) => {
    const { token } = await companyWithMember(t.db);
    for (const [method, url] of [
      ['GET', '/api/job'],
      ['GET', '/api/manager/me'],
      ['GET', '/api/signed-url?content-type=image/png'],
      ['POST', '/api/company/questions'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { ...bearer(token), 'x-company-id': value },
        ...(method === 'POST' && { payload: { text: 'Why us?' } }),
      });
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json()).toEqual({
        error: {
          code: 'VALIDATION',
          message: messages.companyHeaderInvalid,
          fields: { 'x-company-id': messages.companyHeaderInvalid },
        },
      });
    }
  });

  it('refuses a malformed header at sign-up before the account is made', async () => {
    const body = signUpBody();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/manager/signup/email',
      headers: { 'x-company-id': 'not-a-uuid' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.companyHeaderInvalid);
    expect(await t.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
  });

  it('still takes a company id in any case, and a stranger company answers 404 as before', async () => {
    const { token, company } = await companyWithMember(t.db);
    const other = await companyWithMember(t.db);
    const own = await t.app.inject({
      url: '/api/manager/me',
      headers: { ...bearer(token), 'x-company-id': company.id.toUpperCase() },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data._company).toBe(company.id);
    const stranger = await t.app.inject({
      url: '/api/job',
      headers: { ...bearer(token), 'x-company-id': other.company.id },
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('NOT_FOUND');
  });

  it('ignores a damaged company-id cookie (the web app replaces it) and an empty header', async () => {
    const { token, company } = await companyWithMember(t.db);
    const res = await t.app.inject({
      url: '/api/manager/me',
      headers: { ...bearer(token), 'x-company-id': '' },
      cookies: { 'company-id': 'undefined' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data._company).toBe(company.id);
  });

  it('answers a header the HTTP parser refuses (a control character) in the same shape', async () => {
    const { token } = await companyWithMember(t.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      let out = '';
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write(
          `GET /api/job HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
            `X-Company-Id: \u0001abc\r\nConnection: close\r\n\r\n`,
        ),
      );
      socket.on('data', (chunk) => (out += chunk.toString('utf8')));
      socket.on('close', () => resolve(out));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(body)).toEqual({ error: { code: 'VALIDATION', message: messages.requestUnreadable } });
  });
});
