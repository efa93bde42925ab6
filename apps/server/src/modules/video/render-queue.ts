import { and, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { videoRenderTurns, videoTemplates } from '@hirecast/db/schema';
import type { TDb, TTx } from '@hirecast/db/client';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '@hirecast/domain/video-template-rules';
import { AppError } from '../../lib/app-error.ts';

// The fair render queue (docs/decisions/026-fair-rendering.md). Finalize marks a template `preparing` with the
// time it was queued and sends one `video.render` job; the job is a turn, not a template: the worker that
// gets it takes the waiting render of the company served least recently (then that company's oldest), so
// companies are served in turn whatever order their renders arrived in. State lives in PostgreSQL; takes are
// serialised by a transaction advisory lock, so several workers never serve one company twice in a row
// while another waits.

/** A render left without news this long (its worker died) no longer holds a place (decision 021). */
export const STALE_RENDER_MS = 35 * 60 * 1000;
const TAKE_LOCK = sql`hashtext('hirecast:video.render:take')`;
const WORKING = ['preparing', 'rendering'];

/**
 * Inside the transaction that queues a render: refuses (429) when the company already has the maximum of renders
 * queued or running, not counting `templateId` itself. A per-company advisory lock makes two Finalize clicks on
 * two processes count one after the other.
 */
export async function assertRenderRoom(
  tx: TTx,
  { companyId, templateId }: { companyId: string; templateId: string },
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`hirecast:video.render:${companyId}`}))`);
  const [row] = await tx
    .select({ n: count() })
    .from(videoTemplates)
    .where(
      and(
        eq(videoTemplates.companyId, companyId),
        inArray(videoTemplates.status, WORKING),
        ne(videoTemplates.id, templateId),
        gt(videoTemplates.updatedAt, new Date(Date.now() - STALE_RENDER_MS)),
      ),
    );
  if ((row?.n ?? 0) >= TEMPLATE_LIMITS.maxRendersPerCompany)
    throw new AppError('TOO_MANY_REQUESTS', TEMPLATE_MESSAGES.renderLimit);
}

export type TTakenRender = { templateId: string; renderId: string };

/**
 * The render a `video.render` job works on: the one it took before (a retried job resumes it), else the
 * waiting render of the company served least recently. Null when nothing waits.
 */
export async function takeNextRender(db: TDb, jobId: string): Promise<TTakenRender | null> {
  return db.transaction(async (tx) => {
    const [mine] = await tx
      .select({ templateId: videoTemplates.id, renderId: videoTemplates.renderId })
      .from(videoTemplates)
      .where(eq(videoTemplates.renderJobId, jobId));
    if (mine) return mine.renderId ? { templateId: mine.templateId, renderId: mine.renderId } : null;

    await tx.execute(sql`select pg_advisory_xact_lock(${TAKE_LOCK})`);
    const waiting = await tx
      .select({
        templateId: videoTemplates.id,
        renderId: videoTemplates.renderId,
        companyId: videoTemplates.companyId,
      })
      .from(videoTemplates)
      .leftJoin(videoRenderTurns, eq(videoRenderTurns.companyId, videoTemplates.companyId))
      .where(
        and(
          eq(videoTemplates.status, 'preparing'),
          sql`${videoTemplates.renderJobId} is null`,
          sql`${videoTemplates.renderId} is not null`,
        ),
      )
      .orderBy(
        sql`${videoRenderTurns.servedAt} asc nulls first`,
        sql`${videoTemplates.renderQueuedAt} asc nulls first`,
        videoTemplates.id,
      )
      .limit(1)
      .for('update', { of: videoTemplates, skipLocked: true });
    const next = waiting[0];
    if (!next?.renderId) return null;
    await tx.update(videoTemplates).set({ renderJobId: jobId }).where(eq(videoTemplates.id, next.templateId));
    // clock_timestamp, not now(): the transaction may have begun before the previous take committed.
    await tx
      .insert(videoRenderTurns)
      .values({ companyId: next.companyId, servedAt: sql`clock_timestamp()` })
      .onConflictDoUpdate({ target: videoRenderTurns.companyId, set: { servedAt: sql`clock_timestamp()` } });
    return { templateId: next.templateId, renderId: next.renderId };
  });
}
