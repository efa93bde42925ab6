import { describe, expect, it } from 'vitest';
import {
  initialJobChoice,
  jobChoices,
  planCardAction,
  planCardState,
  type TCardSubscription,
  type TPlanCardInput,
} from '../src/plan-cards.ts';

const PRICED = [1, 3, 5, 10];
const sub = (overrides: Partial<TCardSubscription> = {}): TCardSubscription => ({
  productId: 'video-first-job-posts',
  jobs: 3,
  active: true,
  ...overrides,
});
const card = (overrides: Partial<TPlanCardInput> = {}): TPlanCardInput => ({
  productId: 'video-first-job-posts',
  pricedJobs: PRICED,
  chosen: 3,
  subscription: sub(),
  activeJobs: 1,
  ...overrides,
});

describe('planCardState (spec 2 §4 Plan card states)', () => {
  it('offers every plan and count to a company without a plan', () => {
    for (const chosen of PRICED) {
      expect(planCardState(card({ chosen, subscription: null }))).toEqual({ kind: 'subscribe' });
      expect(planCardState(card({ chosen, productId: 'other', subscription: null }))).toEqual({
        kind: 'subscribe',
      });
    }
  });

  it('treats a cancelled subscription as no plan: buying again starts a checkout', () => {
    expect(planCardState(card({ subscription: sub({ active: false }) }))).toEqual({ kind: 'subscribe' });
    expect(planCardState(card({ chosen: 5, subscription: sub({ active: false }) }))).toEqual({
      kind: 'subscribe',
    });
  });

  it('shows Increase for the same plan with more jobs', () => {
    expect(planCardState(card({ chosen: 5 }))).toEqual({ kind: 'increase' });
    expect(planCardState(card({ chosen: 10 }))).toEqual({ kind: 'increase' });
  });

  it('shows Decrease for the same plan with fewer jobs, even below the jobs already live', () => {
    expect(planCardState(card({ chosen: 1 }))).toEqual({ kind: 'decrease' });
    expect(planCardState(card({ chosen: 1, activeJobs: 3 }))).toEqual({ kind: 'decrease' });
  });

  it('shows Current plan with the active jobs still free', () => {
    expect(planCardState(card())).toEqual({ kind: 'current', remainingJobs: 2 });
    expect(planCardState(card({ activeJobs: 0 }))).toEqual({ kind: 'current', remainingJobs: 3 });
    expect(planCardState(card({ activeJobs: 3 }))).toEqual({ kind: 'current', remainingJobs: 0 });
  });

  it('never shows a negative remainder after a downgrade below the live jobs', () => {
    expect(planCardState(card({ chosen: 1, subscription: sub({ jobs: 1 }), activeJobs: 4 }))).toEqual({
      kind: 'current',
      remainingJobs: 0,
    });
  });

  it('shows Switch for another plan, whatever the count', () => {
    for (const chosen of PRICED) {
      expect(planCardState(card({ chosen, productId: 'video-first-applications' }))).toEqual({
        kind: 'switch',
      });
    }
  });

  it("shows Contact us for 'more' on every plan, with or without a subscription", () => {
    expect(planCardState(card({ chosen: 'more' }))).toEqual({ kind: 'contact' });
    expect(planCardState(card({ chosen: 'more', subscription: null }))).toEqual({ kind: 'contact' });
    expect(planCardState(card({ chosen: 'more', productId: 'other' }))).toEqual({ kind: 'contact' });
  });

  it('shows Contact us for a count this plan has no price for', () => {
    expect(planCardState(card({ chosen: 20 }))).toEqual({ kind: 'contact' });
    expect(planCardState(card({ chosen: 20, subscription: null }))).toEqual({ kind: 'contact' });
  });
});

describe('planCardAction (spec 2 §4 Checkout)', () => {
  it('sends a new buyer to checkout and changes a live subscription in place', () => {
    expect(planCardAction({ kind: 'subscribe' })).toBe('checkout');
    expect(planCardAction({ kind: 'increase' })).toBe('update');
    expect(planCardAction({ kind: 'decrease' })).toBe('update');
    expect(planCardAction({ kind: 'switch' })).toBe('update');
    expect(planCardAction({ kind: 'contact' })).toBe('contact');
    expect(planCardAction({ kind: 'current', remainingJobs: 2 })).toBe('none');
  });
});

describe('job choices', () => {
  it('offers every priced count of every plan once, in order, then more', () => {
    expect(jobChoices([[3, 1, 5], [1, 10], []])).toEqual([1, 3, 5, 10, 'more']);
    expect(jobChoices([])).toEqual(['more']);
  });

  it('starts on the live plan’s count', () => {
    const choices = jobChoices([PRICED]);
    expect(initialJobChoice({ choices, subscription: sub({ jobs: 5 }), activeJobs: 0 })).toBe(5);
  });

  it('starts a buyer on the smallest count that keeps the jobs already live', () => {
    const choices = jobChoices([PRICED]);
    expect(initialJobChoice({ choices, subscription: null, activeJobs: 0 })).toBe(1);
    expect(initialJobChoice({ choices, subscription: null, activeJobs: 4 })).toBe(5);
    expect(initialJobChoice({ choices, subscription: sub({ active: false }), activeJobs: 2 })).toBe(3);
    expect(initialJobChoice({ choices, subscription: null, activeJobs: 40 })).toBe(10);
    expect(initialJobChoice({ choices: ['more'], subscription: null, activeJobs: 0 })).toBe('more');
  });

  it('ignores a live count that is no longer offered', () => {
    const choices = jobChoices([PRICED]);
    expect(initialJobChoice({ choices, subscription: sub({ jobs: 7 }), activeJobs: 2 })).toBe(3);
  });
});
