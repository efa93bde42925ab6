import { billingMessages, formatPounds } from './billing.ts';
import { possessive } from './possessive.ts';

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
  'jobs-closed',
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
  /**
   * Issue 33: the jobs closed because the plan the company landed on allows fewer (their titles), and how many
   * active jobs that plan allows besides the first job.
   */
  closed?: { jobs: string[]; limit: number };
};

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
  'jobs-closed': (o) => `Jobs closed to fit ${o} plan`,
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
  'jobs-closed': 'Price',
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
  'jobs-closed': 'Next payment',
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
  'jobs-closed': 'Your plan now allows fewer active jobs than were live.',
};

/** Issue 33: the lines naming the jobs a plan's end or decrease closed. */
export function closedJobsLines(closed: { jobs: string[]; limit: number }): string[] {
  if (closed.jobs.length === 0) return [];
  const n = closed.jobs.length;
  const covers =
    closed.limit === 0
      ? 'your plan now covers only your first job'
      : `your plan now covers ${jobsPhrase(closed.limit)} besides your first job`;
  return [
    `We closed ${n === 1 ? 'this job' : `these ${n} jobs`} because ${covers}:`,
    ...closed.jobs.map((title) => `• ${title}`),
    'You can publish them again after choosing a plan that covers them.',
  ];
}

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
    ...(facts.closed ? closedJobsLines(facts.closed) : []),
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
