import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { TDb } from '@hirecast/db/client';
import { memberships, users, webhookDeliveries, webhookEndpoints, webhookEvents } from '@hirecast/db/schema';
import { ROLES } from '@hirecast/domain/constants';
import {
  chatMessageOf,
  payloadForDelivery,
  slackMessage,
  teamsMessage,
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_RESPONSE_SNIPPET,
  WEBHOOK_RETRY_SCHEDULE_MS,
  WEBHOOK_TEST_EVENT,
  webhookMessages,
  type TWebhookPayload,
} from '@hirecast/domain/webhooks';
import type { FastifyBaseLogger } from 'fastify';
import { renderEmail } from '../../lib/email-layout.ts';
import type { TMailService } from '../../lib/context.ts';
import type { TQueue } from '../../lib/queue/queue.ts';
import { safePost, SafeFetchError, type TResolve } from '../../lib/safe-fetch.ts';
import { signatureHeader } from './signing.ts';

// Issue 35 (decision 037): delivery. The relay hands due deliveries to the job queue, never more than
// COMPANY_CAP of one company at a time (queued or being delivered, counted in PostgreSQL so every process agrees),
// interleaved across companies; each 'webhook.deliver' job makes one attempt through the guarded fetch and,
// when it fails, schedules the next from the back-off schedule. A company whose receiver hangs holds at most
// COMPANY_CAP of the DELIVERY_CONCURRENCY places of a process: the others go on serving everybody else.

/** One company's deliveries in the queue or in flight, across every process. */
export const COMPANY_CAP = 4;
/** Deliveries one process runs at once. */
export const DELIVERY_CONCURRENCY = 10;
/** A delivery handed out this long ago and still not settled (a process that died) is handed out again. */
const STALE_AFTER = sql`interval '3 minutes'`;
const RELAY_BATCH = 500;
/** An arbitrary constant: the advisory lock that keeps two processes' relays from running at once. */
const RELAY_LOCK = 350_035;

export type TDeliveryDeps = {
  db: TDb;
  log: FastifyBaseLogger;
  mail: TMailService;
  /** The installation's address: links in payloads and chat messages. */
  baseUrl: string;
  allowPrivate: readonly string[];
  timeoutMs: number;
  /** Waits before each retry (tests and the bench shorten it). */
  schedule?: readonly number[];
  disableAfterMs?: number;
  now?: () => Date;
  resolve?: TResolve;
};

/**
 * Hands due deliveries to 'webhook.deliver', each company within COMPANY_CAP, in turns (every company's first,
 * then every company's second...). Answers how many were handed out.
 */
