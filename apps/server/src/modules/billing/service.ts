import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { billingCustomers, planChanges, planRequests, users } from '@hirecast/db/schema';
import {
  billingMessages,
  keepsLegacyPlan,
  monthlyPence,
  type TBillingState,
  type TPlanChange,
  type ZCheckoutRequest,
  type ZPlanContactRequest,
} from '@hirecast/domain/billing';
import { ROLES } from '@hirecast/domain/constants';
import { messages } from '@hirecast/domain/messages';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { renderEmail } from '../../lib/email-layout.ts';
import type { TAuthUser, TCompanyScope } from '../../plugins/auth.ts';
import { findProductByPrice } from './catalogue.ts';
import { assertPlanCoversLiveJobs } from './downgrade.ts';
import {
  companyPlan,
  countActiveJobs,
  findCurrentSubscription,
  legacyActiveJobLimit,
  presentSubscription,
} from './plan.ts';
import type { TBillingProvider } from './provider.ts';

type TCheckoutInput = z.output<typeof ZCheckoutRequest>;
type TContactInput = z.output<typeof ZPlanContactRequest>;
type TCaller = { scope: TCompanyScope; user: TAuthUser };

// spec 2 §6: only admins change plans; everyone else gets the spec's message.
export function assertCanChangePlans(scope: TCompanyScope) {
  if (scope.role !== ROLES.admin) throw new AppError('FORBIDDEN', billingMessages.adminOnly);
}

export async function readBillingState(ctx: TContext, scope: TCompanyScope): Promise<TBillingState> {
  const row = await findCurrentSubscription(ctx.db, scope.companyId);
  const subscription = await presentSubscription(ctx.db, row, scope.companyId);
  return {
    subscription,
    plan: await companyPlan(ctx.db, scope.companyId),
    activeJobs: await countActiveJobs(ctx.db, scope.companyId),
    canManageBilling: scope.role === ROLES.admin && Boolean(subscription?.active),
    legacyPlan: keepsLegacyPlan(subscription, await legacyActiveJobLimit(ctx.db, scope.companyId)),
  };
}

/** The product of a price on offer and the job count it has a price for, else a clear 400. */
async function pricedChoice(ctx: TContext, input: TCheckoutInput) {
  const product = await findProductByPrice(ctx.db, input.priceId);
  if (!product?.offered) {
    throw new AppError('VALIDATION', billingMessages.unknownPrice, { priceId: billingMessages.unknownPrice });
  }
  if (monthlyPence(product.prices, input.amount) === null) {
    throw new AppError('VALIDATION', billingMessages.customPlan, { amount: billingMessages.customPlan });
  }
  return product;
}

const appUrl = (ctx: TContext, provider: TBillingProvider, path: string) =>
  // Stripe needs absolute addresses; the embedded pages are ours, so a path also works behind Vite's proxy.
  provider.kind === 'stripe' ? `${ctx.config.publicUrl}${path}` : path;

// spec 2 §4 Checkout / §7 POST /billing: a company without a live plan gets a checkout session.
export async function startCheckout(
  ctx: TContext,
  provider: TBillingProvider,
  { scope, user, input }: TCaller & { input: TCheckoutInput },
) {
  assertCanChangePlans(scope);
  await pricedChoice(ctx, input);
  const current = await findCurrentSubscription(ctx.db, scope.companyId);
  const live = await presentSubscription(ctx.db, current, scope.companyId);
  if (live?.active) throw new AppError('CONFLICT', billingMessages.alreadySubscribed);
  const [customer] = await ctx.db
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.companyId, scope.companyId));
  const redirectUrl = await callProvider(ctx, billingMessages.checkoutFailure, () =>
    provider.createCheckout({
      companyId: scope.companyId,
      userId: user.id,
      email: user.email,
      customerId: customer?.stripeCustomerId ?? null,
      priceId: input.priceId,
      jobs: input.amount,
      successUrl: appUrl(ctx, provider, '/plans?success=1'),
      cancelUrl: appUrl(ctx, provider, '/plans?success=0'),
    }),
  );
  return { redirectUrl };
}

