import { and, eq } from 'drizzle-orm';
import type { TDbLike } from '@hirecast/db/client';
import { jobTrackingEvents } from '@hirecast/db/schema';
import { attributeEvent, type TAttribution, type TWatchBand } from '@hirecast/domain/sharing';
import {
  attributionOf,
  bandOfSession,
  ownAttribution,
  sessionVisit,
  type TEventOrigin,
  type TTrackingEvent,
} from './attribution.ts';
import { cohortCounter, type TCounterMoves } from './rollup.ts';

type TJob = { id: string; companyId: string; videoAssetId: string | null };
type TVisitRow = typeof jobTrackingEvents.$inferSelect;

/**
 * Issue 23 item 4: an apply start through a member's link earns nothing by itself (anyone can send the beacon);
 * it is credited to the sharer, once, when the application is submitted. Other traffic counts its apply
 * starts as they come (the campaigns and the company's chart).
 */
function creditedDeltas(event: 'apply_started' | 'apply_submitted', attribution: TAttribution) {
  const referral = Boolean(attribution.referralToken);
  if (event === 'apply_started') return referral ? {} : { applies: 1 };
  return referral ? { applies: 1, submits: 1 } : { submits: 1 };
}

const sessionEvent = (jobId: string, event: TTrackingEvent, sessionId: string) =>
  and(
    eq(jobTrackingEvents.jobId, jobId),
    eq(jobTrackingEvents.event, event),
    eq(jobTrackingEvents.sessionId, sessionId),
  );

/** A counted visit moves the sums, its cohort and the job's visit counter. */
function countVisit(moves: TCounterMoves, jobId: string, visit: TVisitRow) {
  moves.rollup({
    jobId,
    at: visit.createdAt,
    attribution: attributionOf(visit),
    deltas: { visits: 1, [cohortCounter('visit', visit.watchBand as TWatchBand)]: 1 },
  });
  moves.job(jobId, 'totalVisits');
}

/**
 * Issue 33 item 6: a session that starts or submits an application has visited the job. Its visit row is made
 * (none: an application sent without the page's beacons) or made to count (the visitor's mark had visited that
 * day: another person behind the same address and browser build). So every funnel step and every share is a
 * subset of the step before. A referral visit that would count beyond its address's places of the day
 * (`claimReferralPlace`) stops an apply start (answers null); a submission always counts (it is an application).
 */
async function visitOfApplying(
  tx: TDbLike,
  input: { job: TJob; event: TTrackingEvent; sessionId: string; origin: TEventOrigin; moves: TCounterMoves },
  claimReferralPlace?: () => Promise<boolean>,
): Promise<TVisitRow | null> {
  const { job, sessionId } = input;
  const existing = await sessionVisit(tx, { jobId: job.id, sessionId });
  if (existing?.counted) return existing;
  // First touch: the visit's own attribution when there is one, else what this event came with.
  const referral = existing
    ? Boolean(existing.referralToken)
    : Boolean((await ownAttribution(tx, job.companyId, input.origin)).referralToken);
  if (input.event === 'apply_started' && referral && claimReferralPlace && !(await claimReferralPlace())) {
    return null;
  }
  if (existing) {
    const [upgraded] = await tx
      .update(jobTrackingEvents)
      .set({ counted: true })
      .where(and(sessionEvent(job.id, 'visit', sessionId), eq(jobTrackingEvents.counted, false)))
      .returning();
    if (upgraded) countVisit(input.moves, job.id, upgraded);
    return upgraded ?? (await sessionVisit(tx, { jobId: job.id, sessionId }));
  }
  const attribution = attributeEvent({
    visit: null,
    own: await ownAttribution(tx, job.companyId, input.origin),
  });
  const band = await bandOfSession(tx, { videoAssetId: job.videoAssetId, sessionId });
  const [made] = await tx
    .insert(jobTrackingEvents)
    .values({ jobId: job.id, event: 'visit', sessionId, ...attribution, watchBand: band, counted: true })
    .onConflictDoNothing()
    .returning();
  if (made) countVisit(input.moves, job.id, made);
  return made ?? (await sessionVisit(tx, { jobId: job.id, sessionId }));
}

