import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLY_LIMITS, applyMessages } from '@hirecast/domain/application';
import { messages } from '@hirecast/domain/messages';
import { createTestApp } from './helper.ts';
import { apply, applyBody, openJob, snapshot } from './apply-support.ts';

// Rate limits are on here (the other apply tests switch them off with RATE_LIMIT_DISABLED).
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('rate limits of the candidate API', () => {
  it(`refuses the submission after ${APPLY_LIMITS.submissionsPerHour} from one address within the hour`, async () => {
    const { job } = await openJob(t.db, { isVideoOptional: true });
    const ip = '10.9.0.1';
    for (let i = 0; i < APPLY_LIMITS.submissionsPerHour; i++)
      expect((await apply(t.app, job.shortId, applyBody(), ip)).statusCode).toBe(201);
    const before = await snapshot(t.db, job.id);
    const blocked = await apply(t.app, job.shortId, applyBody(), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: applyMessages.tooMany } });
    expect(await snapshot(t.db, job.id)).toEqual(before);
    // Another address is not affected.
    expect((await apply(t.app, job.shortId, applyBody(), '10.9.0.2')).statusCode).toBe(201);
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
