import { eq } from 'drizzle-orm';
import type { TTx } from '@hirecast/db/client';
import type { z } from 'zod';
import { billingCustomers, billingEvents, companies, planChanges, subscriptions } from '@hirecast/db/schema';
import { subscriptionNoticeKind, type TBillingNoticeKind } from '@hirecast/domain/billing-notices';
import { UUID } from '@hirecast/domain/uuid';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { findProductByPrice } from './catalogue.ts';
import { deliverNotice, noticeFacts, recordNotice, type TNoticeDraft } from './notify.ts';
import { noticeSide, sideOf, userExists } from './event-sides.ts';
import { closeJobsOverPlan } from './plan-end.ts';
import { companyPlan, findCurrentSubscription } from './plan.ts';
import {
  ZStripeCheckoutSession,
  ZStripeEvent,
  ZStripeInvoice,
  ZStripeSubscription,
  type TStripeEvent,
  type TStripeSubscription,
} from './stripe-objects.ts';

type TOutcome = 'applied' | 'stale' | 'ignored';
export type TEventResult = { outcome: TOutcome | 'replay'; companyId: string | null };
type TApplied = { outcome: TOutcome; companyId: string | null; notice?: TNoticeDraft };

// Events of one subscription in the same second are ordered by what they can follow.
const RANK: Record<string, number> = {
  'customer.subscription.created': 0,
  'customer.subscription.updated': 1,
  'customer.subscription.deleted': 2,
};

/**
 * The only thing that changes a subscription (docs/decisions/017-billing.md). Each event id is recorded once
 * in the same transaction as its effect, so a replayed event is a no-op; a subscription keeps the time of the
 * event that wrote it, so an older event arriving late (updated before created) changes nothing.
 */
export async function applyBillingEvent(ctx: TContext, raw: TStripeEvent): Promise<TEventResult> {
  const parsed = ZStripeEvent.safeParse(raw);
  if (!parsed.success) throw new AppError('VALIDATION', 'This is not a Stripe event');
  const event = parsed.data;
  const at = new Date(event.created * 1000);
  const result = await ctx.db.transaction(async (tx): Promise<(TApplied & { noticeId?: string }) | null> => {
    const [fresh] = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type, outcome: 'pending', createdAt: at })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (!fresh) return null;
    const applied = await dispatch(tx, event, at);
    await tx
      .update(billingEvents)
      .set({ outcome: applied.outcome, companyId: applied.companyId })
      .where(eq(billingEvents.id, event.id));
    // The email of the change is written with it, keyed: a redelivery or a second process finds it.
    const noticeId =
      applied.notice && applied.companyId ? await recordNotice(tx, applied.companyId, applied.notice) : null;
    return { ...applied, ...(noticeId && { noticeId }) };
  });
  if (!result) return { outcome: 'replay', companyId: null };
  if (result.outcome !== 'applied') {
    ctx.log.warn(
      { eventId: event.id, type: event.type, outcome: result.outcome },
      'billing event not applied',
    );
  }
  // Told once: only the transaction that wrote the notice sends it.
  if (result.noticeId) await deliverNotice(ctx, result.noticeId);
  return { outcome: result.outcome, companyId: result.companyId };
}

// An object that does not read as expected is recorded as ignored (and logged), not retried for ever.
async function dispatch(tx: TTx, event: ReturnType<typeof ZStripeEvent.parse>, at: Date): Promise<TApplied> {
  const object = event.data.object;
  const ignored: TApplied = { outcome: 'ignored', companyId: null };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = ZStripeCheckoutSession.safeParse(object);
      return session.success ? checkoutCompleted(tx, session.data) : ignored;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = ZStripeSubscription.safeParse(object);
      if (!subscription.success) return ignored;
      const previous = event.data.previous_attributes;
      return subscriptionChanged(tx, {
        type: event.type,
        eventId: event.id,
        at,
        subscription: subscription.data,
        metadataChanged: Boolean(previous && 'metadata' in previous),
      });
    }
    case 'invoice.payment_failed':
    case 'invoice.paid': {
      const invoice = ZStripeInvoice.safeParse(object);
      if (!invoice.success) return ignored;
      return invoiceSettled(tx, {
        failed: event.type === 'invoice.payment_failed',
        at,
        invoice: invoice.data,
      });
    }
    default:
      return ignored;
  }
}

async function companyExists(tx: TTx, id: string | undefined | null) {
  if (!id || !UUID.test(id)) return false;
  const [row] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  return Boolean(row);
}

async function customerOwner(tx: TTx, customerId: string) {
  const [row] = await tx
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, customerId));
  return row ?? null;
}

/**
 * Which company a customer's event is for: the company our checkout named, which must not contradict the
 * customer already linked to another company (tenancy: one company's events never touch another's).
 */
async function resolveCompany(tx: TTx, { named, customerId }: { named?: string | null; customerId: string }) {
  const owner = await customerOwner(tx, customerId);
  if (owner) return named && named !== owner.companyId ? null : owner.companyId;
  if (!(await companyExists(tx, named))) return null;
  await tx
    .insert(billingCustomers)
    .values({ companyId: named!, stripeCustomerId: customerId })
    .onConflictDoNothing();
  // A company keeps its first customer: a second one (made by hand in Stripe) is not linked to it.
  const linked = await customerOwner(tx, customerId);
  return linked?.companyId ?? null;
}

