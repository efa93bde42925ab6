import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { billingCustomers, localBillingSessions } from '@hirecast/db/schema';
import { isGranting, monthlyPence, type TSubscriptionStatus } from '@hirecast/domain/billing';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { findProductByPrice } from './catalogue.ts';
import { assertPlanCoversLiveJobs } from './downgrade.ts';
import { applyBillingEvent } from './events.ts';
import { findCurrentSubscription, type TSubscriptionRow } from './plan.ts';
import type { TBillingProvider } from './provider.ts';
import type { TStripeEvent } from './stripe-objects.ts';

// The embedded payment provider (no Stripe keys): a test checkout and a billing portal served by the API
// (local-pages.ts). They raise the same events, in Stripe's shape, that Stripe's webhook delivers, through the
// same applyBillingEvent: what a newcomer clicks through locally is the code that runs with Stripe.

// Issue 23 item 7: the id in the URL is the key to the page, so it lives briefly (a checkout is filled in
// minutes; the portal is reopened from the app), and expired ones are deleted when the next one opens.
const SESSION_MINUTES = { checkout: 60, portal: 30 } as const;
const PERIOD_DAYS = 30;
const RETRY_DAYS = 3;
const token = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export const LOCAL_CHECKOUT_PATH = '/api/billing/test-checkout';
export const LOCAL_PORTAL_PATH = '/api/billing/test-portal';

export function createLocalProvider(ctx: TContext): TBillingProvider {
  const openSession = async (values: Omit<typeof localBillingSessions.$inferInsert, 'id' | 'expiresAt'>) => {
    const id = token(values.kind === 'checkout' ? 'cs_local' : 'bps_local');
    const now = new Date();
    await ctx.db.delete(localBillingSessions).where(lte(localBillingSessions.expiresAt, now));
    const expiresAt = new Date(now.getTime() + SESSION_MINUTES[values.kind] * 60_000);
    await ctx.db.insert(localBillingSessions).values({ ...values, id, expiresAt });
    return id;
  };
  return {
    kind: 'local',
    async createCheckout(input) {
      const id = await openSession({
        kind: 'checkout',
        companyId: input.companyId,
        userId: input.userId,
        priceId: input.priceId,
        jobs: input.jobs,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
      });
      return `${LOCAL_CHECKOUT_PATH}/${id}`;
    },
    async changeSubscription({ subscription, priceId, jobs, userId }) {
      await raiseSubscriptionEvent(ctx, subscription, {
        type: 'customer.subscription.updated',
        changes: { priceId, jobs, changedBy: userId },
      });
    },
    async cancelSubscription({ subscription, userId }) {
      await raiseSubscriptionEvent(ctx, subscription, {
        type: 'customer.subscription.deleted',
        changes: { changedBy: userId },
      });
    },
    async createPortal(input) {
      const id = await openSession({
        kind: 'portal',
        companyId: input.companyId,
        userId: input.userId,
        successUrl: input.returnUrl,
      });
      return `${LOCAL_PORTAL_PATH}/${id}`;
    },
  };
}

export async function findLocalSession(ctx: TContext, id: string, kind: 'checkout' | 'portal') {
  const [row] = await ctx.db
    .select()
    .from(localBillingSessions)
    .where(
      and(
        eq(localBillingSessions.id, id),
        eq(localBillingSessions.kind, kind),
        gt(localBillingSessions.expiresAt, new Date()),
        ...(kind === 'checkout' ? [isNull(localBillingSessions.usedAt)] : []),
      ),
    );
  return row ?? null;
}

type TSubscriptionObjectInput = {
  id: string;
  customer: string;
  itemId: string;
  priceId: string;
  jobs: number;
  status: string;
  cancelAtPeriodEnd: boolean;
  periodEnd: Date;
  metadata: Record<string, string>;
};

const subscriptionObject = (s: TSubscriptionObjectInput) => ({
  id: s.id,
  object: 'subscription',
  customer: s.customer,
  status: s.status,
  cancel_at_period_end: s.cancelAtPeriodEnd,
  metadata: s.metadata,
  items: {
    object: 'list',
    data: [
      {
        id: s.itemId,
        object: 'subscription_item',
        quantity: s.jobs,
        current_period_end: seconds(s.periodEnd),
        price: { id: s.priceId, object: 'price' },
      },
    ],
  },
});

const event = (type: string, object: Record<string, unknown>, previous?: Record<string, unknown>) =>
  ({
    id: token('evt_local'),
    type,
    created: seconds(new Date()),
    data: { object, ...(previous && { previous_attributes: previous }) },
  }) satisfies TStripeEvent;

/**
 * The test card was accepted: the same events Stripe sends after a paid Checkout, in its order. The session
 * is used once (a second submit of the form does nothing).
 */
export async function completeLocalCheckout(
  ctx: TContext,
  session: typeof localBillingSessions.$inferSelect,
) {
  const [claimed] = await ctx.db
    .update(localBillingSessions)
    .set({ usedAt: new Date() })
    .where(and(eq(localBillingSessions.id, session.id), isNull(localBillingSessions.usedAt)))
    .returning();
  if (!claimed) return false;
  // Two checkouts opened in two tabs: the second payment does not make a second plan.
  const current = await findCurrentSubscription(ctx.db, session.companyId);
  if (current && isGranting(current.status as TSubscriptionStatus)) return false;
  const [known] = await ctx.db
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.companyId, session.companyId));
  const customer = known?.stripeCustomerId ?? token('cus_local');
  const subscriptionId = token('sub_local');
  const metadata = { companyId: session.companyId, ...(session.userId && { changedBy: session.userId }) };
  await applyBillingEvent(
    ctx,
    event('checkout.session.completed', {
      id: session.id,
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: session.companyId,
      customer,
      subscription: subscriptionId,
      metadata,
    }),
  );
  await applyBillingEvent(
    ctx,
    event(
      'customer.subscription.created',
      subscriptionObject({
        id: subscriptionId,
        customer,
        itemId: token('si_local'),
        priceId: session.priceId!,
        jobs: session.jobs!,
        status: 'active',
        cancelAtPeriodEnd: false,
        periodEnd: new Date(Date.now() + PERIOD_DAYS * 86_400_000),
        metadata,
      }),
    ),
  );
  await applyBillingEvent(ctx, event('invoice.paid', { id: token('in_local'), object: 'invoice', customer }));
  return true;
}

