import { eq } from 'drizzle-orm';
import { companies, jobs } from '@hirecast/db/schema';
import { applyMessages } from '@hirecast/domain/application';
import { planAllows, planGrant, type TPlanCapability } from '@hirecast/domain/plan';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { companyPlan } from '../billing/index.ts';
import { SHORT_ID_PATTERN } from '../jobs/index.ts';

// A job that sends candidates to its own application page (customApplicationURL) takes none here; the site
// redirects before the apply flow, so only a hand-made request meets this. Suggested for applyMessages.

export type TApplyJob = Awaited<ReturnType<typeof findJobForApply>>;

/**
 * The job a candidate uploads to or applies for, by its shortId: 404 when unknown, 409 when closed or when
 * it redirects candidates elsewhere.
 */
export async function findJobForApply(ctx: Pick<TContext, 'db'>, shortId: string) {
  const notFound = new AppError('NOT_FOUND', applyMessages.jobNotFound);
  if (!SHORT_ID_PATTERN.test(shortId)) throw notFound;
  const [job] = await ctx.db
    .select({
      id: jobs.id,
      companyId: jobs.companyId,
      shortId: jobs.shortId,
      title: jobs.title,
      status: jobs.status,
      customApplication: jobs.customApplication,
      customApplicationUrl: jobs.customApplicationUrl,
      isVideoOptional: jobs.isVideoOptional,
      videoQuestion: jobs.videoQuestion,
      customQuestion: jobs.customQuestion,
      aiSettings: jobs.aiSettings,
      isHiringNow: jobs.isHiringNow,
      companyName: companies.name,
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(eq(jobs.shortId, shortId))
    .limit(1);
  if (!job) throw notFound;
  if (job.status !== 'open') throw new AppError('CONFLICT', applyMessages.jobClosed);
  // spec 1 §6: the job asks only what the company's plan sells (plan.ts PLAN_FEATURE_TABLE), as its public
  // page (public/job.ts) shows it: without Video Applications no video, no custom question and no redirect.
  const { features } = await companyPlan(ctx.db, job.companyId);
  const allows = (capability: TPlanCapability) => planAllows(features, capability);
  if (allows('redirectCandidates') && job.customApplication && job.customApplicationUrl)
    throw new AppError('CONFLICT', applyMessages.applyElsewhere);
  const takesVideo = allows('introVideo');
  return {
    ...job,
    takesVideo,
    isVideoOptional: job.isVideoOptional || !takesVideo,
    customQuestion: allows('customQuestion') ? job.customQuestion : null,
  };
}

/** spec 1 §6: a video sent for a job that takes none is refused (400), before anything is stored. */
export function assertTakesVideo(job: Pick<TApplyJob, 'takesVideo'>) {
  if (job.takesVideo) return;
  const { field, refusal } = planGrant('introVideo');
  throw new AppError('VALIDATION', refusal, { [field]: refusal });
}
