import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { subscriptions } from '@hirecast/db/schema';
import { billingMessages, isGranting, type TSubscriptionStatus } from '@hirecast/domain/billing';
import {
  closeChoiceRefusal,
  isValidCloseChoice,
  planEndMessages,
  type ZCancelPlanRequest,
} from '@hirecast/domain/plan-end';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import type { TAuthUser, TCompanyScope } from '../../plugins/auth.ts';
import { findCurrentSubscription } from './plan.ts';
import { planEndPreview } from './plan-end.ts';
import type { TBillingProvider } from './provider.ts';
import { assertCanChangePlans } from './service.ts';

type TCaller = { scope: TCompanyScope; user: TAuthUser };

async function liveSubscription(ctx: TContext, companyId: string) {
  const current = await findCurrentSubscription(ctx.db, companyId);
  if (!current || !isGranting(current.status as TSubscriptionStatus)) {
    throw new AppError('CONFLICT', billingMessages.noSubscription);
  }
  return current;
}

// Issue 33 item 5, GET /billing/plan-end: what "Cancel plan now" would close, for the admin to choose.
export async function readPlanEnd(ctx: TContext, { scope }: Pick<TCaller, 'scope'>) {
  assertCanChangePlans(scope);
  const current = await liveSubscription(ctx, scope.companyId);
  return planEndPreview(ctx.db, { companyId: scope.companyId, current });
}

/**
 * POST /billing/cancel: the plan ends now. The admin's choice of jobs to close (exactly as many as the free
 * plan leaves over; none sent: the most recently published) is kept on the subscription; the provider's
 * deletion event then ends the plan and closes them in the one place plans change (events.ts).
 */
export async function cancelPlanNow(
  ctx: TContext,
  provider: TBillingProvider,
  { scope, user, input }: TCaller & { input: z.output<typeof ZCancelPlanRequest> },
) {
  assertCanChangePlans(scope);
  const current = await liveSubscription(ctx, scope.companyId);
  const preview = await planEndPreview(ctx.db, { companyId: scope.companyId, current });
  const chosen = input.closeJobIds ?? preview.suggested;
  const liveIds = preview.liveJobs.map((job) => job._id);
  if (!isValidCloseChoice({ liveIds, mustClose: preview.mustClose, chosen })) {
    const message = closeChoiceRefusal(preview.mustClose);
    throw new AppError('VALIDATION', message, { closeJobIds: message });
  }
  const keep = (closeJobIds: string[]) =>
    ctx.db.update(subscriptions).set({ closeJobIds }).where(eq(subscriptions.id, current.id));
  await keep(chosen);
  try {
    await provider.cancelSubscription({ subscription: current, userId: user.id });
  } catch (err) {
    ctx.log.error({ err }, 'payment provider call failed');
    await keep([]);
    throw new AppError('INTERNAL', planEndMessages.cancelFailure);
  }
  return { cancelled: true as const };
}