export async function relayDueDeliveries(
  db: TDb,
  queue: TQueue,
  { sweep = true }: { sweep?: boolean } = {},
): Promise<number> {
  // The common cases, nothing due or every company with something due already at its cap (a burst, whose places
  // pass on by themselves), cost one read and no transaction: a relay woken by every event stays cheap.
  const { rows: due } = await db.execute(sql`
    with inflight as (
      select company_id, count(*)::int as n from webhook_deliveries
      where state in ('queued', 'delivering') group by company_id
    )
    select 1 from webhook_deliveries d left join inflight on inflight.company_id = d.company_id
    where d.state = 'pending' and d.next_attempt_at <= now() and coalesce(inflight.n, 0) < ${COMPANY_CAP}
    limit 1`);
  if (due.length === 0 && !sweep) return 0;
  const claimed = await db.transaction(async (tx) => {
    // Waited for, never tried: a relay that gave up because a hand-on held the lock for a moment left what was
    // due waiting for its next poll.
    await tx.execute(sql`select pg_advisory_xact_lock(${RELAY_LOCK})`);
    // A process that died with deliveries in hand: they go back to pending.
    if (sweep)
      await tx
        .update(webhookDeliveries)
        .set({ state: 'pending' })
        .where(
          and(
            inArray(webhookDeliveries.state, ['queued', 'delivering']),
            lt(webhookDeliveries.queuedAt, sql`now() - ${STALE_AFTER}`),
          ),
        );
    if (due.length === 0) return [];
    const { rows } = await tx.execute<{ id: string; rn: number }>(sql`
      with inflight as (
        select company_id, count(*)::int as n from webhook_deliveries
        where state in ('queued', 'delivering') group by company_id
      ), due as (
        select d.id, d.company_id,
          row_number() over (partition by d.company_id order by d.next_attempt_at, d.created_at, d.id)::int as rn
        from webhook_deliveries d where d.state = 'pending' and d.next_attempt_at <= now()
      )
      select due.id, due.rn from due left join inflight on inflight.company_id = due.company_id
      where due.rn <= ${COMPANY_CAP} - coalesce(inflight.n, 0)
      order by due.rn, due.id limit ${RELAY_BATCH}`);
    if (rows.length === 0) return [];
    // Still pending: a place passing on (attemptDelivery, without this lock) may have just taken one.
    const queued = await tx
      .update(webhookDeliveries)
      .set({ state: 'queued', queuedAt: sql`now()` })
      .where(
        and(
          inArray(
            webhookDeliveries.id,
            rows.map((r) => r.id),
          ),
          eq(webhookDeliveries.state, 'pending'),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    const taken = new Set(queued.map((r) => r.id));
    return rows.map((r) => r.id).filter((id) => taken.has(id));
  });
  // In turns across companies: the queue serves them in this order.
  for (const deliveryId of claimed) await queue.send('webhook.deliver', { deliveryId });
  return claimed.length;
}

/**
 * After one of `companyId`'s deliveries settled, its free places go to the company's next due deliveries at once
 * (the relay would take a poll): the company keeps at most COMPANY_CAP in hand, and its next ones join the back
 * of the queue, behind every other company's. Under the relay's lock, waited for (many deliveries settle at the
 * same moment: a hand-on that gave up when another held the lock left its place empty until the next poll),
 * so the relay and the hand-ons never count a company's places at once. Answers how many were handed on.
 */
export async function handOnNext(db: TDb, queue: TQueue, companyId: string): Promise<number> {
  const next = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RELAY_LOCK})`);
    const { rows } = await tx.execute<{ id: string }>(sql`
      update webhook_deliveries set state = 'queued', queued_at = now()
      where state = 'pending' and id in (
        select id from webhook_deliveries
        where company_id = ${companyId} and state = 'pending' and next_attempt_at <= now()
        order by next_attempt_at, created_at, id
        limit greatest(0, ${COMPANY_CAP} - (select count(*) from webhook_deliveries
          where company_id = ${companyId} and state in ('queued', 'delivering')))
      )
      returning id`);
    return rows.map((r) => r.id);
  });
  for (const deliveryId of next) await queue.send('webhook.deliver', { deliveryId });
  return next.length;
}

export type TDeliveryOutcome = 'succeeded' | 'retrying' | 'failed' | 'skipped';

type TEndpointRow = typeof webhookEndpoints.$inferSelect;

/** The request of one delivery: the body (signed for webhooks) as the receiver gets it. */
export function deliveryRequest(
  endpoint: Pick<TEndpointRow, 'kind' | 'idsOnly' | 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>,
  event: { id: string; payload: TWebhookPayload },
  { baseUrl, now }: { baseUrl: string; now: Date },
) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'Hirecast-Webhooks/1.0',
  };
  if (endpoint.kind === 'slack' || endpoint.kind === 'teams') {
    const message = chatMessageOf(event.payload, { idsOnly: endpoint.idsOnly, baseUrl });
    const body = endpoint.kind === 'slack' ? slackMessage(message) : teamsMessage(message);
    return { headers, body: JSON.stringify(body) };
  }
  const body = JSON.stringify(payloadForDelivery(event.payload, baseUrl));
  const timestamp = Math.floor(now.getTime() / 1000);
  const secrets = [endpoint.secret ?? ''];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now)
    secrets.push(endpoint.previousSecret);
  headers['webhook-id'] = event.id;
  headers['webhook-timestamp'] = String(timestamp);
  headers['webhook-signature'] = signatureHeader(secrets, { id: event.id, timestamp, body });
  return { headers, body };
}

/** One attempt of one delivery handed out by the relay (its 'webhook.deliver' job). */
export async function deliverOnce(deps: TDeliveryDeps, deliveryId: string): Promise<TDeliveryOutcome> {
  return (await attemptDelivery(deps, deliveryId)).outcome;
}

/** What an attempt needs of its delivery. */
type TDeliveryRow = Pick<
  typeof webhookDeliveries.$inferSelect,
  'id' | 'companyId' | 'eventId' | 'endpointId' | 'attempts'
>;

export type TAttemptResult = {
  outcome: TDeliveryOutcome;
  /** Whose delivery it was (null when it was not this attempt's to make). */
  companyId: string | null;
  /** The company's next due delivery, already 'delivering': the place passed straight on (see `passOn`). */
  next: TDeliveryRow | null;
};

/**
 * deliverOnce for a delivery handed out ('queued', by id) or passed on ('delivering', its row). With `passOn`
 * answering true when the attempt is recorded, the same transaction takes the company's next due delivery into
 * the place it frees (the count of the company's places never dips, so no lock is needed): a run of one
 * company's deliveries costs no trip through the queue per delivery.
 */
export async function attemptDelivery(
  deps: TDeliveryDeps,
  handed: string | TDeliveryRow,
  { passOn }: { passOn?: () => boolean } = {},
): Promise<TAttemptResult> {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();
  const [delivery] =
    typeof handed === 'string'
      ? await db
          .update(webhookDeliveries)
          .set({ state: 'delivering', queuedAt: sql`now()` })
          .where(and(eq(webhookDeliveries.id, handed), eq(webhookDeliveries.state, 'queued')))
          .returning()
      : [handed];
  if (!delivery) return { outcome: 'skipped', companyId: null, next: null };
  const { companyId, id: deliveryId } = delivery;
  const [row] = await db
    .select({ endpoint: webhookEndpoints, event: webhookEvents })
    .from(webhookEndpoints)
    .innerJoin(webhookEvents, eq(webhookEvents.id, delivery.eventId))
    .where(eq(webhookEndpoints.id, delivery.endpointId));
  if (!row || !row.endpoint.enabled) {
    await db.update(webhookDeliveries).set({ state: 'failed' }).where(eq(webhookDeliveries.id, deliveryId));
    return { outcome: 'failed', companyId, next: null };
  }
  const { endpoint, event } = row;
  const attempt = delivery.attempts + 1;
  const request = deliveryRequest(endpoint, event, { baseUrl: deps.baseUrl, now: now() });
  const started = performance.now();
  let statusCode: number | null = null;
  let response = '';
  let error: string | null = null;
  try {
    const answer = await safePost(endpoint.url, {
      ...request,
      timeoutMs: deps.timeoutMs,
      allowPrivateHosts: deps.allowPrivate,
      resolve: deps.resolve,
      maxBytes: WEBHOOK_RESPONSE_SNIPPET * 4,
    });
    statusCode = answer.status;
    response = answer.body.slice(0, WEBHOOK_RESPONSE_SNIPPET);
    if (statusCode >= 300 && statusCode < 400) error = 'Redirects are not followed';
    else if (statusCode < 200 || statusCode >= 300) error = `The receiver answered ${statusCode}`;
  } catch (err) {
    error = err instanceof SafeFetchError ? err.message : 'The delivery failed';
    if (!(err instanceof SafeFetchError)) deps.log.warn({ err, deliveryId }, 'webhook delivery failed');
  }
  const durationMs = Math.round(performance.now() - started);
  const ok = error === null;
  const schedule = deps.schedule ?? WEBHOOK_RETRY_SCHEDULE_MS;
  // A test event is tried once: the person who pressed the button is looking at the log.
  const retryIn = !ok && event.type !== WEBHOOK_TEST_EVENT ? schedule[attempt - 1] : undefined;
  const state = ok ? 'succeeded' : retryIn !== undefined ? 'pending' : 'failed';
  const at = now();
  const nextAttemptAt = retryIn !== undefined ? new Date(at.getTime() + retryIn) : null;
  // One statement (one round trip, one transaction): the attempt recorded, the delivery settled and, when the
  // place passes on, the company's next due delivery taken into it, skipping one that another place is taking.
  const { rows: taken } = await db.execute<{
    id: string;
    company_id: string;
    event_id: string;
    endpoint_id: string;
    attempts: number;
  }>(sql`
    with attempt as (
      insert into webhook_attempts (delivery_id, attempt, status_code, duration_ms, response, error, created_at)
      values (${deliveryId}, ${attempt}, ${statusCode}, ${durationMs}, ${response}, ${error}, ${at})
    ), settled as (
      update webhook_deliveries
      set state = ${state}, attempts = ${attempt},
        delivered_at = case when ${ok} then ${at}::timestamptz else delivered_at end,
        next_attempt_at = coalesce(${nextAttemptAt}::timestamptz, next_attempt_at)
      where id = ${deliveryId}
    )
    update webhook_deliveries set state = 'delivering', queued_at = now()
    where ${passOn?.() ?? false} and id = (
      select id from webhook_deliveries
      where company_id = ${companyId} and state = 'pending' and next_attempt_at <= now() and id <> ${deliveryId}
      order by next_attempt_at, created_at, id limit 1 for update skip locked
    )
    returning id, company_id, event_id, endpoint_id, attempts`);
  const next = taken[0]
    ? {
        id: taken[0].id,
        companyId: taken[0].company_id,
        eventId: taken[0].event_id,
        endpointId: taken[0].endpoint_id,
        attempts: taken[0].attempts,
      }
    : null;
  if (ok) {
    if (endpoint.failingSince)
      await db
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(eq(webhookEndpoints.id, endpoint.id));
  } else await noteFailure(deps, endpoint, at);
  return { outcome: ok ? 'succeeded' : state === 'pending' ? 'retrying' : 'failed', companyId, next };
}

/** The endpoint is failing: from when, and after three days of nothing but failures it is disabled, once. */
async function noteFailure(deps: TDeliveryDeps, endpoint: TEndpointRow, at: Date) {
  const since = endpoint.failingSince ?? at;
  if (!endpoint.failingSince)
    await deps.db
      .update(webhookEndpoints)
      .set({ failingSince: at })
      .where(and(eq(webhookEndpoints.id, endpoint.id), sql`${webhookEndpoints.failingSince} is null`));
  if (at.getTime() - since.getTime() < (deps.disableAfterMs ?? WEBHOOK_DISABLE_AFTER_MS)) return;
  // Only the process that flips `enabled` sends the email.
  const [disabled] = await deps.db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: webhookMessages.disabledFailing, updatedAt: at })
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  if (!disabled) return;
  // Its deliveries still waiting go nowhere.
  await deps.db
    .update(webhookDeliveries)
    .set({ state: 'failed' })
    .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.state, 'pending')));
  const admins = await deps.db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, endpoint.companyId), eq(memberships.role, ROLES.admin)));
  const host = new URL(endpoint.url).host;
  const { text, html } = renderEmail({
    heading: 'A webhook was disabled',
    paragraphs: [
      `Hirecast could not deliver to ${host} for 3 days, so the ${endpoint.kind === 'webhook' ? 'webhook endpoint' : `${endpoint.kind === 'slack' ? 'Slack' : 'Teams'} channel`} is now disabled.`,
      'Check the receiver, then enable it again in Settings › Integrations. Events from now on will be delivered.',
    ],
    action: { label: 'Open Integrations', url: `${deps.baseUrl}/settings?tab=integrations` },
  });
  for (const admin of admins)
    await deps.mail
      .send({ to: admin.email, subject: 'A webhook was disabled', text, html })
      .catch((err: unknown) => deps.log.error({ err }, 'webhook disabled email not sent'));
}
