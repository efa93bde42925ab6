import { count, eq, inArray } from 'drizzle-orm';
import { assetEngagement, companyQuestions, videoAssets, type jobs } from '@hirecast/db/schema';
import type { TVideoAsset } from '@hirecast/domain/asset';
import type { TAiSettings, TDelta, TJob, TJobLocation, TSalary } from '@hirecast/domain/job';
import { ZAiDescriptionData } from '@hirecast/domain/job';
import { jobLinkData } from '@hirecast/domain/share-url';
import type { TContext } from '../../lib/context.ts';
import { toVideoAsset } from '../assets/index.ts';

export type TJobRow = typeof jobs.$inferSelect;
type TJobStats = NonNullable<TJob['stats']>;

const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);

type TVideoEngagement = TJobStats['videoEngagement'];

/**
 * spec 3 §3 videoEngagement from how many sessions stopped at each furthest second: for every second, the
 * sessions that watched at least that far (the same curve as GET /asset/{id}/statistic).
 */
export function engagementCurve(stops: { maxSecond: number; sessions: number }[]): TVideoEngagement {
  const total = stops.reduce((sum, s) => sum + s.sessions, 0);
  if (total === 0) return [];
  const last = Math.floor(Math.max(...stops.map((s) => s.maxSecond)));
  // Issue 23 item 1: positions keep fractions; a session counts at every whole second it reached.
  const stoppedAt = new Map<number, number>();
  for (const s of stops) {
    const second = Math.floor(s.maxSecond);
    stoppedAt.set(second, (stoppedAt.get(second) ?? 0) + s.sessions);
  }
  const curve: TVideoEngagement = [];
  let viewers = 0;
  for (let second = last; second >= 0; second--) {
    viewers += stoppedAt.get(second) ?? 0;
    curve.push({ second, viewers, percentage: Math.round((viewers / total) * 10000) / 100 });
  }
  return curve.reverse();
}

/** The engagement curves of library videos, by asset id, in one query. */
async function videoEngagementOf(ctx: Pick<TContext, 'db'>, assetIds: string[]) {
  const curves = new Map<string, TVideoEngagement>();
  if (assetIds.length === 0) return curves;
  const rows = await ctx.db
    .select({ assetId: assetEngagement.assetId, maxSecond: assetEngagement.maxSecond, sessions: count() })
    .from(assetEngagement)
    .where(inArray(assetEngagement.assetId, assetIds))
    .groupBy(assetEngagement.assetId, assetEngagement.maxSecond);
  for (const id of assetIds) curves.set(id, engagementCurve(rows.filter((r) => r.assetId === id)));
  return curves;
}

// spec 1 §3 stats, from the counters the public site fills. Rates are fractions (0..1, four decimals):
// applyRate = submitted / visits, submittedApplicationsRate = submitted / started. Video engagement is the
// job's library video's (a pasted YouTube/Vimeo link reports none).
export function jobStats(row: TJobRow, videoEngagement: TVideoEngagement = []): TJobStats {
  return {
    totalVisits: row.totalVisits,
    totalApplies: row.startedApplications,
    startedApplications: row.startedApplications,
    submittedApplications: row.submittedApplications,
    applyRate: rate(row.submittedApplications, row.totalVisits),
    submittedApplicationsRate: rate(row.submittedApplications, row.startedApplications),
    videoEngagement,
  };
}

/** The additional videos' asset ids in their order (spec 1 §3 `additionalVideos (list of _asset and order)`). */
export const additionalVideoIds = (row: Pick<TJobRow, 'additionalVideos'>): string[] =>
  [...row.additionalVideos].sort((a, b) => a.order - b.order).map((video) => video.assetId);

// The API keeps the spec's field names (ARCHITECTURE.md, Database).
export function serializeJob(
  row: TJobRow,
  {
    companyName,
    includeStats = false,
    video = null,
    additionalVideos = [],
    videoEngagement = [],
  }: {
    companyName: string;
    includeStats?: boolean;
    video?: TVideoAsset | null;
    additionalVideos?: TVideoAsset[];
    videoEngagement?: TVideoEngagement;
  },
): TJob {
  const aiDescriptionData = ZAiDescriptionData.safeParse(row.aiDescriptionData);
  return {
    _id: row.id,
    _company: row.companyId,
    shortId: row.shortId,
    title: row.title,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    location: (row.location as TJobLocation | null) ?? null,
    postHeading: row.postHeading,
    description: (row.description as TDelta | null) ?? null,
    image: row.image,
    _video: video ?? row.video,
    employmentType: row.employmentType as TJob['employmentType'],
    locationType: row.locationType as TJob['locationType'],
    salary: row.salary as TSalary,
    isHiringNow: row.isHiringNow,
    showOtherJobs: row.showOtherJobs,
    showAdditionalVideos: row.showAdditionalVideos,
    additionalVideos,
    hideLocation: row.hideLocation,
    isAgencyIncluded: row.isAgencyIncluded,
    customApplication: row.customApplication,
    customApplicationURL: row.customApplicationUrl,
    isExternalATSValidation: row.isExternalAtsValidation,
    isVideoOptional: row.isVideoOptional,
    videoQuestion: row.videoQuestion,
    language: row.language,
    customQuestion: row.customQuestion,
    aiSettings: row.aiSettings as TAiSettings,
    aiDescriptionData: aiDescriptionData.success ? aiDescriptionData.data : {},
    isFirstJob: row.isFirstJob,
    order: row.order,
    linkData: jobLinkData({ city: row.location?.city, companyName, title: row.title }),
    // Applicants arrive with the applicants issue; until then the submitted counter stands for them.
    applicantsCount: row.submittedApplications,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(includeStats && { stats: jobStats(row, videoEngagement) }),
  };
}

type TPresentOptions = { companyName: string; includeStats?: boolean };

/**
 * Jobs as the API answers them: library videos (the main one and the additional ones) loaded in one query and
 * their file URLs signed. Additional videos deleted from the library are left out.
 */
export async function presentJobs(
  ctx: Pick<TContext, 'db' | 'storage'>,
  rows: TJobRow[],
  options: TPresentOptions,
) {
  const ids = [...new Set(rows.map((r) => r.videoAssetId).filter((id): id is string => id !== null))];
  const allIds = [...new Set([...ids, ...rows.flatMap(additionalVideoIds)])];
  const assets = new Map<string, TVideoAsset>();
  if (allIds.length > 0) {
    const found = await ctx.db
      .select({ asset: videoAssets, question: companyQuestions.text })
      .from(videoAssets)
      .leftJoin(companyQuestions, eq(companyQuestions.id, videoAssets.questionId))
      .where(inArray(videoAssets.id, allIds));
    for (const { asset, question } of found) assets.set(asset.id, await toVideoAsset(ctx, asset, question));
  }
  const engagement = options.includeStats
    ? await videoEngagementOf(ctx, ids)
    : new Map<string, TVideoEngagement>();
  return rows.map((row) =>
    serializeJob(row, {
      ...options,
      video: row.videoAssetId ? assets.get(row.videoAssetId) : null,
      additionalVideos: additionalVideoIds(row)
        .map((id) => assets.get(id))
        .filter((asset): asset is TVideoAsset => asset !== undefined),
      videoEngagement: row.videoAssetId ? engagement.get(row.videoAssetId) : [],
    }),
  );
}

export const presentJob = async (
  ctx: Pick<TContext, 'db' | 'storage'>,
  row: TJobRow,
  options: TPresentOptions,
): Promise<TJob> => (await presentJobs(ctx, [row], options))[0]!;
