import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { companies } from './companies.ts';

export type TPlanPricesJson = Record<string, number | null>;
export type TPlanAllowsJson = { videoApplications: boolean; videoJobPosts: boolean; preLaunch: boolean };

// spec 2 §3 Plan product: the catalogue /plans shows and the plan gates read. Seeded at start when empty and
// replaced by `npm run plans:catalogue -w @hirecast/server -- <file.json>` (docs/decisions/017-billing.md).
export const planProducts = pgTable('plan_products', {
  /** A stable slug ('video-first-job-posts'): subscriptions point at it. */
  id: text().primaryKey(),
  /** The payment provider's price; the job count is its quantity. */
  priceId: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull(),
  borderColor: text().notNull(),
  prices: jsonb().$type<TPlanPricesJson>().notNull(),
  allows: jsonb().$type<TPlanAllowsJson>().notNull(),
  position: integer().notNull().default(0),
  /** false once a catalogue replacement left it out: kept for its subscribers, no longer offered. */
  offered: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const planFeatures = pgTable('plan_features', {
  id: uuid().primaryKey().defaultRandom(),
  position: integer().notNull(),
  category: text().notNull(),
  name: text().notNull(),
  description: text().notNull(),
  /** Product ids that include the feature. */
  plans: jsonb().$type<string[]>().notNull(),
  comingSoon: boolean().notNull().default(false),
  actionContent: text(),
});

// The company's customer at the payment provider, and the payment-failed flag (an invoice belongs to the
// customer; it is raised by invoice.payment_failed and cleared by invoice.paid).
export const billingCustomers = pgTable('billing_customers', {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  stripeCustomerId: text().notNull().unique(),
  paymentFailedAt: timestamp({ withTimezone: true }),
  /** Time of the newest invoice event applied (events may arrive out of order). */
  invoiceEventAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// spec 2 §3 Subscription. Written only by the provider's events (webhook, or the local test checkout and
// portal raising the same events). A company may have several over time; the granting one is current.
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    stripeSubscriptionId: text().notNull().unique(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    stripeCustomerId: text().notNull(),
    /** The subscription item whose price and quantity a plan change replaces. */
    stripeItemId: text().notNull(),
    productId: text().notNull(),
    priceId: text().notNull(),
    jobs: integer().notNull(),
    status: text().notNull(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    /** The event that wrote this state: its time and rank (created < updated < deleted) order late events. */
    lastEventAt: timestamp({ withTimezone: true }).notNull(),
    lastEventRank: smallint().notNull(),
    /** Issue 33: the jobs the admin chose to close when this plan ends (POST /billing/cancel); [] = the default. */
    closeJobIds: jsonb().$type<string[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_company_idx').on(t.companyId)],
);

// Every provider event once: a replayed id changes nothing (docs/decisions/017-billing.md).
export const billingEvents = pgTable('billing_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  companyId: uuid().references(() => companies.id, { onDelete: 'set null' }),
  /** applied | stale | ignored */
  outcome: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type TPlanChangeSide = {
  productId: string;
  priceName: string;
  jobs: number;
  status: string;
  /** Cancels at the end of the period. */
  willChange: boolean;
} | null;

// The audit trail of plan changes: who (null when made in the provider's portal), when, from, to.
export const planChanges = pgTable(
  'plan_changes',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    source: text().notNull(),
    eventId: text().notNull(),
    from: jsonb().$type<TPlanChangeSide>(),
    to: jsonb().$type<TPlanChangeSide>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_changes_company_idx').on(t.companyId, t.createdAt)],
);

// Custom plan requests (spec 2 §3), kept and mailed to CONTACT_EMAIL.
export const planRequests = pgTable('plan_requests', {
  id: uuid().primaryKey().defaultRandom(),
  companyId: uuid()
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  userId: uuid().references(() => users.id, { onDelete: 'set null' }),
  name: text().notNull(),
  email: text().notNull(),
  message: text(),
  plan: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// The embedded payment provider's checkout and portal sessions (without Stripe keys). The id is the secret of
// the page's URL, as with Stripe's own hosted pages; a session is used once and expires.
export const localBillingSessions = pgTable(
  'local_billing_sessions',
  {
    id: text().primaryKey(),
    kind: text({ enum: ['checkout', 'portal'] }).notNull(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    priceId: text(),
    jobs: integer(),
    successUrl: text(),
    cancelUrl: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Expired sessions are deleted when the next one opens (issue 23 item 7).
  (t) => [index('local_billing_sessions_expires_idx').on(t.expiresAt)],
);

/** The facts of a billing email (packages/domain/src/billing-notices.ts TBillingNoticeFacts). */
export type TBillingNoticeFactsJson = {
  kind: string;
  plan: string;
  amountPence: number | null;
  nextAt: string | null;
  closed?: { jobs: string[]; limit: number };
};

// Issue 23 item 3: one email to the admins per subscription change. The row is written in the transaction of
// the provider event that made the change, keyed by what makes the change one (the event, or the invoice of a
// renewal or a failed payment), so redeliveries and several API processes find it and send nothing more; the
// process that wrote it claims it and sends it after the commit.
export const billingNotices = pgTable(
  'billing_notices',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    facts: jsonb().$type<TBillingNoticeFactsJson>().notNull(),
    claimedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_notices_company_key_uq').on(t.companyId, t.key)],
);
