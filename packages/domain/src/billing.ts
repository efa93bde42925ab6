import { z } from 'zod';
import { zEmail, zRequired } from './fields.ts';
import { messages, requiredField } from './messages.ts';
import type { TPlan } from './plan.ts';

// Billing (spec 2 §2 Plans, §3 Plan product / Subscription / Custom plan request, §4 Checkout, §7 Billing).
//
// Where the web app reads what it needs:
// - GET  /api/billing/features      -> { data: TBillingFeatures }      the catalogue (any member)
// - GET  /api/billing/subscription  -> { data: TBillingState }         the company's subscription, the TPlan
//                                                                       every gate takes, the active jobs (any member)
// - POST /api/billing               TCheckoutRequest -> { data: TRedirect }   admins: a new subscription
// - POST /api/billing/update        TCheckoutRequest -> { data: TRedirect }   admins: change the live one
// - POST /api/billing/portal        TPortalRequest   -> { data: TRedirect }   admins: manage / cancel
// - POST /api/billing/contact       TPlanContactRequest -> 201 { data: { sent: true } }   admins
// - GET  /api/billing/changes       -> { data: TPlanChange[] }          admins: the audit trail
// - POST /api/billing/webhook       Stripe's signed events (no session)
// The plan (`TBillingState.plan`) replaces DEFAULT_PLAN everywhere: the server resolves it with resolvePlan
// below and the web app reads it from GET /api/billing/subscription (query key ['billing', 'subscription']).
// Writes never change the subscription themselves: Stripe's webhook (or the local test checkout and portal,
// which raise the same events) does, so after a write the web app refetches the subscription.

/** spec 2 §3: prices are a map of active-job count to pence per month, plus 'more' (a custom plan). */
export const ZPlanPrices = z
  .record(
    z.string().regex(/^(\d+|more)$/, 'A price key is a job count or more'),
    z.number().int().min(0).nullable(),
  )
  .superRefine((prices, ctx) => {
    for (const [key, pence] of Object.entries(prices)) {
      if (key === 'more' ? pence !== null : pence === null || Number(key) < 1) {
        ctx.addIssue({ code: 'custom', message: `Bad price for ${key}`, path: [key] });
      }
    }
  });
export type TPlanPrices = z.infer<typeof ZPlanPrices>;

/** What a plan lets a company do beyond its job count (spec 1 §6 plan gating). */
export const ZPlanAllows = z.object({
  videoApplications: z.boolean(),
  videoJobPosts: z.boolean(),
  preLaunch: z.boolean(),
});

export const ZPlanProduct = z.object({
  /** Stable slug of the plan, e.g. 'video-first-job-posts'. */
  id: z.string(),
  /** The payment provider's price (Stripe price id); the job count travels as its quantity. */
  priceId: z.string(),
  name: z.string(),
  description: z.string(),
  borderColor: z.string(),
  prices: ZPlanPrices,
  allows: ZPlanAllows,
});
export type TPlanProduct = z.infer<typeof ZPlanProduct>;

export const ZPlanFeature = z.object({
  category: z.string(),
  name: z.string(),
  description: z.string(),
  /** Ids of the products that include the feature. */
  plans: z.array(z.string()),
  comingSoon: z.boolean(),
  actionContent: z.string().nullable(),
});
export type TPlanFeature = z.infer<typeof ZPlanFeature>;

export const ZBillingFeatures = z.object({
  products: z.array(ZPlanProduct),
  features: z.array(ZPlanFeature),
});
export type TBillingFeatures = z.infer<typeof ZBillingFeatures>;

