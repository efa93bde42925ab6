import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TDb, TTx } from '@hirecast/db/client';
import { billingCustomers, companies, jobs, planProducts, subscriptions } from '@hirecast/db/schema';
import {
  isGranting,
  resolvePlan,
  SUBSCRIPTION_STATUSES,
  type TSubscription,
  type TSubscriptionStatus,
} from '@hirecast/domain/billing';
import type { TPlan } from '@hirecast/domain/plan';

type TDbLike = TDb | TTx;
type TSubscriptionRow = typeof subscriptions.$inferSelect;

const GRANTING = SUBSCRIPTION_STATUSES.filter(isGranting);
const asStatus = (status: string) =>
  (SUBSCRIPTION_STATUSES as readonly string[]).includes(status)
    ? (status as TSubscriptionStatus)
    : 'incomplete';

/**
 * The company's current subscription: the granting one (the newest if a double checkout made two), else the
 * newest of any status (a cancelled one still shows what the company had).
 */
export async function findCurrentSubscription(db: TDbLike, companyId: string) {
  const [granting] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.companyId, companyId), inArray(subscriptions.status, [...GRANTING])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  if (granting) return granting;
  const [latest] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.companyId, companyId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return latest ?? null;
}

/**
 * The one place the server learns what a company may do (spec 1 §4 and §6 gates): publishing, the job editor's
 * video and application fields and pre-launch all take this TPlan. Works inside a transaction too.
 */
export async function companyPlan(db: TDbLike, companyId: string): Promise<TPlan> {
  const row = await findCurrentSubscription(db, companyId);
  const legacy = await legacyActiveJobLimit(db, companyId);
  if (!row) return resolvePlan(null, [], legacy);
  const products = await db.select().from(planProducts).where(eq(planProducts.id, row.productId));
  return resolvePlan(
    { productId: row.productId, jobs: row.jobs, status: asStatus(row.status) },
    products,
    legacy,
  );
}

/** Decision 025: the limit the company had before plans (migration 0017), or null. */
export async function legacyActiveJobLimit(db: TDbLike, companyId: string): Promise<number | null> {
  const [company] = await db
    .select({ limit: companies.legacyActiveJobLimit })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company?.limit ?? null;
}

/** spec 2 §3 Subscription as the web app reads it. */
export async function presentSubscription(
  db: TDbLike,
  row: TSubscriptionRow | null,
  companyId: string,
): Promise<TSubscription | null> {
  if (!row) return null;
  const [product] = await db.select().from(planProducts).where(eq(planProducts.id, row.productId));
  const [customer] = await db
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.companyId, companyId));
  const status = asStatus(row.status);
  const willChange = row.cancelAtPeriodEnd && isGranting(status);
  const periodEnd = row.currentPeriodEnd?.toISOString() ?? null;
  return {
    productId: row.productId,
    priceId: row.priceId,
    priceName: product?.name ?? row.productId,
    jobs: row.jobs,
    status,
    active: isGranting(status),
    stripeCustomerId: customer?.stripeCustomerId ?? row.stripeCustomerId,
    currentPeriodEnd: periodEnd,
    willChange,
    _next: willChange ? { at: periodEnd, changes: { cancel: true } } : null,
    paymentFailed: customer?.paymentFailedAt != null,
  };
}

export type { TSubscriptionRow };

// spec 1 §4: 'The company's active job count rises on opening and falls on deleting a non-first open job',
// and the job limit applies 'unless it is the first job'. So activeJobs is defined as the number of open jobs
// that are not the company's first job. It is recounted from the jobs (never incremented) in the transaction
// that changed them, so it cannot drift; closing a job frees its place too, as the definition implies.
export async function countActiveJobs(tx: TDbLike, companyId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), eq(jobs.status, 'open'), eq(jobs.isFirstJob, false)));
  return Number(row?.n ?? 0);
}