export type TLocalChange = {
  type: 'customer.subscription.updated' | 'customer.subscription.deleted';
  changes: {
    priceId?: string;
    jobs?: number;
    cancelAtPeriodEnd?: boolean;
    changedBy?: string;
    periodEnd?: Date;
  };
};

/** A change made through the embedded provider, raised as Stripe's subscription event. */
export async function raiseSubscriptionEvent(ctx: TContext, row: TSubscriptionRow, change: TLocalChange) {
  const { changes } = change;
  const metadata: Record<string, string> = { companyId: row.companyId };
  // As with Stripe: our own plan change names its admin in metadata; a portal change does not.
  if (changes.changedBy) Object.assign(metadata, { changedBy: changes.changedBy, changeId: token('chg') });
  const object = subscriptionObject({
    id: row.stripeSubscriptionId,
    customer: row.stripeCustomerId,
    itemId: row.stripeItemId,
    priceId: changes.priceId ?? row.priceId,
    jobs: changes.jobs ?? row.jobs,
    status: change.type === 'customer.subscription.deleted' ? 'canceled' : row.status,
    cancelAtPeriodEnd: changes.cancelAtPeriodEnd ?? row.cancelAtPeriodEnd,
    periodEnd: changes.periodEnd ?? row.currentPeriodEnd ?? new Date(Date.now() + PERIOD_DAYS * 86_400_000),
    metadata,
  });
  return applyBillingEvent(ctx, event(change.type, object, changes.changedBy ? { metadata: {} } : {}));
}

export type TPortalAction =
  'change' | 'cancel-at-period-end' | 'resume' | 'cancel-now' | 'fail-payment' | 'pay';

/**
 * What the local portal's buttons do, on the company's current subscription only. Answers the refusal to show
 * on the page when a change would leave more jobs live than the plan allows (as POST /billing/update does).
 */
export async function runPortalAction(
  ctx: TContext,
  {
    companyId,
    action,
    priceId,
    jobs,
  }: { companyId: string; action: TPortalAction; priceId?: string; jobs?: number },
): Promise<{ refused?: string }> {
  const current = await findCurrentSubscription(ctx.db, companyId);
  if (action === 'fail-payment' || action === 'pay') {
    const [customer] = await ctx.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.companyId, companyId));
    if (!customer) return {};
    const product = current ? await findProductByPrice(ctx.db, current.priceId) : null;
    const amount = product && current ? monthlyPence(product.prices, current.jobs) : null;
    const invoice = {
      id: token('in_local'),
      object: 'invoice',
      customer: customer.stripeCustomerId,
      subscription: current?.stripeSubscriptionId ?? null,
    };
    if (action === 'fail-payment') {
      // As Stripe's smart retries: the payment is tried again a few days later.
      const retry = new Date(Date.now() + RETRY_DAYS * 86_400_000);
      await applyBillingEvent(
        ctx,
        event('invoice.payment_failed', {
          ...invoice,
          billing_reason: 'subscription_cycle',
          amount_due: amount,
          next_payment_attempt: seconds(retry),
        }),
      );
      return {};
    }
    // A successful renewal: the invoice of the next period is paid, then the subscription moves on a period.
    const periodEnd = new Date(
      Math.max(current?.currentPeriodEnd?.getTime() ?? 0, Date.now()) + PERIOD_DAYS * 86_400_000,
    );
    await applyBillingEvent(
      ctx,
      event('invoice.paid', {
        ...invoice,
        billing_reason: current ? 'subscription_cycle' : 'manual',
        amount_paid: amount,
        lines: { object: 'list', data: [{ period: { end: seconds(periodEnd) } }] },
      }),
    );
    if (current && isGranting(current.status as TSubscriptionStatus)) {
      await raiseSubscriptionEvent(ctx, current, {
        type: 'customer.subscription.updated',
        changes: { periodEnd },
      });
    }
    return {};
  }
  if (!current || current.status === 'canceled') return {};
  const updated = 'customer.subscription.updated' as const;
  switch (action) {
    case 'change': {
      const product = priceId ? await findProductByPrice(ctx.db, priceId) : null;
      if (!product?.offered || !jobs || monthlyPence(product.prices, jobs) === null) return {};
      try {
        await assertPlanCoversLiveJobs(ctx, { current, priceId: product.priceId, jobs });
      } catch (err) {
        if (err instanceof AppError) return { refused: err.message };
        throw err;
      }
      await raiseSubscriptionEvent(ctx, current, {
        type: updated,
        changes: { priceId: product.priceId, jobs },
      });
      return {};
    }
    case 'cancel-at-period-end':
      await raiseSubscriptionEvent(ctx, current, { type: updated, changes: { cancelAtPeriodEnd: true } });
      return {};
    case 'resume':
      await raiseSubscriptionEvent(ctx, current, { type: updated, changes: { cancelAtPeriodEnd: false } });
      return {};
    case 'cancel-now':
      await raiseSubscriptionEvent(ctx, current, { type: 'customer.subscription.deleted', changes: {} });
      return {};
  }
}
