import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMessages } from '@hirecast/domain/application';
import { messages } from '@hirecast/domain/messages';
import { RATE_LIMITS } from '../../../src/lib/rate-limits.ts';
import { createTestApp } from '../../support/helper.ts';
import { apply, applyBody, openJob, snapshot } from '../../support/apply-support.ts';

// Rate limits are on here (the other apply tests switch them off with RATE_LIMIT_DISABLED).
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('rate limits of the candidate API', () => {
  it('takes many more applications than 10 an hour from one address: a job fair or a campus shares one', async () => {
    const { job } = await openJob(t.db, { isVideoOptional: true });
    const ip = '10.9.0.1';
    for (let i = 0; i < 40; i++)
      expect((await apply(t.app, job.shortId, applyBody(), ip)).statusCode, `application ${i + 1}`).toBe(201);
  });

  it(`refuses the address after ${RATE_LIMITS.apply.perIp.max} submissions within the hour`, async () => {
    const { job } = await openJob(t.db, { isVideoOptional: true });
    const ip = '10.9.0.3';
    // Every submission counts, refused ones too (they cost the server as much).
    for (let i = 0; i < RATE_LIMITS.apply.perIp.max; i++)
      expect((await apply(t.app, job.shortId, {}, ip)).statusCode).toBe(400);
    const before = await snapshot(t.db, job.id);
    const blocked = await apply(t.app, job.shortId, applyBody(), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: applyMessages.tooMany } });
    expect(await snapshot(t.db, job.id)).toEqual(before);
    // Another address is not affected.
    expect((await apply(t.app, job.shortId, applyBody(), '10.9.0.2')).statusCode).toBe(201);
  });

  it(`refuses one email on one job after ${RATE_LIMITS.apply.perEmailAndJob.max} attempts within the hour`, async () => {
    const { job } = await openJob(t.db, { isVideoOptional: true });
    const other = await openJob(t.db, { isVideoOptional: true });
    const body = applyBody();
    // The case of the address does not make it another one.
    const attempts = (i: number) => ({ ...body, email: i % 2 ? body.email.toUpperCase() : body.email });
    expect((await apply(t.app, job.shortId, attempts(0), '10.9.3.1')).statusCode).toBe(201);
    for (let i = 1; i < RATE_LIMITS.apply.perEmailAndJob.max; i++)
      expect((await apply(t.app, job.shortId, attempts(i), `10.9.3.${i + 1}`)).statusCode).toBe(409);
    const blocked = await apply(t.app, job.shortId, attempts(0), '10.9.3.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(applyMessages.tooManyForEmail);
    // The same person applies for another job, and someone else for this one.
    expect((await apply(t.app, other.job.shortId, body, '10.9.3.99')).statusCode).toBe(201);
    expect((await apply(t.app, job.shortId, applyBody(), '10.9.3.99')).statusCode).toBe(201);
  });

  it('limits the private link routes per address', async () => {
    const ip = '10.9.1.1';
    const get = () =>
      t.app.inject({ method: 'GET', url: `/api/public/application/${'a'.repeat(43)}`, remoteAddress: ip });
    for (let i = 0; i < 60; i++) expect((await get()).statusCode).toBe(404);
    const blocked = await get();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(messages.tooManyRequests);
  });

  it('limits upload URLs per address', async () => {
    const { job } = await openJob(t.db);
    const ip = '10.9.2.1';
    const sign = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/public/signed-url?content-type=application/pdf&job=${job.shortId}`,
        remoteAddress: ip,
      });
    for (let i = 0; i < 60; i++) expect((await sign()).statusCode).toBe(200);
    expect((await sign()).statusCode).toBe(429);
  });
});
