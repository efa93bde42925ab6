import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { jobs, users } from '@hirecast/db/schema';
import type { ZJobStatusRequest } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { decidePublish, limitMessage } from '@hirecast/domain/publish';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import type { TAuthUser, TCompanyScope } from '../../plugins/auth.ts';
import { queueJobLiveLetters } from './letter-hooks.ts';
import { companyPlan, countActiveJobs } from '../billing/index.ts';
import { lockCompany, refreshActiveJobs } from './active-jobs.ts';
import { presentJob } from './serialize.ts';
import { findJob } from './service.ts';
import { recordEvent } from '../../lib/webhooks/outbox.ts';

type TStatusInput = z.output<typeof ZJobStatusRequest>;

// spec 1 §7 PATCH /job/{id}/status through the one publishing rule (spec 1 §4). The browser shows the prompts;
// the server refuses what the rule forbids, so it decides with every prompt acknowledged. Runs in one
// transaction with the company row locked: two publishes at once cannot both take the last place.
export async function setJobStatus(
  ctx: TContext,
  { scope, user, id, input }: { scope: TCompanyScope; user: TAuthUser; id: string; input: TStatusInput },
) {
  const result = await ctx.db.transaction(async (tx) => {
    const company = await lockCompany(tx, scope.companyId);
    const job = await findJob(tx, scope, id);
    // Read under the company's lock: a plan that ends at this moment (billing/plan-end.ts) is seen here.
    const plan = await companyPlan(tx, company.id);
    const outcome = decidePublish({
      job: { status: job.status, isFirstJob: job.isFirstJob, customApplicationURL: job.customApplicationUrl },
      company: { isRedirectJobs: company.isRedirectJobs, activeJobs: await countActiveJobs(tx, company.id) },
      user: {
        needVerification: user.emailVerifiedAt === null,
        isUserWasRedirected: user.isUserWasRedirected,
      },
      role: scope.role,
      plan,
      acknowledged: { firstJob: true, redirectUrl: true },
    });
    if (outcome.kind === 'viewer-forbidden') throw new AppError('FORBIDDEN', jobMessages.viewerCannotPublish);
    // Asking for the status the job already has changes nothing (a repeated click, a second tab).
    if (job.status === input.status) return { before: job, row: job, companyName: company.name };
    if (outcome.kind === 'confirm-email') throw new AppError('FORBIDDEN', jobMessages.confirmEmailToPublish);
    if (outcome.kind === 'limit-reached') throw new AppError('CONFLICT', limitMessage(outcome));
    const opening = input.status === 'open';
    const [row] = await tx
      .update(jobs)
      .set({
        status: input.status,
        // Publishing sets publishedAt; the first publish is kept (it dates the listing).
        ...(opening && !job.publishedAt && { publishedAt: new Date() }),
        updatedAt: new Date(),
      })
      .where(and(eq(jobs.id, job.id), eq(jobs.companyId, scope.companyId)))
      .returning();
    // spec 1 §4: answering the first-job prompt with 'publish anyway' marks the user as redirected.
    if (opening && job.isFirstJob && input.acknowledged?.firstJob && !user.isUserWasRedirected) {
      await tx
        .update(users)
        .set({ isUserWasRedirected: true, updatedAt: new Date() })
        .where(eq(users.id, user.id));
    }
    await refreshActiveJobs(tx, company.id);
    await recordEvent(tx, { type: opening ? 'job.published' : 'job.closed', jobId: job.id });
    return { before: job, row: row!, companyName: company.name };
  });
  await queueJobLiveLetters(ctx, { before: result.before, after: result.row });
  return presentJob(ctx, result.row, { companyName: result.companyName });
}