/** Records a session's apply start or submission (the row, its credit and its cohort); answers if it was new. */
async function recordApplyEvent(
  tx: TDbLike,
  {
    job,
    event,
    sessionId,
    visit,
    moves,
  }: {
    job: TJob;
    event: 'apply_started' | 'apply_submitted';
    sessionId: string;
    visit: TVisitRow;
    moves: TCounterMoves;
  },
) {
  const attribution = attributionOf(visit);
  const [inserted] = await tx
    .insert(jobTrackingEvents)
    .values({ jobId: job.id, event, sessionId, ...attribution, watchBand: 0, counted: true })
    .onConflictDoNothing()
    .returning({ createdAt: jobTrackingEvents.createdAt });
  if (!inserted) return false;
  const deltas = creditedDeltas(event, attribution);
  if (Object.keys(deltas).length > 0) {
    moves.rollup({ jobId: job.id, at: inserted.createdAt, attribution, deltas });
  }
  moves.rollup({
    jobId: job.id,
    at: visit.createdAt,
    attribution,
    deltas: { [cohortCounter(event, visit.watchBand as TWatchBand)]: 1 },
  });
  return true;
}

/**
 * Issue 16: records one tracking event of a browser session, once, credited by first touch (the session's
 * visit decides; domain attributeEvent), and adds the rollup's moves to `moves`. Answers whether it was new.
 * Runs inside withJobCounters (rollup.ts), which writes the moves when its transaction ends; the caller adds the
 * job counter of this event, and the visit and apply start it implies add theirs here.
 */
export async function recordTrackingEvent(
  tx: TDbLike,
  input: {
    job: TJob;
    event: TTrackingEvent;
    sessionId: string;
    origin: TEventOrigin;
    /** A visit only: false when the visitor has already visited the job that day (sharing/visitors.ts). */
    counted?: boolean;
    /** Beacons: takes one of the client address's referral places of the day (visitors.ts). */
    claimReferralPlace?: () => Promise<boolean>;
    moves: TCounterMoves;
  },
): Promise<boolean> {
  const { job, event, sessionId, moves } = input;
  if (event !== 'visit') {
    const visit = await visitOfApplying(tx, input, input.claimReferralPlace);
    if (!visit) return false;
    if (event === 'apply_submitted') {
      // A submission without its apply start (the beacon was lost or never sent) started it too.
      if (await recordApplyEvent(tx, { job, event: 'apply_started', sessionId, visit, moves }))
        moves.job(job.id, 'startedApplications');
    }
    return recordApplyEvent(tx, { job, event, sessionId, visit, moves });
  }
  const attribution = attributeEvent({
    visit: null,
    own: await ownAttribution(tx, job.companyId, input.origin),
  });
  // A session's visit is recorded once (an apply start that overtook it may have made it already).
  if (await sessionVisit(tx, { jobId: job.id, sessionId })) return false;
  let counted = input.counted !== false;
  // Issue 33 item 6: a few referral visits per address, job and day, whatever user agents it shows.
  if (counted && attribution.referralToken && input.claimReferralPlace)
    counted = await input.claimReferralPlace();
  // The player may have reported before the page's visit beacon arrived.
  const band = await bandOfSession(tx, { videoAssetId: job.videoAssetId, sessionId });
  const [inserted] = await tx
    .insert(jobTrackingEvents)
    .values({ jobId: job.id, event, sessionId, ...attribution, watchBand: band, counted })
    .onConflictDoNothing()
    .returning({ createdAt: jobTrackingEvents.createdAt });
  // A visit that did not count keeps only its row: the first touch of its session's later events.
  if (!inserted || !counted) return false;
  moves.rollup({
    jobId: job.id,
    at: inserted.createdAt,
    attribution,
    deltas: { visits: 1, [cohortCounter('visit', band)]: 1 },
  });
  return true;
}
