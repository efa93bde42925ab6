import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { jobs } from '@hirecast/db/schema';
import { applyMessages } from '@hirecast/domain/application';
import { messages } from '@hirecast/domain/messages';
import type { TTrackRequest, ZPublicEngagementRequest } from '@hirecast/domain/public-job';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { recordEngagement } from '../assets/service.ts';
import { recordTrackingEvent, recordWatchProgress } from '../sharing/attribution.ts';
import { publiclyVisible } from './visibility.ts';

const SHORT_ID = /^[0-9A-Za-z]{8}$/;
const jobNotFound = () => new AppError('NOT_FOUND', applyMessages.jobNotFound);

// The counter each event moves (spec 1 §3 stats: totalVisits, startedApplications).
const COUNTER = {
  visit: { totalVisits: sql`${jobs.totalVisits} + 1` },
  apply_started: { startedApplications: sql`${jobs.startedApplications} + 1` },
} as const;

async function jobByShortId(ctx: TContext, shortId: string) {
  if (!SHORT_ID.test(shortId)) throw jobNotFound();
  const [row] = await ctx.db
    .select({ id: jobs.id, companyId: jobs.companyId, videoAssetId: jobs.videoAssetId })
    .from(jobs)
    .where(and(eq(jobs.shortId, shortId), publiclyVisible()))
    .limit(1);
  if (!row) throw jobNotFound();
  return row;
}

/**
 * Issue 5 item 4: a visit or a started application, once per browser session. The event row and the job's
 * counter move together; a repeated beacon of the same session changes nothing. No personal data is kept.
 */
export async function trackJobEvent(
  ctx: TContext,
  { shortId, input }: { shortId: string; input: TTrackRequest },
) {
  const job = await jobByShortId(ctx, shortId);
  await ctx.db.transaction(async (tx) => {
    // Issue 16: credited by first touch to the sharer's referral token and the UTM values; the rollup moves too.
    const inserted = await recordTrackingEvent(tx, {
      job,
      event: input.event,
      sessionId: input.sessionId,
      origin: {
        ref: input.ref,
        utmSource: input.utm_source,
        utmCampaign: input.utm_campaign,
        utmMedium: input.utm_medium,
      },
    });
    // The job's updatedAt is left alone: it is the page's lastmod, and a visit does not change the page.
    if (inserted) await tx.update(jobs).set(COUNTER[input.event]).where(eq(jobs.id, job.id));
  });
}

/** The job video player's beacon: the furthest second a session reached (spec 3 §3 videoEngagement). */
export async function recordJobEngagement(
  ctx: TContext,
  { shortId, input }: { shortId: string; input: z.output<typeof ZPublicEngagementRequest> },
) {
  const job = await jobByShortId(ctx, shortId);
  if (!job.videoAssetId) throw new AppError('NOT_FOUND', messages.notFound);
  await recordEngagement(ctx, { id: job.videoAssetId, ...input });
  await recordWatchProgress(ctx.db, {
    jobId: job.id,
    videoAssetId: job.videoAssetId,
    sessionId: input.sessionId,
  });
}
