import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/helper.ts';
import { openJob } from '../../support/apply-support.ts';
import { asMember } from '../../support/interview-support.ts';
import { startReceiver } from '../../support/webhooks-support.ts';

// Issue 35: the product's own wiring (composition/job-handlers.ts) with the jobs run in the API process: the
// relay, the 'webhook.deliver' jobs on the real queue, and fairness: company A's receiver holds every request,
// company B's event still arrives at once.
let t: Awaited<ReturnType<typeof createTestApp>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver((r) =>
    r.path === '/slow' ? { status: 200, delayMs: 4_000 } : { status: 204 },
  );
  t = await createTestApp({ QUEUE_INPROCESS: 'true', WEBHOOK_ALLOW_PRIVATE: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

async function companyWithHook(path: string) {
  const { job, company, adminToken } = await openJob(t.db, { isVideoOptional: true, isFirstJob: true });
  const admin = { token: adminToken, companyId: company.id };
  const res = await asMember(t.app, admin, 'POST', '/api/webhooks', {
    url: `${receiver.url}${path}`,
    events: ['job.closed', 'job.published'],
  });
  expect(res.statusCode).toBe(201);
  const toggle = (status: string) => asMember(t.app, admin, 'PATCH', `/api/job/${job.id}/status`, { status });
  return { toggle };
}

const at = (path: string) => receiver.received.filter((r) => r.path === path);
async function until(check: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await sleep(50);
  return check();
}

describe('delivery through the queue', () => {
  it("delivers every event; one company's hanging receiver does not hold up another's", async () => {
    const a = await companyWithHook('/slow');
    const b = await companyWithHook('/fast');
    // Company A: eight events, twice its cap of four, to a receiver that holds each for 4 s.
    for (let i = 0; i < 4; i++) {
      await a.toggle('closed');
      await a.toggle('open');
    }
    expect(await until(() => at('/slow').length >= 4, 20_000)).toBe(true);
    // A's four places are taken, each for 4 s; B's one event goes by.
    const sent = Date.now();
    await b.toggle('closed');
    expect(await until(() => at('/fast').length === 1, 10_000)).toBe(true);
    const tookMs = Date.now() - sent;
    expect(tookMs).toBeLessThan(3_000);
    expect(at('/slow').length).toBeLessThan(8);
    // A's other four follow once its places free up: all eight, each once.
    expect(await until(() => at('/slow').length === 8, 30_000)).toBe(true);
    expect(new Set(at('/slow').map((r) => r.headers['webhook-id'])).size).toBe(8);
  });
});
