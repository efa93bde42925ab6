import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { TDbLike } from '@hirecast/db/client';
import {
  applications,
  jobs,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '@hirecast/db/schema';
import {
  buildApplicationEventData,
  buildJobEventData,
  buildPayload,
  scrubPayload,
  WEBHOOK_TEST_EVENT,
  type TPayloadInterview,
  type TWebhookEventType,
  type TWebhookPayload,
} from '@hirecast/domain/webhooks';

// Issue 35 (docs/decisions/037-webhooks.md): the outbox. Every change a webhook reports calls `recordEvent` with
// the transaction that makes the change, so the event exists exactly when the change does. It sits in lib/ so
// that every module (applications, interviews, jobs, privacy, public-apply) records through this one function
// without depending on the webhooks module, which delivers what is written here.

/** The channel a committed event is announced on: the relay wakes at once instead of at its next poll. */
export const WEBHOOK_CHANNEL = 'hirecast_webhooks';

type TApplicationEvent = {
  type: Extract<TWebhookEventType, `application.${string}` | `interview.${string}`>;
  applicationId: string;
  previousStatus?: string;
  interview?: TPayloadInterview;
};
type TJobEvent = { type: Extract<TWebhookEventType, `job.${string}`>; jobId: string };
export type TRecordEventInput = (TApplicationEvent | TJobEvent) & { at?: Date };

/**
 * Writes the event and one delivery per enabled endpoint of the company that wants it (webhooks by their chosen
 * events; Slack and Teams channels by theirs, for every job or the one they name). application.erased also
 * strips the person from the application's earlier events and from what receivers answered to them.
 * Answers the event id, or null when the application or job is not found.
 */
export async function recordEvent(tx: TDbLike, input: TRecordEventInput): Promise<string | null> {
  const at = input.at ?? new Date();
  let companyId: string;
  let jobId: string;
  let applicationId: string | null = null;
  let payload: TWebhookPayload;
  if ('applicationId' in input) {
    const [row] = await tx
      .select({
        id: applications.id,
        jobId: applications.jobId,
        companyId: applications.companyId,
        status: applications.status,
        firstName: applications.firstName,
        lastName: applications.lastName,
        title: jobs.title,
      })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .where(eq(applications.id, input.applicationId));
    if (!row) return null;
    ({ companyId, jobId } = row);
    applicationId = row.id;
    const data = buildApplicationEventData({
      type: input.type,
      application: row,
      job: { id: row.jobId, title: row.title },
      previousStatus: input.previousStatus,
      interview: input.interview,
    });
    payload = buildPayload(input.type, data, at);
    if (input.type === 'application.erased') await scrubApplicationEvents(tx, row.id);
  } else {
    const [job] = await tx
      .select({ id: jobs.id, companyId: jobs.companyId, title: jobs.title, status: jobs.status })
      .from(jobs)
      .where(eq(jobs.id, input.jobId));
    if (!job) return null;
    ({ companyId } = job);
    jobId = job.id;
    payload = buildPayload(input.type, buildJobEventData(job), at);
  }
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.companyId, companyId),
        eq(webhookEndpoints.enabled, true),
        sql`${input.type} = any(${webhookEndpoints.events})`,
        or(isNull(webhookEndpoints.jobId), eq(webhookEndpoints.jobId, jobId)),
      ),
    );
  const [event] = await tx
    .insert(webhookEvents)
    .values({ companyId, type: input.type, applicationId, jobId, payload, createdAt: at })
    .returning({ id: webhookEvents.id });
  if (endpoints.length > 0) {
    await tx
      .insert(webhookDeliveries)
      .values(endpoints.map((e) => ({ eventId: event!.id, endpointId: e.id, companyId })));
    await tx.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
  }
  return event!.id;
}

/** "Send test event" / "Send a test message": an event for one endpoint only. */
export async function recordTestEvent(tx: TDbLike, endpoint: { id: string; companyId: string }) {
  const payload = buildPayload(WEBHOOK_TEST_EVENT, { links: {} }, new Date());
  const [event] = await tx
    .insert(webhookEvents)
    .values({ companyId: endpoint.companyId, type: WEBHOOK_TEST_EVENT, payload })
    .returning({ id: webhookEvents.id });
  const [delivery] = await tx
    .insert(webhookDeliveries)
    .values({ eventId: event!.id, endpointId: endpoint.id, companyId: endpoint.companyId })
    .returning({ id: webhookDeliveries.id });
  await tx.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
  return { eventId: event!.id, deliveryId: delivery!.id };
}

/** Issue 35 item 4: the person leaves the stored payloads and the receivers' answers (which may echo them). */
async function scrubApplicationEvents(tx: TDbLike, applicationId: string) {
  const events = await tx
    .select({ id: webhookEvents.id, payload: webhookEvents.payload })
    .from(webhookEvents)
    .where(eq(webhookEvents.applicationId, applicationId));
  for (const event of events)
    await tx
      .update(webhookEvents)
      .set({ payload: scrubPayload(event.payload) })
      .where(eq(webhookEvents.id, event.id));
  if (events.length === 0) return;
  const deliveries = tx
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      inArray(
        webhookDeliveries.eventId,
        events.map((e) => e.id),
      ),
    );
  await tx
    .update(webhookAttempts)
    .set({ response: '' })
    .where(inArray(webhookAttempts.deliveryId, deliveries));
}

/** A change undone after its transaction (an invitation whose email failed): its event is not delivered. */
export async function discardEvent(tx: TDbLike, eventId: string) {
  await tx.delete(webhookEvents).where(eq(webhookEvents.id, eventId));
}
