import dayjs from 'dayjs';
import type { TBillingState } from '@hirecast/domain/billing';
import type { TCardSubscription } from '@hirecast/domain/plan-cards';

export const jobsLabel = (n: number) => `${n} active ${n === 1 ? 'job' : 'jobs'}`;

/** The subscription as the plan cards read it; null when the company never bought a plan. */
export const cardSubscription = (billing: TBillingState): TCardSubscription | null =>
  billing.subscription
    ? {
        productId: billing.subscription.productId,
        jobs: billing.subscription.jobs,
        active: billing.subscription.active,
      }
    : null;

/** "Video First Complete, 5 active jobs" for a live plan; null on the free plan. */
export function paidPlanSummary(billing: TBillingState): string | null {
  const sub = billing.subscription;
  return sub?.active ? `${billing.plan.name}, ${jobsLabel(sub.jobs)}` : null;
}

/** spec 2 §3 willChange / _next: the date a cancelled plan stops, as cards show dates (D MMMM YYYY). */
export function planEndsOn(billing: TBillingState): string | null {
  const sub = billing.subscription;
  if (!sub?.active || !sub.willChange) return null;
  const at = sub._next?.at ?? sub.currentPeriodEnd;
  return at ? dayjs(at).format('D MMMM YYYY') : null;
}
