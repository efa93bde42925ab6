import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { TDb, TDbLike } from '@hirecast/db/client';
import { assetEngagement, jobTrackingEvents, referralTokens, videoAssets } from '@hirecast/db/schema';
import {
  isReferralToken,
  legacySharerId,
  REFERRAL_TOKEN_LENGTH,
  type TAttribution,
  type TWatchBand,
  watchBand,
} from '@hirecast/domain/sharing';
import { cohortCounter, withJobCounters } from './rollup.ts';

export type TTrackingEvent = 'visit' | 'apply_started' | 'apply_submitted';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const newToken = () => Array.from(randomBytes(REFERRAL_TOKEN_LENGTH), (b) => ALPHABET[b % 62]).join('');

/** The member's referral token in the company, made on first use (domain sharing.ts REFERRAL_PARAM). */
export async function referralTokenFor(
  db: TDbLike,
  { companyId, userId }: { companyId: string; userId: string },
) {
  const find = async () =>
    (
      await db
        .select({ token: referralTokens.token })
        .from(referralTokens)
        .where(and(eq(referralTokens.companyId, companyId), eq(referralTokens.userId, userId)))
    )[0]?.token;
  const existing = await find();
  if (existing) return existing;
  // Two share dialogs opening at once: the unique (company, user) index keeps one token, both read it back.
  await db.insert(referralTokens).values({ token: newToken(), companyId, userId }).onConflictDoNothing();
  const token = await find();
  if (!token) throw new Error('referral token not stored');
  return token;
}

/** What an event arrived with: the ref and UTM values of the page URL. */
export type TEventOrigin = {
  ref?: string | null;
  utmSource?: string | null;
  utmCampaign?: string | null;
  utmMedium?: string | null;
};

/** A token counts only when it is one of the job's company (else dropped; the UTM values stay). */
export async function ownAttribution(
  db: TDbLike,
  companyId: string,
  origin: TEventOrigin,
): Promise<TAttribution> {
  const utm = {
    utmSource: origin.utmSource || null,
    utmCampaign: origin.utmCampaign || null,
    utmMedium: origin.utmMedium || null,
  };
  let referralToken: string | null = null;
  if (isReferralToken(origin.ref)) {
    const [row] = await db
      .select({ token: referralTokens.token })
      .from(referralTokens)
      .where(and(eq(referralTokens.token, origin.ref), eq(referralTokens.companyId, companyId)));
    referralToken = row?.token ?? null;
  } else {
    const sharer = legacySharerId(utm);
    if (sharer) {
      const [row] = await db
        .select({ token: referralTokens.token })
        .from(referralTokens)
        .where(and(eq(referralTokens.userId, sharer), eq(referralTokens.companyId, companyId)));
      referralToken = row?.token ?? null;
    }
  }
  return { referralToken, ...utm };
}

export const attributionOf = (row: TAttribution): TAttribution => ({
  referralToken: row.referralToken,
  utmSource: row.utmSource,
  utmCampaign: row.utmCampaign,
  utmMedium: row.utmMedium,
});

export async function sessionVisit(db: TDbLike, { jobId, sessionId }: { jobId: string; sessionId: string }) {
  const [visit] = await db
    .select()
    .from(jobTrackingEvents)
    .where(
      and(
        eq(jobTrackingEvents.jobId, jobId),
        eq(jobTrackingEvents.event, 'visit'),
        eq(jobTrackingEvents.sessionId, sessionId),
      ),
    );
  return visit ?? null;
}

export async function bandOfSession(
  db: TDbLike,
  { videoAssetId, sessionId }: { videoAssetId: string | null; sessionId: string },
) {
  if (!videoAssetId) return 0 as TWatchBand;
  const [row] = await db
    .select({ maxSecond: assetEngagement.maxSecond, duration: videoAssets.duration })
    .from(assetEngagement)
    .innerJoin(videoAssets, eq(videoAssets.id, assetEngagement.assetId))
    .where(and(eq(assetEngagement.assetId, videoAssetId), eq(assetEngagement.sessionId, sessionId)));
  return row ? watchBand(row.maxSecond, row.duration) : (0 as TWatchBand);
}

/**
 * Issue 16 item 4: after a player beacon, moves the session's visit (and its apply start and submission) to the
 * watch band it has now reached in the video-effect cohort. Bands only go up.
 */
export async function recordWatchProgress(
  db: TDb,
  { jobId, videoAssetId, sessionId }: { jobId: string; videoAssetId: string; sessionId: string },
) {
  await withJobCounters(db, jobId, async (tx, moves) => {
    const band = await bandOfSession(tx, { videoAssetId, sessionId });
    if (band === 0) return;
    const [visit] = await tx
      .select()
      .from(jobTrackingEvents)
      .where(
        and(
          eq(jobTrackingEvents.jobId, jobId),
          eq(jobTrackingEvents.event, 'visit'),
          eq(jobTrackingEvents.sessionId, sessionId),
        ),
      )
      .for('update');
    if (!visit || visit.watchBand >= band) return;
    const old = visit.watchBand as TWatchBand;
    const deltas: Record<string, number> = {};
    // Only a visit that counted is in the visitor cohort; its session's apply start and submission are anyway.
    if (visit.counted) {
      deltas[cohortCounter('visit', old)] = -1;
      deltas[cohortCounter('visit', band)] = 1;
    }
    await tx
      .update(jobTrackingEvents)
      .set({ watchBand: band })
      .where(
        and(
          eq(jobTrackingEvents.jobId, jobId),
          eq(jobTrackingEvents.event, 'visit'),
          eq(jobTrackingEvents.sessionId, sessionId),
        ),
      );
    const later = await tx
      .select({ event: jobTrackingEvents.event })
      .from(jobTrackingEvents)
      .where(
        and(
          eq(jobTrackingEvents.jobId, jobId),
          eq(jobTrackingEvents.sessionId, sessionId),
          inArray(jobTrackingEvents.event, ['apply_started', 'apply_submitted']),
        ),
      );
    for (const { event } of later) {
      const e = event as TTrackingEvent;
      deltas[cohortCounter(e, old)] = -1;
      deltas[cohortCounter(e, band)] = 1;
    }
    moves.rollup({ jobId, at: visit.createdAt, attribution: attributionOf(visit), deltas });
  });
}