async function checkoutCompleted(
  tx: TTx,
  session: z.output<typeof ZStripeCheckoutSession>,
): Promise<TApplied> {
  if (session.mode !== 'subscription' || !session.customer) return { outcome: 'ignored', companyId: null };
  const named = session.client_reference_id ?? session.metadata.companyId;
  const companyId = await resolveCompany(tx, { named, customerId: session.customer });
  return { outcome: companyId ? 'applied' : 'ignored', companyId };
}

async function subscriptionChanged(
  tx: TTx,
  input: {
    type: string;
    eventId: string;
    at: Date;
    subscription: TStripeSubscription;
    metadataChanged: boolean;
  },
): Promise<TApplied> {
  const { subscription: sub, at, type } = input;
  const rank = RANK[type] ?? 1;
  const [existing] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, sub.id))
    .for('update');
  const companyId = await resolveCompany(tx, { named: sub.metadata.companyId, customerId: sub.customer });
  if (!companyId || (existing && existing.companyId !== companyId))
    return { outcome: 'ignored', companyId: null };
  if (
    existing &&
    (existing.lastEventAt > at ||
      (existing.lastEventAt.getTime() === at.getTime() && existing.lastEventRank > rank))
  ) {
    return { outcome: 'stale', companyId };
  }
  const item = sub.items.data[0]!;
  const product = await findProductByPrice(tx, item.price.id);
  if (!product) return { outcome: 'ignored', companyId };
  const periodEnd = item.current_period_end ?? sub.current_period_end;
  const before = (await companyPlan(tx, companyId)).activeJobLimit;
  const state = {
    stripeCustomerId: sub.customer,
    stripeItemId: item.id,
    productId: product.id,
    priceId: item.price.id,
    jobs: item.quantity ?? 1,
    // A deleted subscription is over whatever status the object carries.
    status: type === 'customer.subscription.deleted' ? 'canceled' : sub.status,
    cancelAtPeriodEnd: sub.cancel_at_period_end ?? false,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    lastEventAt: at,
    lastEventRank: rank,
    updatedAt: new Date(),
  };
  if (existing) {
    await tx.update(subscriptions).set(state).where(eq(subscriptions.id, existing.id));
  } else {
    await tx.insert(subscriptions).values({ ...state, stripeSubscriptionId: sub.id, companyId });
  }
  // Issue 33 item 5: a plan that now allows fewer jobs than are live closes the ones over its limit. Only a
  // change of a plan the company had: a first subscription (from the free or the pre-plans limit) closes nothing.
  const closed = existing
    ? await closeJobsOverPlan(tx, { companyId, before, chosen: existing.closeJobIds })
    : null;
  const from = existing ? await sideOf(tx, existing) : null;
  const to = await sideOf(tx, state);
  let kind: TBillingNoticeKind | null = null;
  if (JSON.stringify(from) !== JSON.stringify(to)) {
    // Who: the admin our checkout or plan change named, when this very event carries it; else the change was
    // made in the provider's portal or by the provider (a renewal that failed, a cancellation at period end).
    const named =
      type === 'customer.subscription.created' || input.metadataChanged ? sub.metadata.changedBy : null;
    await tx.insert(planChanges).values({
      companyId,
      changedBy: (await userExists(tx, named)) ? named! : null,
      source: type,
      eventId: input.eventId,
      from,
      to,
    });
    kind = subscriptionNoticeKind(noticeSide(existing), noticeSide(state));
  }
  // One email per change, naming the jobs it closed.
  kind ??= closed ? 'jobs-closed' : null;
  const notice: TNoticeDraft | undefined = kind
    ? {
        key: `event:${input.eventId}`,
        facts: { ...(await noticeFacts(tx, { kind, row: state })), ...(closed && { closed }) },
      }
    : undefined;
  return { outcome: 'applied', companyId, ...(notice && { notice }) };
}

// invoice.payment_failed raises the company's payment-failed flag (banner + email); invoice.paid clears it, and
// a paid renewal (billing_reason subscription_cycle) is told by email too. One email per invoice: Stripe
// retrying a failed payment does not write again.
async function invoiceSettled(
  tx: TTx,
  { failed, at, invoice }: { failed: boolean; at: Date; invoice: z.output<typeof ZStripeInvoice> },
): Promise<TApplied> {
  const owner = await customerOwner(tx, invoice.customer);
  if (!owner) return { outcome: 'ignored', companyId: null };
  if (owner.invoiceEventAt && owner.invoiceEventAt > at)
    return { outcome: 'stale', companyId: owner.companyId };
  await tx
    .update(billingCustomers)
    .set({ paymentFailedAt: failed ? at : null, invoiceEventAt: at })
    .where(eq(billingCustomers.companyId, owner.companyId));
  const applied: TApplied = { outcome: 'applied', companyId: owner.companyId };
  const renewal = !failed && invoice.billing_reason === 'subscription_cycle';
  if (!failed && !renewal) return applied;
  const row = await findCurrentSubscription(tx, owner.companyId);
  const seconds = failed ? invoice.next_payment_attempt : invoice.lines?.data[0]?.period?.end;
  const facts = await noticeFacts(tx, {
    kind: failed ? 'payment-failed' : 'renewal',
    row,
    amountPence: failed ? invoice.amount_due : invoice.amount_paid,
    // A failed payment's next date is Stripe's next attempt (none when it has given up).
    ...((seconds || failed) && { nextAt: seconds ? new Date(seconds * 1000) : null }),
  });
  return { ...applied, notice: { key: `${facts.kind}:${invoice.id}`, facts } };
}