// spec 2 §4 / §7 POST /billing/update: an existing customer's subscription is changed (prorated); the change
// itself lands through the provider's event, then the page goes to /plans?success=1.
export async function changePlan(
  ctx: TContext,
  provider: TBillingProvider,
  { scope, user, input }: TCaller & { input: TCheckoutInput },
) {
  assertCanChangePlans(scope);
  await pricedChoice(ctx, input);
  const current = await findCurrentSubscription(ctx.db, scope.companyId);
  const live = await presentSubscription(ctx.db, current, scope.companyId);
  if (!current || !live?.active) throw new AppError('CONFLICT', billingMessages.noSubscription);
  await assertPlanCoversLiveJobs(ctx, { current, priceId: input.priceId, jobs: input.amount });
  if (current.priceId !== input.priceId || current.jobs !== input.amount) {
    await callProvider(ctx, billingMessages.updateFailure, () =>
      provider.changeSubscription({
        subscription: current,
        priceId: input.priceId,
        jobs: input.amount,
        userId: user.id,
      }),
    );
  }
  return { redirectUrl: '/plans?success=1' };
}

/**
 * Issue 23 item 7: the portal's way back must be a page of this installation (on PUBLIC_URL), never an address
 * a caller chose elsewhere. A path is resolved against PUBLIC_URL (the embedded portal keeps it relative, so
 * it also works behind Vite's dev server).
 */
function portalReturnUrl(ctx: TContext, provider: TBillingProvider, returnUrl: string) {
  const base = new URL(ctx.config.publicUrl);
  const resolved = new URL(returnUrl, base);
  if (resolved.origin !== base.origin) {
    throw new AppError('VALIDATION', billingMessages.returnUrlOutside, {
      returnUrl: billingMessages.returnUrlOutside,
    });
  }
  return provider.kind === 'local' && returnUrl.startsWith('/') ? returnUrl : resolved.href;
}

// spec 2 §7 POST /billing/portal: the billing management entry (admins with a customer).
export async function openPortal(
  ctx: TContext,
  provider: TBillingProvider,
  { scope, user, returnUrl }: TCaller & { returnUrl: string },
) {
  assertCanChangePlans(scope);
  const back = portalReturnUrl(ctx, provider, returnUrl);
  const [customer] = await ctx.db
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.companyId, scope.companyId));
  if (!customer) throw new AppError('CONFLICT', billingMessages.portalFailure);
  const redirectUrl = await callProvider(ctx, billingMessages.portalFailure, () =>
    provider.createPortal({
      companyId: scope.companyId,
      userId: user.id,
      customerId: customer.stripeCustomerId,
      returnUrl: back,
    }),
  );
  return { redirectUrl };
}

/** A provider failure is logged with its cause and answered with our message (no internals). */
async function callProvider<T>(ctx: TContext, message: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    ctx.log.error({ err }, 'payment provider call failed');
    throw new AppError('INTERNAL', message);
  }
}

// spec 2 §3 Custom plan request: kept, then mailed to CONTACT_EMAIL with the requester in Reply-To.
export async function requestCustomPlan(
  ctx: TContext,
  { scope, user, input }: TCaller & { input: TContactInput },
) {
  assertCanChangePlans(scope);
  await ctx.db.insert(planRequests).values({
    companyId: scope.companyId,
    userId: user.id,
    name: input.name,
    email: input.email,
    message: input.message ?? null,
    plan: input.plan ?? null,
  });
  const subject = `Custom plan request${input.plan ? `: ${input.plan}` : ''}`;
  const { text, html } = renderEmail({
    heading: subject,
    paragraphs: [
      `From: ${input.name} <${input.email}>`,
      `Company id: ${scope.companyId}`,
      `Plan: ${input.plan ?? '(not given)'}`,
      input.message ?? '(no message)',
    ],
  });
  try {
    await ctx.mail.send({ to: ctx.config.mail.contactTo, subject, text, html, replyTo: input.email });
  } catch {
    throw new AppError('INTERNAL', messages.contactFailure);
  }
  return { sent: true as const };
}

/** The audit trail of plan changes, newest first (admins). */
export async function listPlanChanges(ctx: TContext, scope: TCompanyScope): Promise<TPlanChange[]> {
  assertCanChangePlans(scope);
  const rows = await ctx.db
    .select({ change: planChanges, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(planChanges)
    .leftJoin(users, eq(users.id, planChanges.changedBy))
    .where(eq(planChanges.companyId, scope.companyId))
    .orderBy(desc(planChanges.createdAt))
    .limit(200);
  return rows.map(({ change, email, firstName, lastName }) => ({
    _id: change.id,
    createdAt: change.createdAt.toISOString(),
    changedBy: email ? { email, firstName: firstName ?? '', lastName: lastName ?? '' } : null,
    source: change.source,
    from: change.from,
    to: change.to,
  }));
}
