import type { TContext } from '../../lib/context.ts';
import type { TNotifications } from '../../lib/notifications.ts';
import type { TQueue } from '../../lib/queue/queue.ts';
import { WEBHOOK_CHANNEL } from '../../lib/webhooks/outbox.ts';
import {
  attemptDelivery,
  handOnNext,
  DELIVERY_CONCURRENCY,
  relayDueDeliveries,
  type TDeliveryDeps,
  type TDeliveryOutcome,
} from './delivery.ts';

/**
 * How often a process with job handlers looks for due deliveries when nothing wakes it (retries coming due; a
 * notification missed). A committed event wakes it at once (WEBHOOK_CHANNEL).
 */
const RELAY_EVERY_MS = 250;
/**
 * How long one 'webhook.deliver' job goes on with its company's next due deliveries before it hands the place
 * back to the queue: a company's burst costs one trip through the queue per this long, not per delivery, and
 * waits at most this long (plus one attempt) before another company's job gets the process's place.
 */
const PLACE_RUN_MS = 500;
/** Wake-ups closer together than this share one relay: a burst of events is handed out in batches. */
const RELAY_GAP_MS = 50;
/** How often it also hands out again what a dead process left in hand. */
const SWEEP_EVERY_MS = 30_000;

export function webhookDeliveryDeps(ctx: TContext): TDeliveryDeps & { notifications?: TNotifications } {
  return {
    notifications: ctx.notifications,
    db: ctx.db,
    log: ctx.log,
    mail: ctx.mail,
    baseUrl: ctx.config.publicUrl,
    allowPrivate: ctx.config.webhooks.allowPrivate,
    timeoutMs: ctx.config.webhooks.timeoutMs,
  };
}

/**
 * Registers 'webhook.deliver' (DELIVERY_CONCURRENCY at once in this process) and this process's relay loop,
 * which ends when the queue stops (decision 037). `deps` and `onResult` are for tests and the bench.
 */
export async function registerWebhookDelivery(
  queue: TQueue,
  deps: TDeliveryDeps & { notifications?: TNotifications },
  options: { onResult?: (deliveryId: string, outcome: TDeliveryOutcome) => void } = {},
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  let again = false;
  let lastSweep = 0;
  let lastRelay = 0;
  const relay = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    const wait = lastRelay + RELAY_GAP_MS - Date.now();
    if (wait > 0) {
      timer = setTimeout(relay, wait);
      return;
    }
    lastRelay = Date.now();
    const sweep = Date.now() - lastSweep > SWEEP_EVERY_MS;
    if (sweep) lastSweep = Date.now();
    running = relayDueDeliveries(deps.db, queue, { sweep })
      .catch((err: unknown) => deps.log.error({ err }, 'webhook relay failed'))
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          relay();
        } else timer = setTimeout(relay, RELAY_EVERY_MS);
      });
  };
  // Another process (the API that made the change) committed an event: hand it out now, not at the next poll.
  const unlisten = deps.notifications?.listen(WEBHOOK_CHANNEL, relay);
  queue.onStop(() => {
    stopped = true;
    clearTimeout(timer);
    unlisten?.();
  });
  await queue.work(
    'webhook.deliver',
    async ({ deliveryId }, { signal }) => {
      // Decision 037: the place goes on to the company's next due delivery in the same job for up to PLACE_RUN_MS;
      // then (or when nothing is due) it is handed on through the queue, behind every other company's.
      const until = Date.now() + PLACE_RUN_MS;
      const passOn = () => !stopped && !signal.aborted && Date.now() < until;
      let result = await attemptDelivery(deps, deliveryId, { passOn });
      options.onResult?.(deliveryId, result.outcome);
      const { companyId } = result;
      while (result.next) {
        const next = result.next;
        result = await attemptDelivery(deps, next, { passOn });
        options.onResult?.(next.id, result.outcome);
      }
      // Its place is free again: the company's next delivery goes out now, not at the relay's next poll.
      if (companyId)
        await handOnNext(deps.db, queue, companyId).catch((err: unknown) => {
          deps.log.error({ err }, 'webhook hand-on failed');
        });
      return result.outcome;
    },
    { concurrency: DELIVERY_CONCURRENCY },
  );
  relay();
}
