import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { jobs } from '@hirecast/db/schema';
import { applyMessages } from '@hirecast/domain/application';
import { messages } from '@hirecast/domain/messages';
import type { TTrackRequest, ZPublicEngagementRequest } from '@hirecast/domain/public-job';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { recordEngagement } from '../assets/index.ts';
import { recordTrackingEvent, recordWatchProgress, withJobCounters } from '../sharing/index.ts';
import {
  firstVisitToday,
  newVisitorCookie,
  readVisitorCookie,
  referralPlaceClaimer,
  visitorMarks,
} from '../sharing/index.ts';
import { publiclyVisible } from '../assets/index.ts';

const SHORT_ID = /^[0-9A-Za-z]{8}$/;
const jobNotFound = () => new AppError('NOT_FOUND', applyMessages.jobNotFound);

// The counter each event moves (spec 1 §3 stats: totalVisits, startedApplications).
const COUNTER = { visit: 'totalVisits', apply_started: 'startedApplications' } as const;

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

/** Who sent a beacon: their address, user agent and visitor cookie (sharing/visitors.ts). */
export type TBeaconClient = { ip: string; userAgent: string | undefined; visitorCookie: string | undefined };

/**
 * Issue 5 item 4: a visit or a started application, once per browser session. The event row and the job's
 * counter move together; a repeated beacon of the same session changes nothing. No personal data is kept.
 * Issue 23 item 4: a visit counts once per visitor, job and day, whatever session ids come; the answer carries
 * the signed visitor cookie to set when the client had none.
 */
export async function trackJobEvent(
  ctx: TContext,
  { shortId, input, client }: { shortId: string; input: TTrackRequest; client: TBeaconClient },
): Promise<{ newVisitorCookie: string | null }> {
  const job = await jobByShortId(ctx, shortId);
  const known = readVisitorCookie(ctx.config.secret, client.visitorCookie);
  const fresh = known ? null : newVisitorCookie(ctx.config.secret);
  const visitorId = known ?? fresh!.id;
  await withJobCounters(ctx.db, job.id, async (tx, moves) => {
    const counted =
      input.event !== 'visit' ||
      (await firstVisitToday(tx, {
        jobId: job.id,
        marks: visitorMarks(ctx.config.secret, { visitorId, ip: client.ip, userAgent: client.userAgent }),
      }));
    // Issue 16: credited by first touch to the sharer's referral token and the UTM values; the rollup moves too.
    const inserted = await recordTrackingEvent(tx, {
      job,
      event: input.event,
      sessionId: input.sessionId,
      counted,
      claimReferralPlace: referralPlaceClaimer(tx, {
        secret: ctx.config.secret,
        jobId: job.id,
        ip: client.ip,
      }),
      origin: {
        ref: input.ref,
        utmSource: input.utm_source,
        utmCampaign: input.utm_campaign,
        utmMedium: input.utm_medium,
      },
      moves,
    });
    // The job's updatedAt is left alone: it is the page's lastmod, and a visit does not change the page.
    if (inserted) moves.job(job.id, COUNTER[input.event]);
  });
  return { newVisitorCookie: fresh?.value ?? null };
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
