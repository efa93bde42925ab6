import { ROLES, type TRole } from './constants.ts';
import { jobMessages } from './job-messages.ts';
import type { TPlan } from './plan.ts';

export type TPublishInput = {
  job: { status: 'open' | 'closed'; isFirstJob: boolean; customApplicationURL: string | null };
  company: { isRedirectJobs: boolean; activeJobs: number };
  user: { needVerification: boolean; isUserWasRedirected: boolean };
  role: TRole;
  plan: TPlan;
  /** Prompts the person already answered with 'publish anyway' (the first-job and redirect prompts). */
  acknowledged?: { firstJob?: boolean; redirectUrl?: boolean };
};

export type TPublishOutcome =
  | { kind: 'toggle'; nextStatus: 'open' | 'closed' }
  | { kind: 'viewer-forbidden' }
  | { kind: 'confirm-email' }
  /** freePlan: the company has no paid plan, so only its first job may be live (issue 23 item 8). */
  | { kind: 'limit-reached'; freePlan: boolean }
  | { kind: 'first-job-prompt' }
  | { kind: 'redirect-url-prompt' };

// spec 1 §4 Job status: the one rule for the Live toggle, used by the browser (to pick the dialog) and by the
// server (to refuse what it forbids, with every prompt acknowledged).
export function decidePublish(input: TPublishInput): TPublishOutcome {
  const { job, company, user, role, plan, acknowledged = {} } = input;
  if (role === ROLES.viewer) return { kind: 'viewer-forbidden' };
  if (job.status === 'open') return { kind: 'toggle', nextStatus: 'closed' };
  if (user.needVerification) return { kind: 'confirm-email' };
  if (!job.isFirstJob && company.activeJobs >= plan.activeJobLimit) {
    // A paid plan buys at least one active job: a limit of 0 is the free plan (billing.ts FREE_PLAN).
    return { kind: 'limit-reached', freePlan: plan.activeJobLimit === 0 };
  }
  if (job.isFirstJob && !user.isUserWasRedirected && !acknowledged.firstJob)
    return { kind: 'first-job-prompt' };
  if (company.isRedirectJobs && !job.customApplicationURL && !acknowledged.redirectUrl) {
    return { kind: 'redirect-url-prompt' };
  }
  return { kind: 'toggle', nextStatus: 'open' };
}

/** The refusal the server answers and the dialog shows for a limit-reached outcome. */
export const limitMessage = (outcome: { freePlan: boolean }) =>
  outcome.freePlan ? jobMessages.freePlanLimit : jobMessages.activeJobLimit;
