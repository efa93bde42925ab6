import { and, eq, inArray } from 'drizzle-orm';
import type { TDbLike, TTx } from '@hirecast/db/client';
import { companies, jobs } from '@hirecast/db/schema';
import { jobsToClose, type TPlanEndPreview } from '@hirecast/domain/plan-end';
import { resolvePlan } from '@hirecast/domain/billing';
import { companyPlan, countActiveJobs, legacyActiveJobLimit, type TSubscriptionRow } from './plan.ts';
import { recordEvent } from '../../lib/webhooks/outbox.ts';

// Issue 33 item 5: when the plan a company is on allows fewer active jobs than before (it ended, was cancelled
// or decreased, by us, by the provider or after failed renewals) and more are live than it allows, the jobs over
// the limit close at once. Called by subscriptionChanged (events.ts), the one writer of subscriptions, in the
// event's transaction; so every path (our cancel, the test portal, Stripe's portal and its own cancellations)
// goes through it.

/** Live jobs that count against the limit (open, not the first job), the most recently published first. */
export async function countedLiveJobs(db: TDbLike, companyId: string) {
  const rows = await db
    .select({ id: jobs.id, title: jobs.title, publishedAt: jobs.publishedAt, createdAt: jobs.createdAt })
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), eq(jobs.status, 'open'), eq(jobs.isFirstJob, false)));
  const order = jobsToClose({ live: rows, limit: 0 });
  return order.map((id) => rows.find((row) => row.id === id)!);
}

/**
 * Closes the live jobs over the company's plan as it now stands (the `chosen` ones first, then the most
 * recently published) when that plan allows fewer jobs than `before`. Answers the closed jobs' titles and the
 * limit. The company row is locked first, as publishing does, so a publish at the same time waits and then
 * sees the new plan.
 */
export async function closeJobsOverPlan(
  tx: TTx,
  { companyId, before, chosen }: { companyId: string; before: number; chosen: readonly string[] },
) {
  const plan = await companyPlan(tx, companyId);
  if (plan.activeJobLimit >= before) return null;
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
  const live = await countedLiveJobs(tx, companyId);
  const ids = jobsToClose({ live, limit: plan.activeJobLimit, chosen });
  if (ids.length === 0) return null;
  await tx
    .update(jobs)
    .set({ status: 'closed', updatedAt: new Date() })
    .where(and(eq(jobs.companyId, companyId), inArray(jobs.id, ids)));
  for (const jobId of ids) await recordEvent(tx, { type: 'job.closed', jobId });
  await tx
    .update(companies)
    .set({ activeJobs: await countActiveJobs(tx, companyId) })
    .where(eq(companies.id, companyId));
  const titles = ids.map((id) => live.find((job) => job.id === id)!.title);
  return { jobs: titles, limit: plan.activeJobLimit };
}

/** GET /billing/plan-end: what cancelling the plan now would close (the plan it lands on is the free plan). */
export async function planEndPreview(
  db: TDbLike,
  { companyId, current }: { companyId: string; current: TSubscriptionRow },
): Promise<TPlanEndPreview> {
  const landing = resolvePlan(
    { productId: current.productId, jobs: current.jobs, status: 'canceled' },
    [],
    await legacyActiveJobLimit(db, companyId),
  );
  const live = await countedLiveJobs(db, companyId);
  const suggested = jobsToClose({ live, limit: landing.activeJobLimit });
  return {
    plan: landing.name,
    activeJobLimit: landing.activeJobLimit,
    liveJobs: live.map((job) => ({
      _id: job.id,
      title: job.title,
      publishedAt: job.publishedAt?.toISOString() ?? null,
    })),
    mustClose: suggested.length,
    suggested,
  };
}
