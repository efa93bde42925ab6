import { describe, expect, it } from 'vitest';
import { ROLES } from '../src/constants.ts';
import type { TPlan } from '../src/plan.ts';

const PLAN: TPlan = {
  name: 'Test plan',
  activeJobLimit: 5,
  features: { videoApplications: true, videoJobPosts: true, preLaunch: false },
};
import { FREE_PLAN } from '../src/billing.ts';
import { jobMessages } from '../src/job-messages.ts';
import { decidePublish, limitMessage, type TPublishInput } from '../src/publish.ts';

const input = (overrides: Partial<TPublishInput> = {}): TPublishInput => ({
  job: { status: 'closed', isFirstJob: false, customApplicationURL: null },
  company: { isRedirectJobs: false, activeJobs: 0 },
  user: { needVerification: false, isUserWasRedirected: true },
  role: ROLES.jobManager,
  plan: PLAN,
  ...overrides,
});

describe('decidePublish (spec 1 §4 Job status)', () => {
  it('refuses viewers whatever the job status', () => {
    expect(decidePublish(input({ role: ROLES.viewer }))).toEqual({ kind: 'viewer-forbidden' });
    expect(
      decidePublish(
        input({ role: ROLES.viewer, job: { status: 'open', isFirstJob: false, customApplicationURL: null } }),
      ),
    ).toEqual({ kind: 'viewer-forbidden' });
  });

  it('publishes a closed job for job managers and admins', () => {
    expect(decidePublish(input())).toEqual({ kind: 'toggle', nextStatus: 'open' });
    expect(decidePublish(input({ role: ROLES.admin }))).toEqual({ kind: 'toggle', nextStatus: 'open' });
  });

  it('closes an open job even for an unverified user at the limit', () => {
    const outcome = decidePublish(
      input({
        job: { status: 'open', isFirstJob: false, customApplicationURL: null },
        user: { needVerification: true, isUserWasRedirected: false },
        company: { isRedirectJobs: true, activeJobs: 99 },
      }),
    );
    expect(outcome).toEqual({ kind: 'toggle', nextStatus: 'closed' });
  });

  it('asks an unverified user to confirm the email before publishing', () => {
    expect(decidePublish(input({ user: { needVerification: true, isUserWasRedirected: true } }))).toEqual({
      kind: 'confirm-email',
    });
  });

  it('shows the limit dialog at the plan limit, not below it', () => {
    const limit = PLAN.activeJobLimit;
    expect(decidePublish(input({ company: { isRedirectJobs: false, activeJobs: limit } }))).toEqual({
      kind: 'limit-reached',
      freePlan: false,
    });
    expect(decidePublish(input({ company: { isRedirectJobs: false, activeJobs: limit - 1 } }))).toEqual({
      kind: 'toggle',
      nextStatus: 'open',
    });
  });

  it('takes the limit from the plan it is given', () => {
    const plan = { ...PLAN, activeJobLimit: 1 };
    expect(decidePublish(input({ plan, company: { isRedirectJobs: false, activeJobs: 1 } })).kind).toBe(
      'limit-reached',
    );
  });

  it('names the free plan as the reason when the company has no paid plan (issue 23 item 8)', () => {
    const outcome = decidePublish(input({ plan: FREE_PLAN }));
    expect(outcome).toEqual({ kind: 'limit-reached', freePlan: true });
    expect(limitMessage({ freePlan: true })).toBe(jobMessages.freePlanLimit);
    expect(jobMessages.freePlanLimit).toMatch(/^Your free plan covers your first job/);
    expect(limitMessage({ freePlan: false })).toBe(jobMessages.activeJobLimit);
  });

  it('does not apply the limit to the first job', () => {
    const outcome = decidePublish(
      input({
        job: { status: 'closed', isFirstJob: true, customApplicationURL: null },
        company: { isRedirectJobs: false, activeJobs: PLAN.activeJobLimit + 3 },
      }),
    );
    expect(outcome).toEqual({ kind: 'toggle', nextStatus: 'open' });
  });

  it('prompts for details on the first job of a user not yet redirected, until acknowledged', () => {
    const first = input({
      job: { status: 'closed', isFirstJob: true, customApplicationURL: null },
      user: { needVerification: false, isUserWasRedirected: false },
    });
    expect(decidePublish(first)).toEqual({ kind: 'first-job-prompt' });
    expect(decidePublish({ ...first, acknowledged: { firstJob: true } })).toEqual({
      kind: 'toggle',
      nextStatus: 'open',
    });
  });

  it('does not prompt for details on a job that is not the first one', () => {
    const outcome = decidePublish(input({ user: { needVerification: false, isUserWasRedirected: false } }));
    expect(outcome).toEqual({ kind: 'toggle', nextStatus: 'open' });
  });

  it('prompts for the redirect URL when the company redirects jobs and the job has none, until acknowledged', () => {
    const redirecting = input({ company: { isRedirectJobs: true, activeJobs: 0 } });
    expect(decidePublish(redirecting)).toEqual({ kind: 'redirect-url-prompt' });
    expect(decidePublish({ ...redirecting, acknowledged: { redirectUrl: true } })).toEqual({
      kind: 'toggle',
      nextStatus: 'open',
    });
    const withUrl = input({
      company: { isRedirectJobs: true, activeJobs: 0 },
      job: { status: 'closed', isFirstJob: false, customApplicationURL: 'https://ats.example.com/apply' },
    });
    expect(decidePublish(withUrl)).toEqual({ kind: 'toggle', nextStatus: 'open' });
  });

  it('checks in the order of §4: email before limit, first-job prompt before redirect prompt', () => {
    expect(
      decidePublish(
        input({
          user: { needVerification: true, isUserWasRedirected: true },
          company: { isRedirectJobs: false, activeJobs: 99 },
        }),
      ).kind,
    ).toBe('confirm-email');
    expect(
      decidePublish(
        input({
          job: { status: 'closed', isFirstJob: true, customApplicationURL: null },
          user: { needVerification: false, isUserWasRedirected: false },
          company: { isRedirectJobs: true, activeJobs: 0 },
        }),
      ).kind,
    ).toBe('first-job-prompt');
  });
});
