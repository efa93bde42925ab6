import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { applicationRetention, applications } from '@hirecast/db/schema';
import type { TContext } from '../../lib/context.ts';
import { deleteApplicationWithFiles } from '../applications/index.ts';
import { ACTOR_CANDIDATE_NAME } from './names.ts';

// Issue 33: a candidate's "Delete my data" that a legal hold kept (public-apply/erasure-request.ts) runs as soon
// as the hold is released: at the release itself, and by the nightly run for any release whose erasure did not
// complete (a failure after the release committed). Both go through the one application delete, which keeps
// refusing while a hold is on.

type TCtx = Pick<TContext, 'db' | 'storage' | 'log'>;

/** Runs the application's pending erasure request if it has one and is not held; true when it was deleted. */
export async function runPendingErasure(ctx: TCtx, applicationId: string): Promise<boolean> {
  const [pending] = await ctx.db
    .select({ requestedAt: applicationRetention.erasureRequestedAt })
    .from(applicationRetention)
    .where(
      and(
        eq(applicationRetention.applicationId, applicationId),
        isNotNull(applicationRetention.erasureRequestedAt),
      ),
    );
  if (!pending?.requestedAt) return false;
  const deleted = await deleteApplicationWithFiles(ctx, eq(applications.id, applicationId), {
    actor: { id: null, name: ACTOR_CANDIDATE_NAME },
    ip: null,
    requestedAt: pending.requestedAt.toISOString(),
  });
  return deleted.outcome === 'deleted';
}

/** The company's applications with an erasure request and no hold any more (the nightly run's catch-up). */
export async function runPendingErasures(ctx: TCtx, companyId: string): Promise<number> {
  const due = await ctx.db
    .select({ id: applications.id })
    .from(applicationRetention)
    .innerJoin(applications, eq(applications.id, applicationRetention.applicationId))
    .where(
      and(
        eq(applications.companyId, companyId),
        isNotNull(applicationRetention.erasureRequestedAt),
        isNull(applicationRetention.holdAt),
      ),
    );
  let erased = 0;
  for (const { id } of due) if (await runPendingErasure(ctx, id)) erased += 1;
  return erased;
}
