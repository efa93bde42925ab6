import { describe, expect, it } from 'vitest';
import {
  FREE_PLAN,
  formatPounds,
  keepsLegacyPlan,
  LEGACY_PLAN,
  monthlyPence,
  perJobPence,
  pricedJobs,
  remainingActiveJobs,
  resolvePlan,
  ZCheckoutRequest,
  ZPlanContactRequest,
  ZPlanPrices,
  type TPlanSubscription,
} from '../src/billing.ts';
import { decidePublish } from '../src/publish.ts';

const PRICES = { '1': 2900, '3': 7500, '5': 11500, '10': 19900, more: null };
const PRODUCTS = [
  {
    id: 'video-first-job-posts',
    name: 'Video First Job Posts',
    allows: { videoApplications: false, videoJobPosts: true, preLaunch: false },
  },
  {
    id: 'video-first-applications',
    name: 'Video First Applications',
    allows: { videoApplications: true, videoJobPosts: false, preLaunch: true },
  },
];
const sub = (overrides: Partial<TPlanSubscription> = {}): TPlanSubscription => ({
  productId: 'video-first-job-posts',
  jobs: 3,
  status: 'active',
  ...overrides,
});

describe('price maths in pence (spec 2 §9)', () => {
  it('reads the total per month for a job count, and null for a count without a price or "more"', () => {
    expect(monthlyPence(PRICES, 3)).toBe(7500);
    expect(monthlyPence(PRICES, 10)).toBe(19900);
    expect(monthlyPence(PRICES, 4)).toBeNull();
    expect(monthlyPence(PRICES, 0)).toBeNull();
  });

  it('divides into a price per active job rounded to the penny', () => {
    expect(perJobPence(7500, 3)).toBe(2500);
    expect(perJobPence(11500, 5)).toBe(2300);
    expect(perJobPence(19900, 10)).toBe(1990);
    expect(perJobPence(1000, 3)).toBe(333);
    expect(perJobPence(2000, 3)).toBe(667);
    expect(() => perJobPence(100, 0)).toThrow(RangeError);
  });

  it('shows pence in pounds, whole pounds without decimals', () => {
    expect(formatPounds(2900)).toBe('£29');
    expect(formatPounds(1990)).toBe('£19.90');
    expect(formatPounds(333)).toBe('£3.33');
    expect(formatPounds(5)).toBe('£0.05');
  });

  it('lists the priced job counts in order, without "more"', () => {
    expect(pricedJobs({ '10': 1, '1': 2, more: null, '3': 3 })).toEqual([1, 3, 10]);
  });

  it('accepts a price map of counts plus a custom "more", and refuses anything else', () => {
    expect(ZPlanPrices.safeParse(PRICES).success).toBe(true);
    expect(ZPlanPrices.safeParse({ ...PRICES, more: 100 }).success).toBe(false);
    expect(ZPlanPrices.safeParse({ '3': null }).success).toBe(false);
    expect(ZPlanPrices.safeParse({ '0': 100 }).success).toBe(false);
    expect(ZPlanPrices.safeParse({ three: 100 }).success).toBe(false);
    expect(ZPlanPrices.safeParse({ '3': 12.5 }).success).toBe(false);
  });
});

