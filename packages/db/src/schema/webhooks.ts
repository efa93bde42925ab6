import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TWebhookPayload } from '@hirecast/domain/webhooks';
import { companies } from './companies.ts';

// Issue 35: webhooks and Slack / Teams channels (docs/decisions/037-webhooks.md). One table of endpoints for
// the three kinds, one outbox of events written in the transaction of the change they report, one row per
// (event, endpoint) delivery, and its attempts (the delivery log).
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // webhook, slack, teams (WEBHOOK_KINDS).
    kind: text().notNull().default('webhook'),
    url: text().notNull(),
    description: text().notNull().default(''),
    events: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Slack and Teams: one job's channel; null for every job.
    jobId: uuid(),
    idsOnly: boolean().notNull().default(false),
    enabled: boolean().notNull().default(true),
    disabledReason: text(),
    // Webhooks: `whsec_<base64>`; the previous one signs too until previousSecretExpiresAt (a rotation).
    secret: text(),
    previousSecret: text(),
    previousSecretExpiresAt: timestamp({ withTimezone: true }),
    // The first failure since the last success: three days of it disables the endpoint.
    failingSince: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.companyId)],
);

export const webhookEvents = pgTable(
  'webhook_events',
  {
    // The `webhook-id` of every delivery of the event: receivers drop repeats by it.
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    // Not a foreign key: the event outlives the application (application.erased).
    applicationId: uuid(),
    jobId: uuid(),
    payload: jsonb().$type<TWebhookPayload>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.applicationId), index().on(t.companyId, t.createdAt)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    companyId: uuid().notNull(),
    // pending (due at nextAttemptAt), queued (handed to the job queue) and delivering (an attempt running):
    // both count against the company's cap;
    // succeeded, failed (retries used up, or the endpoint gone or disabled).
    state: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    queuedAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.state, t.nextAttemptAt), index().on(t.endpointId, t.createdAt), index().on(t.eventId)],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    deliveryId: uuid()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer().notNull(),
    statusCode: integer(),
    durationMs: integer().notNull(),
    // The first WEBHOOK_RESPONSE_SNIPPET characters of the answer.
    response: text().notNull().default(''),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.deliveryId)],
);
