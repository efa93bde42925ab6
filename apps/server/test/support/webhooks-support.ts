import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { TDb } from '@hirecast/db/client';
import { webhookDeliveries } from '@hirecast/db/schema';
import type { TApp } from '../../src/app.ts';
import type { TQueue } from '../../src/lib/queue/queue.ts';
import {
  deliverOnce,
  relayDueDeliveries,
  type TDeliveryDeps,
  type TDeliveryOutcome,
} from '../../src/modules/webhooks/delivery.ts';
import { webhookDeliveryDeps } from '../../src/modules/webhooks/handlers.ts';
import { createTestApp } from './helper.ts';

// Issue 35: a webhook receiver on 127.0.0.1 speaking plain HTTP as any receiver would (its answer chosen by the
// test), and the delivery driven step by step: the relay hands deliveries out to a queue that only collects
// them, and each is delivered by the function the 'webhook.deliver' job runs. No real hours pass: a retry comes
// due when the test moves `next_attempt_at`, or with a schedule of zeros.

export type TReceived = { path: string; headers: IncomingHttpHeaders; body: string };
export type TAnswer = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number };

export async function startReceiver(answer: (req: TReceived) => TAnswer = () => ({ status: 204 })) {
  const received: TReceived[] = [];
  let answerWith = answer;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got = {
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(got);
      const a = answerWith(got);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(a.status, { 'content-type': 'text/plain', ...a.headers });
        res.end(a.body ?? '');
      };
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (next: (req: TReceived) => TAnswer) => void (answerWith = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A queue that collects what the relay sends instead of running it. */
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

/** Relays and delivers everything due now, until nothing is; answers each delivery's outcome in order. */
export async function drain(
  app: TApp,
  overrides: Partial<TDeliveryDeps> = {},
): Promise<{ id: string; outcome: TDeliveryOutcome }[]> {
  const deps = { ...webhookDeliveryDeps(app.ctx), ...overrides };
  const outcomes: { id: string; outcome: TDeliveryOutcome }[] = [];
  for (;;) {
    const sent: string[] = [];
    await relayDueDeliveries(deps.db, collectingQueue(sent));
    if (sent.length === 0) return outcomes;
    for (const id of sent) outcomes.push({ id, outcome: await deliverOnce(deps, id) });
  }
}

/** Every pending retry comes due now (as if its wait had passed). */
export async function fastForward(db: TDb) {
  await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(webhookDeliveries.state, 'pending'));
}

/**
 * For one test file: a receiver (answering 204) and an app allowed to deliver to it (`allow`, the
 * WEBHOOK_ALLOW_PRIVATE it runs with), started before the file's tests and closed after them.
 */
export function webhookTestBed(allow = '127.0.0.1') {
  const bed = {} as {
    t: Awaited<ReturnType<typeof createTestApp>>;
    receiver: Awaited<ReturnType<typeof startReceiver>>;
  };
  beforeAll(async () => {
    bed.receiver = await startReceiver();
    bed.t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: allow });
  });
  afterAll(async () => {
    await bed.t?.close();
    await bed.receiver?.close();
  });
  return bed;
}
