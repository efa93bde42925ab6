import { describe, expect, it } from 'vitest';
import { billingMessages, planChangeRefusal } from '../src/billing.ts';
import {
  billingNotice,
  formatBillingDate,
  subscriptionNoticeKind,
  type TNoticeSide,
} from '../src/billing-notices.ts';

describe('planChangeRefusal (issue 23 item 3)', () => {
  it('says how many jobs to close first when the plan allows fewer than are live', () => {
    expect(planChangeRefusal({ activeJobs: 10, jobs: 1 })).toBe(
      'This plan allows 1 active job besides your first job, and 10 are live now. Close 9 jobs first, then change your plan.',
    );
    expect(planChangeRefusal({ activeJobs: 4, jobs: 3 })).toContain('Close 1 job first');
  });

  it('lets through a change that covers the live jobs', () => {
    expect(planChangeRefusal({ activeJobs: 3, jobs: 3 })).toBeNull();
    expect(planChangeRefusal({ activeJobs: 0, jobs: 1 })).toBeNull();
  });
});

describe('billingNotice', () => {
  it('names the plan, the amount and the next date with the right possessive', () => {
    const notice = billingNotice('Northwind Coffee Roasters', {
      kind: 'decrease',
      plan: 'Video First Complete, 1 active job',
      amountPence: 5900,
      nextAt: '2026-12-27T10:00:00.000Z',
    });
    expect(notice.subject).toBe("Northwind Coffee Roasters' plan now has fewer active jobs");
    expect(notice.lines).toEqual([
      expect.stringContaining('fewer active jobs'),
      'Plan: Video First Complete, 1 active job',
      'New price: £59 per month',
      'Next payment: 27 December 2026',
    ]);
  });

  it('words a failed payment with the banner text and the next attempt', () => {
    const notice = billingNotice('Acme', {
      kind: 'payment-failed',
      plan: 'Video First Job Posts, 3 active jobs',
      amountPence: 7500,
      nextAt: null,
    });
    expect(notice.subject).toBe("Payment failed for Acme's plan");
    expect(notice.lines).toContain(billingMessages.paymentFailedBanner);
    expect(notice.lines).toContain('Amount due: £75');
  });

  it('an ended plan has no next payment', () => {
    const notice = billingNotice('Acme', {
      kind: 'ended',
      plan: 'X, 1 active job',
      amountPence: 2900,
      nextAt: null,
    });
    expect(notice.lines.at(-1)).toBe('Next payment: none');
    expect(formatBillingDate('2027-01-01T00:00:00Z')).toBe('1 January 2027');
  });
});

describe('subscriptionNoticeKind', () => {
  const side = (o: Partial<NonNullable<TNoticeSide>> = {}) => ({
    productId: 'complete',
    jobs: 3,
    granting: true,
    willChange: false,
    ...o,
  });
  it('tells each change apart', () => {
    expect(subscriptionNoticeKind(null, side())).toBe('new');
    expect(subscriptionNoticeKind(side({ granting: false }), side())).toBe('new');
    expect(subscriptionNoticeKind(side(), side({ jobs: 5 }))).toBe('increase');
    expect(subscriptionNoticeKind(side(), side({ jobs: 1 }))).toBe('decrease');
    expect(subscriptionNoticeKind(side(), side({ productId: 'posts', jobs: 5 }))).toBe('switch');
    expect(subscriptionNoticeKind(side(), side({ willChange: true }))).toBe('cancel-at-period-end');
    expect(subscriptionNoticeKind(side({ willChange: true }), side())).toBe('resume');
    expect(subscriptionNoticeKind(side(), side({ granting: false }))).toBe('ended');
  });
  it('is silent when nothing a person chose changed', () => {
    expect(subscriptionNoticeKind(side(), side())).toBeNull();
    expect(subscriptionNoticeKind(null, side({ granting: false }))).toBeNull();
    expect(subscriptionNoticeKind(side(), null)).toBeNull();
  });
});