/** Stripe's subscription statuses. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type TSubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

// A subscription grants its plan while it is paid for or Stripe is still retrying a failed payment
// (past_due: the company sees the payment-failed banner meanwhile). Anything else is the free plan.
const GRANTING: readonly TSubscriptionStatus[] = ['active', 'trialing', 'past_due'];
export const isGranting = (status: TSubscriptionStatus) => GRANTING.includes(status);

/** spec 2 §3 Subscription, as the web app reads it. */
export const ZSubscription = z.object({
  productId: z.string(),
  priceId: z.string(),
  priceName: z.string(),
  jobs: z.number().int(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** true while the subscription grants its plan (a cancelled or unpaid one does not). */
  active: z.boolean(),
  /** The company's payment-provider customer, once it has paid; null before the first checkout. */
  stripeCustomerId: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  /** spec 2 §3: the subscription changes at the end of the period (today: a cancellation). */
  willChange: z.boolean(),
  _next: z.object({ at: z.string().nullable(), changes: z.object({ cancel: z.literal(true) }) }).nullable(),
  /** The last invoice failed (Stripe retries it): the web app shows a banner to the company. */
  paymentFailed: z.boolean(),
});
export type TSubscription = z.infer<typeof ZSubscription>;

export const ZPlan = z.object({
  name: z.string(),
  activeJobLimit: z.number().int(),
  features: ZPlanAllows,
});

export const ZBillingState = z.object({
  subscription: ZSubscription.nullable(),
  /** What the company may do now: the TPlan the publishing rules and the job editor take. */
  plan: ZPlan,
  /** Open jobs other than the first one (spec 1 §4). */
  activeJobs: z.number().int(),
  /** spec 2 §6: the billing management entry is for admins with an active subscription. */
  canManageBilling: z.boolean(),
  /** Decision 025: the company keeps the limit it had before plans (LEGACY_PLAN) until an admin picks one. */
  legacyPlan: z.boolean().optional(),
});
export type TBillingState = z.infer<typeof ZBillingState>;

/** spec 2 §7 POST /billing and /billing/update: the price and the job count (amount). */
export const ZCheckoutRequest = z.object({
  priceId: z.string().trim().min(1).max(200),
  amount: z.number().int().min(1).max(10_000),
});
export type TCheckoutRequest = z.input<typeof ZCheckoutRequest>;

/**
 * spec 2 §7 POST /billing/portal. The return address is a page of this installation: a path ('/plans'), or an
 * address on PUBLIC_URL, which the server checks (issue 23 item 7: the portal must not send people elsewhere).
 */
export const ZPortalRequest = z.object({
  returnUrl: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => /^\/(?![/\\])/.test(v) || (/^https?:\/\//i.test(v) && URL.canParse(v)), {
      error: 'The return address must be a page of this site', // billingMessages.returnUrlOutside
    }),
});
export type TPortalRequest = z.input<typeof ZPortalRequest>;

export const ZRedirect = z.object({ redirectUrl: z.string() });
export type TRedirect = z.infer<typeof ZRedirect>;

const ZPlanChangeSide = z
  .object({
    productId: z.string(),
    priceName: z.string(),
    jobs: z.number().int(),
    status: z.string(),
    willChange: z.boolean(),
  })
  .nullable();

