import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@hirecast/db/factories';
import { messages } from '@hirecast/domain/messages';
import { bearer, createTestApp } from '../../support/helper.ts';
import { countUsers, emailsTo, signUpBody, uniqueEmail } from '../../support/accounts-support.ts';

// Rate limits are on here (the other accounts tests switch them off with RATE_LIMIT_DISABLED).
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const tooMany = { error: { code: 'TOO_MANY_REQUESTS', message: messages.tooManyRequests } };

const signIn = (email: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/manager/signin/email',
    payload: { email, password: 'wrong-password' },
    remoteAddress,
  });

describe('rate limits', () => {
  it('answers 429 to the 26th sign-in from one IP within 5 minutes, and not to another IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 25; i++) expect((await signIn(uniqueEmail('ip'), ip)).statusCode).toBe(401);
    const blocked = await signIn(uniqueEmail('ip'), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(tooMany);
    expect((await signIn(uniqueEmail('ip'), freshIp())).statusCode).toBe(401);
  });

  it('answers 429 to the 26th sign-in for one email, even from different IPs', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('target') });
    for (let i = 0; i < 25; i++) expect((await signIn(user.email, freshIp())).statusCode).toBe(401);
    const blocked = await signIn(user.email.toUpperCase(), freshIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(tooMany);
    // The right password does not get through either while the email is limited.
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/manager/signin/email',
      payload: { email: user.email, password: user.password },
      remoteAddress: freshIp(),
    });
    expect(right.statusCode).toBe(429);
  });

  it('allows 10 sign-ups per hour from one IP', async () => {
    const ip = freshIp();
    // Failed attempts count too: ten invalid bodies use the allowance.
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/manager/signup/email',
        payload: signUpBody({ password: '1' }),
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(400);
    }
    const before = await countUsers(t.db);
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/manager/signup/email',
      payload: signUpBody(),
      remoteAddress: ip,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(tooMany);
    expect(await countUsers(t.db)).toBe(before);
  });

  it('allows 5 reset emails per 15 minutes per address', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('forgetful') });
    const forgot = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/manager/forgot/password',
        payload: { email: user.email },
        remoteAddress: freshIp(),
      });
    for (let i = 0; i < 5; i++) expect((await forgot()).statusCode).toBe(200);
    const blocked = await forgot();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(tooMany);
    expect(await emailsTo(t.db, user.email)).toHaveLength(5);
  });

  it('allows 20 reset requests per 15 minutes per IP', async () => {
    const ip = freshIp();
    const forgot = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/manager/forgot/password',
        payload: { email: uniqueEmail('ghost') },
        remoteAddress: ip,
      });
    for (let i = 0; i < 20; i++) expect((await forgot()).statusCode).toBe(404);
    expect((await forgot()).statusCode).toBe(429);
  });

  it('allows 5 verification emails per 15 minutes per user', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('impatient'), verified: false });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/manager/signin/email',
      payload: { email: user.email, password: user.password },
      remoteAddress: freshIp(),
    });
    const token = login.json().data['access-token'] as string;
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/manager/signup/email/verify/send',
        headers: bearer(token),
        payload: {},
        remoteAddress: freshIp(),
      });
    for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(200);
    const blocked = await send();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(tooMany);
    expect(await emailsTo(t.db, user.email)).toHaveLength(5);
  });
});
