import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { webhookDeliveries } from '@hirecast/db/schema';
import type { TQueue } from '../../../src/lib/queue/queue.ts';
import { WEBHOOK_CHANNEL } from '../../../src/lib/webhooks/outbox.ts';
import {
  attemptDelivery,
  COMPANY_CAP,
  handOnNext,
  relayDueDeliveries,
} from '../../../src/modules/webhooks/delivery.ts';
import { webhookDeliveryDeps } from '../../../src/modules/webhooks/handlers.ts';
import { openJob } from '../../support/apply-support.ts';

import { asMember } from '../../support/interview-support.ts';
import { webhookTestBed } from '../../support/webhooks-support.ts';

// Issue 35 (decision 037), delivery latency: a committed event wakes the relay of every process that runs jobs
// (NOTIFY, heard on a connection of its own), and a delivery's place passes straight on to the company's next
// due delivery in the attempt's own transaction, never above the company's cap and never twice to one delivery.

const bed = webhookTestBed();

async function companyWithEvents(path: string, changes: number) {
  const { job, company, adminToken } = await openJob(bed.t.db, { isVideoOptional: true, isFirstJob: true });
  const admin = { token: adminToken, companyId: company.id };
  const res = await asMember(bed.t.app, admin, 'POST', '/api/webhooks', {
    url: `${bed.receiver.url}${path}`,
    events: ['job.closed', 'job.published'],
  });
  expect(res.statusCode).toBe(201);
  for (let i = 0; i < changes; i++) {
    const status = i % 2 === 0 ? 'closed' : 'open';
    expect(
      (await asMember(bed.t.app, admin, 'PATCH', `/api/job/${job.id}/status`, { status })).statusCode,
    ).toBe(200);
  }
  return company.id;
}

function collectingQueue(sent: string[]): TQueue {
  const unused = () => Promise.reject(new Error('not in tests'));
  return {
    send: async (_name, data) => {
      sent.push((data as { deliveryId: string }).deliveryId);
      return null;
    },
    work: unused,
    schedule: unused,
    start: async () => {},
    onStop: () => {},
    stop: async () => {},
  };
}

const inHand = async (companyId: string) =>
  (
    await bed.t.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.companyId, companyId),
          inArray(webhookDeliveries.state, ['queued', 'delivering']),
        ),
      )
  ).length;

describe('places', () => {
  it("passes a place on to the company's next due delivery, within the cap, each delivery once", async () => {
    const companyId = await companyWithEvents('/places', 10);
    const deps = webhookDeliveryDeps(bed.t.app.ctx);
    const sent: string[] = [];
    await relayDueDeliveries(bed.t.db, collectingQueue(sent));
    const mine = (
      await bed.t.db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.companyId, companyId))
    ).map((r) => r.id);
    const handed = sent.filter((id) => mine.includes(id));
    expect(handed).toHaveLength(COMPANY_CAP);
    expect(await inHand(companyId)).toBe(COMPANY_CAP);

    // One place runs through everything not handed out: each attempt takes the next into its place.
    let result = await attemptDelivery(deps, handed[0]!, { passOn: () => true });
    const run = [handed[0]];
    while (result.next) {
      const [taken] = await bed.t.db
        .select({ state: webhookDeliveries.state })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, result.next.id));
      expect(taken?.state).toBe('delivering');
      expect(await inHand(companyId)).toBe(COMPANY_CAP);
      run.push(result.next.id);
      result = await attemptDelivery(deps, result.next, { passOn: () => true });
    }
    expect(result.outcome).toBe('succeeded');
    expect(run).toHaveLength(10 - COMPANY_CAP + 1);
    // The place is free: the other three are still queued for their own jobs.
    expect(await inHand(companyId)).toBe(COMPANY_CAP - 1);
    for (const id of handed.slice(1))
      expect((await attemptDelivery(deps, id, { passOn: () => true })).next).toBeNull();
    // Nothing left to hand on, and a delivery already made is not made again.
    expect(await handOnNext(bed.t.db, collectingQueue([]), companyId)).toBe(0);
    expect((await attemptDelivery(deps, handed[0]!)).outcome).toBe('skipped');
    const ids = bed.receiver.received.filter((r) => r.path === '/places').map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
  });

  it('hands on every free place of the company, not only one', async () => {
    const companyId = await companyWithEvents('/hand-on', 6);
    // Nothing in hand yet (no relay ran for this company): a hand-on fills all its places.
    const sent: string[] = [];
    expect(await handOnNext(bed.t.db, collectingQueue(sent), companyId)).toBe(COMPANY_CAP);
    expect(sent).toHaveLength(COMPANY_CAP);
    expect(await inHand(companyId)).toBe(COMPANY_CAP);
    expect(await handOnNext(bed.t.db, collectingQueue([]), companyId)).toBe(0);
  });

  it("wakes a listener when an event is committed, on a connection of the listener's own", async () => {
    let heard = 0;
    const stop = bed.t.app.ctx.notifications.listen(WEBHOOK_CHANNEL, () => (heard += 1));
    try {
      // The listening connection opens with the first listener, and then calls it once (anything announced
      // before it listened).
      const up = Date.now() + 10_000;
      while (heard === 0 && Date.now() < up) await new Promise((r) => setTimeout(r, 50));
      const before = heard;
      await companyWithEvents('/wake', 1);
      const deadline = Date.now() + 5_000;
      while (heard === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(heard).toBeGreaterThan(before);
    } finally {
      stop();
    }
  });
});