/** GET /api/billing/changes (admins): the audit trail of plan changes, newest first. */
export const ZPlanChange = z.object({
  _id: z.string(),
  createdAt: z.string(),
  /** null when the change was made in the billing portal or by the payment provider. */
  changedBy: z.object({ email: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  /** The provider event that made the change (customer.subscription.created / updated / deleted). */
  source: z.string(),
  from: ZPlanChangeSide,
  to: ZPlanChangeSide,
});
export type TPlanChange = z.infer<typeof ZPlanChange>;

export const PLAN_CONTACT_MESSAGE_MAX = 1000;

/** spec 2 §3 Custom plan request and §5: name and email required, message optional up to 1000. */
export const ZPlanContactRequest = z.object({
  name: zRequired(requiredField('Name')).max(90, 'Name must be at most 90 characters'),
  email: zEmail({ required: requiredField('Email'), invalid: messages.contactEmailInvalid }),
  message: z
    .string()
    .trim()
    .max(PLAN_CONTACT_MESSAGE_MAX, `Message must be at most ${PLAN_CONTACT_MESSAGE_MAX} characters`)
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** Which plan the request is about (a product id or name as the card shows it). */
  plan: z.string().trim().max(120).optional(),
});
export type TPlanContactRequest = z.input<typeof ZPlanContactRequest>;

export const billingMessages = {
  // spec 2 §8
  paymentFailed:
    'Your payment was unsuccessful. Please check the details again and re-submit, or use an alternative payment method.',
  portalFailure: 'Something went wrong trying to redirect you to billing management. Try again later.',
  returnUrlOutside: 'The return address must be a page of this site',
  // spec 2 §6
  adminOnly:
    'The Administrator can change pricing plan. To locate your administrator, please visit team members tab.',
  // product messages where the spec gives none
  unknownPrice: 'This plan is not available. Please refresh the page and pick a plan again.',
  customPlan: 'This number of jobs needs a custom plan. Please contact us.',
  alreadySubscribed: 'Your company already has a plan. Change it instead of buying a new one.',
  noSubscription: 'Your company has no plan to change yet. Pick a plan first.',
  planRequestSent: 'Thank you, we will get back to you shortly.',
  checkoutFailure: 'We could not start the payment. Please try again later.',
  updateFailure: 'We could not change your plan. Please try again later.',
  // decision 025: shown to admins on the plans page while the company keeps its limit from before plans
  legacyPlanNotice:
    'Your company keeps the 5 active jobs it had before plans were introduced, until an administrator picks a plan. Pick a plan below to change it.',
  paymentFailedBanner:
    'Your last payment failed. Please update your payment details in billing management to keep your plan.',
  /** The confirmation after a change of an existing plan (no payment is taken then: spec 2 §4 proration). */
  planChanged: 'Your plan has changed',
} as const;

/**
 * Issue 23 item 3: a plan may not promise fewer active jobs than are live now (a decrease, or a switch to a
 * plan with fewer jobs). The refusal says how many jobs to close first; null when the change fits.
 */
export function planChangeRefusal({ activeJobs, jobs }: { activeJobs: number; jobs: number }): string | null {
  const over = activeJobs - jobs;
  if (over <= 0) return null;
  const plural = (n: number) => (n === 1 ? 'job' : 'jobs');
  return `This plan allows ${jobs} active ${plural(jobs)} besides your first job, and ${activeJobs} are live now. Close ${over} ${plural(over)} first, then change your plan.`;
}

/** Job counts a product has a price for, smallest first ('more' excluded). */
export function pricedJobs(prices: TPlanPrices): number[] {
  return Object.keys(prices)
    .filter((k) => k !== 'more')
    .map(Number)
    .sort((a, b) => a - b);
}

/** spec 2 §9: the total per month in pence for that many active jobs, or null when it is a custom plan. */
export function monthlyPence(prices: TPlanPrices, jobs: number): number | null {
  const pence = prices[String(jobs)];
  return typeof pence === 'number' ? pence : null;
}

/** spec 2 §9: the price per active job in pence, rounded to the nearest penny. */
export function perJobPence(totalPence: number, jobs: number): number {
  if (jobs <= 0) throw new RangeError('jobs must be positive');
  return Math.round(totalPence / jobs);
}

/** spec 2 §9: pence shown in pounds: £49, £16.33. */
export function formatPounds(pence: number): string {
  const pounds = pence / 100;
  return Number.isInteger(pounds) ? `£${pounds}` : `£${pounds.toFixed(2)}`;
}

/**
 * The plan of a company without a paid plan: only the first job may be live (spec 2 §9 'the first job is free
 * forever', which the publishing rule already exempts), with every feature so a new company can try it all.
 */
export const FREE_PLAN: TPlan = {
  name: 'Free',
  activeJobLimit: 0,
  features: { videoApplications: true, videoJobPosts: true, preLaunch: false },
};

/**
 * Decision 025: what a company that existed before plans keeps until an admin picks a plan, the built-in plan
 * of the releases before billing (5 active jobs besides the free first one).
 */
export const LEGACY_PLAN: TPlan = {
  name: 'Starter',
  activeJobLimit: 5,
  features: { videoApplications: true, videoJobPosts: true, preLaunch: false },
};

/** A subscription that never granted its plan (a checkout abandoned or declined): no plan was picked. */
const NEVER_GRANTED: readonly TSubscriptionStatus[] = ['incomplete', 'incomplete_expired'];

/** Whether a company with `legacyActiveJobLimit` (decision 025) still keeps it: no plan picked yet. */
export function keepsLegacyPlan(
  subscription: Pick<TPlanSubscription, 'status'> | null,
  legacyActiveJobLimit: number | null | undefined,
): boolean {
  return legacyActiveJobLimit != null && (!subscription || NEVER_GRANTED.includes(subscription.status));
}

/** The stored subscription as far as the plan cares. */
export type TPlanSubscription = {
  productId: string;
  jobs: number;
  status: TSubscriptionStatus;
};

/**
 * The one place that says what a company may do. A granting subscription gives its product's features and as
 * many active jobs as it pays for (the first job is free on top); a company from before plans keeps its old
 * limit until a plan is picked (decision 025); a pending change (willChange) only applies
 * when the provider makes it, so until then the current plan stands; a cancelled, unpaid or unknown one gives
 * the free plan.
 */
export function resolvePlan(
  subscription: TPlanSubscription | null,
  products: readonly Pick<TPlanProduct, 'id' | 'name' | 'allows'>[],
  /** Decision 025: the company's limit from before plans, kept while no plan was picked. */
  legacyActiveJobLimit?: number | null,
): TPlan {
  if (keepsLegacyPlan(subscription, legacyActiveJobLimit))
    return { ...LEGACY_PLAN, activeJobLimit: legacyActiveJobLimit ?? LEGACY_PLAN.activeJobLimit };
  if (!subscription || !isGranting(subscription.status)) return FREE_PLAN;
  const product = products.find((p) => p.id === subscription.productId);
  if (!product) return FREE_PLAN;
  return { name: product.name, activeJobLimit: subscription.jobs, features: { ...product.allows } };
}

/**
 * spec 1 §4 after a downgrade: jobs already live stay live; a new one may be published only while the active
 * jobs are under the limit. How many more the company may publish (0 when over it).
 */
export function remainingActiveJobs(plan: TPlan, activeJobs: number): number {
  return Math.max(0, plan.activeJobLimit - activeJobs);
}
