import { billingMessages, formatPounds } from './billing.ts';

// Issue 23 item 3: every subscription change tells the company's admins once, by email, with the plan, the
// amount and the next date. The server decides the kind and the facts; this file words them.

export const BILLING_NOTICE_KINDS = [
  'new',
  'increase',
  'decrease',
  'switch',
  'cancel-at-period-end',
  'resume',
  'ended',
  'renewal',
  'payment-failed',
] as const;
export type TBillingNoticeKind = (typeof BILLING_NOTICE_KINDS)[number];

export type TBillingNoticeFacts = {
  kind: TBillingNoticeKind;
  /** The plan's name and its active jobs: "Video First Complete, 3 active jobs". */
  plan: string;
  /** Pence: the monthly price, or what the invoice asked for (renewal, failed payment); null when unknown. */
  amountPence: number | null;
  /** ISO date: the next payment, or the day the plan ends; null when there is none. */
  nextAt: string | null;
};

/**
 * English possessive of a name: "Northwind Coffee Roasters' plan", "Acme's plan". A name ending in s takes
 * only the apostrophe.
 */
export function possessive(name: string): string {
  const trimmed = name.trim();
  return /s$/i.test(trimmed) ? `${trimmed}'` : `${trimmed}'s`;
}

export const jobsPhrase = (jobs: number) => `${jobs} active ${jobs === 1 ? 'job' : 'jobs'}`;

/** "27 December 2026" (UTC: the provider's billing dates are instants). */
export function formatBillingDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));
}

const SUBJECTS: Record<TBillingNoticeKind, (owner: string) => string> = {
  new: (o) => `${o} plan has started`,
  increase: (o) => `${o} plan now has more active jobs`,
  decrease: (o) => `${o} plan now has fewer active jobs`,
  switch: (o) => `${o} plan has changed`,
  'cancel-at-period-end': (o) => `${o} plan is cancelled and ends at the end of the period`,
  resume: (o) => `${o} plan will continue`,
  ended: (o) => `${o} plan has ended`,
  renewal: (o) => `${o} plan has renewed`,
  'payment-failed': (o) => `Payment failed for ${o} plan`,
};

const AMOUNT_LABEL: Record<TBillingNoticeKind, string> = {
  new: 'Price',
  increase: 'New price',
  decrease: 'New price',
  switch: 'New price',
  'cancel-at-period-end': 'Price until then',
  resume: 'Price',
  ended: 'Price',
  renewal: 'Amount paid',
  'payment-failed': 'Amount due',
};

const NEXT_LABEL: Record<TBillingNoticeKind, string> = {
  new: 'Next payment',
  increase: 'Next payment',
  decrease: 'Next payment',
  switch: 'Next payment',
  'cancel-at-period-end': 'Plan ends on',
  resume: 'Next payment',
  ended: 'Next payment',
  renewal: 'Next payment',
  'payment-failed': 'Next attempt',
};

const LEADS: Record<TBillingNoticeKind, string> = {
  new: 'Thank you for your payment: your plan has started.',
  increase: 'Your plan now has more active jobs. The difference is charged pro rata on your next invoice.',
  decrease: 'Your plan now has fewer active jobs. The difference is credited pro rata on your next invoice.',
  switch: 'Your plan has changed. The difference is charged or credited pro rata on your next invoice.',
  'cancel-at-period-end':
    'Your plan has been cancelled. It stays as it is until the end of the period, then your company moves to the free plan.',
  resume: 'Your plan will continue: the cancellation has been withdrawn.',
  ended: 'Your plan has ended. Your company is on the free plan now: your first job stays free.',
  renewal: 'Thank you for your payment: your plan has renewed for another period.',
  'payment-failed': billingMessages.paymentFailedBanner,
};

/** The subject and the lines of a billing notice for one company. */
export function billingNotice(companyName: string, facts: TBillingNoticeFacts) {
  const owner = possessive(companyName);
  const lines = [
    LEADS[facts.kind],
    `Plan: ${facts.plan}`,
    ...(facts.amountPence === null
      ? []
      : [
          `${AMOUNT_LABEL[facts.kind]}: ${formatPounds(facts.amountPence)}${facts.kind === 'renewal' || facts.kind === 'payment-failed' ? '' : ' per month'}`,
        ]),
    ...(facts.kind === 'ended'
      ? ['Next payment: none']
      : facts.nextAt
        ? [`${NEXT_LABEL[facts.kind]}: ${formatBillingDate(facts.nextAt)}`]
        : []),
  ];
  return { subject: SUBJECTS[facts.kind](owner), lines };
}

/** A subscription as far as its notice cares (before and after one provider event). */
export type TNoticeSide = { productId: string; jobs: number; granting: boolean; willChange: boolean } | null;

/**
 * Which change one subscription event made, or null when it is none worth an email (a status the provider
 * moves on its own while the plan stays, a deletion of a plan that granted nothing).
 */
export function subscriptionNoticeKind(from: TNoticeSide, to: TNoticeSide): TBillingNoticeKind | null {
  if (!to) return null;
  if (!to.granting) return from?.granting ? 'ended' : null;
  if (!from?.granting) return 'new';
  if (to.willChange && !from.willChange) return 'cancel-at-period-end';
  if (!to.willChange && from.willChange) return 'resume';
  if (to.productId !== from.productId) return 'switch';
  if (to.jobs > from.jobs) return 'increase';
  if (to.jobs < from.jobs) return 'decrease';
  return null;
}
