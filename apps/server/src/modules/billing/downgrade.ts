import { planChangeRefusal } from '@hirecast/domain/billing';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { countActiveJobs, type TSubscriptionRow } from './plan.ts';

/**
 * Issue 23 item 3: a decrease, or a switch to a plan with fewer active jobs than are live now, is refused with
 * how many jobs to close first (the plan must keep its promise). An increase of the same plan is always let
 * through, even by a company already over its limit: it only gets closer. Both providers come through here;
 * the embedded portal asks the same (runPortalAction).
 */
export async function assertPlanCoversLiveJobs(
  ctx: Pick<TContext, 'db'>,
  { current, priceId, jobs }: { current: TSubscriptionRow; priceId: string; jobs: number },
) {
  if (current.priceId === priceId && jobs >= current.jobs) return;
  const refusal = planChangeRefusal({ activeJobs: await countActiveJobs(ctx.db, current.companyId), jobs });
  if (refusal) throw new AppError('CONFLICT', refusal);
}