describe('resolvePlan: the one place a subscription becomes a TPlan', () => {
  it('gives no subscription the free plan: only the first job, which is free forever', () => {
    expect(resolvePlan(null, PRODUCTS)).toEqual(FREE_PLAN);
    expect(FREE_PLAN.activeJobLimit).toBe(0);
  });

  it("gives an active subscription its product's gates and the job count bought", () => {
    expect(resolvePlan(sub(), PRODUCTS)).toEqual({
      name: 'Video First Job Posts',
      activeJobLimit: 3,
      features: { videoApplications: false, videoJobPosts: true, preLaunch: false },
    });
    expect(resolvePlan(sub({ productId: 'video-first-applications', jobs: 10 }), PRODUCTS)).toEqual({
      name: 'Video First Applications',
      activeJobLimit: 10,
      features: { videoApplications: true, videoJobPosts: false, preLaunch: true },
    });
  });

  it('keeps the plan while a payment is retried (past_due) and for a trial', () => {
    expect(resolvePlan(sub({ status: 'past_due' }), PRODUCTS).activeJobLimit).toBe(3);
    expect(resolvePlan(sub({ status: 'trialing' }), PRODUCTS).activeJobLimit).toBe(3);
  });

  it('falls back to the free plan once cancelled, unpaid, paused or never paid', () => {
    for (const status of ['canceled', 'unpaid', 'paused', 'incomplete', 'incomplete_expired'] as const) {
      expect(resolvePlan(sub({ status }), PRODUCTS)).toEqual(FREE_PLAN);
    }
  });

  it('keeps a company from before plans on its old limit until a plan is picked (decision 025)', () => {
    expect(resolvePlan(null, PRODUCTS, 5)).toEqual(LEGACY_PLAN);
    expect(LEGACY_PLAN.activeJobLimit).toBe(5);
    // A checkout abandoned or declined picked nothing.
    expect(resolvePlan(sub({ status: 'incomplete_expired' }), PRODUCTS, 5)).toEqual(LEGACY_PLAN);
    // A plan picked decides from then on, also once cancelled.
    expect(resolvePlan(sub(), PRODUCTS, 5).activeJobLimit).toBe(3);
    expect(resolvePlan(sub({ status: 'canceled' }), PRODUCTS, 5)).toEqual(FREE_PLAN);
    expect(keepsLegacyPlan(sub({ status: 'canceled' }), 5)).toBe(false);
    // A company made after plans has none.
    expect(resolvePlan(null, PRODUCTS, null)).toEqual(FREE_PLAN);
    expect(keepsLegacyPlan(null, null)).toBe(false);
  });

  it('keeps the current plan while a change is pending (willChange): the stored state is what is paid for', () => {
    // A subscription cancelling at the end of the period is still active until Stripe ends it.
    expect(resolvePlan(sub({ status: 'active' }), PRODUCTS).name).toBe('Video First Job Posts');
  });

  it('gives the free plan for a product that is not in the catalogue', () => {
    expect(resolvePlan(sub({ productId: 'gone' }), PRODUCTS)).toEqual(FREE_PLAN);
  });
});

describe('downgrade below the live job count (spec 1 §4)', () => {
  const publish = (activeJobs: number, isFirstJob = false) =>
    decidePublish({
      job: { status: 'closed', isFirstJob, customApplicationURL: null },
      company: { isRedirectJobs: false, activeJobs },
      user: { needVerification: false, isUserWasRedirected: true },
      role: 2,
      plan: resolvePlan(sub({ jobs: 1 }), PRODUCTS),
    });

  it('refuses a new publish while the company is at or over the new limit', () => {
    expect(publish(3)).toEqual({ kind: 'limit-reached', freePlan: false });
    expect(publish(1)).toEqual({ kind: 'limit-reached', freePlan: false });
    expect(remainingActiveJobs(resolvePlan(sub({ jobs: 1 }), PRODUCTS), 3)).toBe(0);
  });

  it('publishes again once under the limit, and the first job always', () => {
    expect(publish(0)).toEqual({ kind: 'toggle', nextStatus: 'open' });
    expect(publish(3, true)).toEqual({ kind: 'toggle', nextStatus: 'open' });
    expect(remainingActiveJobs(resolvePlan(sub({ jobs: 5 }), PRODUCTS), 3)).toBe(2);
  });

  it('lets live jobs be closed whatever the limit', () => {
    const closing = decidePublish({
      job: { status: 'open', isFirstJob: false, customApplicationURL: null },
      company: { isRedirectJobs: false, activeJobs: 9 },
      user: { needVerification: false, isUserWasRedirected: true },
      role: 2,
      plan: FREE_PLAN,
    });
    expect(closing).toEqual({ kind: 'toggle', nextStatus: 'closed' });
  });
});

describe('request schemas', () => {
  it('takes a price and a whole job count', () => {
    expect(ZCheckoutRequest.safeParse({ priceId: 'price_1', amount: 3 }).success).toBe(true);
    expect(ZCheckoutRequest.safeParse({ priceId: 'price_1', amount: 0 }).success).toBe(false);
    expect(ZCheckoutRequest.safeParse({ priceId: 'price_1', amount: 1.5 }).success).toBe(false);
    expect(ZCheckoutRequest.safeParse({ priceId: '', amount: 1 }).success).toBe(false);
  });

  it('custom plan request: name and email required, message up to 1000, empty message dropped', () => {
    const ok = ZPlanContactRequest.parse({ name: ' Ada ', email: 'ADA@acme.com', message: '', plan: 'x' });
    expect(ok).toEqual({ name: 'Ada', email: 'ada@acme.com', message: undefined, plan: 'x' });
    const missing = ZPlanContactRequest.safeParse({ name: '', email: '' });
    const texts = missing.error?.issues.map((i) => i.message);
    expect(texts).toContain('Please fill the required field: Name');
    expect(texts).toContain('Please fill the required field: Email');
    expect(
      ZPlanContactRequest.safeParse({ name: 'A', email: 'a@b.co', message: 'x'.repeat(1001) }).success,
    ).toBe(false);
    expect(
      ZPlanContactRequest.safeParse({ name: 'A', email: 'a@b.co', message: 'x'.repeat(1000) }).success,
    ).toBe(true);
  });
});
