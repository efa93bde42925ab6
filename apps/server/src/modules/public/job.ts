import { and, asc, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import {
  companies,
  companyAgencies,
  jobTeamMembers,
  jobs,
  memberships,
  videoAssets,
} from '@hirecast/db/schema';
import { DEFAULT_BACKGROUND_COLOR, DEFAULT_PRIMARY_COLOR } from '@hirecast/domain/constants';
import type { TDelta, TJobLocation } from '@hirecast/domain/job';
import {
  DEFAULT_VIDEO_QUESTION,
  type TPublicJob,
  type TPublicJobSummary,
  type TPublicVideo,
} from '@hirecast/domain/public-job';
import { planAllows, type TPlanCapability } from '@hirecast/domain/plan';
import { buildSharePath } from '@hirecast/domain/share-url';
import { UUID } from '@hirecast/domain/uuid';
import { cuesText } from '@hirecast/domain/captions';
import { buildJobCaptionsPath, buildPreviewCaptionsPath } from '@hirecast/domain/public-video';
import type { TContext } from '../../lib/context.ts';
import { publicUrl } from '../assets/index.ts';
import { companyPlan } from '../billing/index.ts';
import { applyInterviewOf, interviewSummary } from '../interviews/index.ts';
import { additionalVideoIds, type TJobRow } from '../jobs/index.ts';
import { publicPrivacyNotice } from '../privacy/index.ts';
import { publiclyVisible } from '../assets/index.ts';
import { loadCaptions } from '../transcripts/index.ts';

type TCompanyRow = typeof companies.$inferSelect;
export type TLoadedPublicJob = { job: TPublicJob; row: TJobRow; companyId: string };
type TPublicContext = Pick<TContext, 'db' | 'storage'>;

const SHORT_ID = /^[0-9A-Za-z]{8}$/;
/** spec 1 §3 showOtherJobs: how many of the company's other open jobs a job page lists. */
export const OTHER_JOBS_MAX = 6;

const pathOf = (row: Pick<TJobRow, 'location' | 'title' | 'shortId'>, companyName: string) =>
  buildSharePath({ city: row.location?.city, companyName, title: row.title, shortId: row.shortId });

type TVideoAssetRow = typeof videoAssets.$inferSelect;
/** Where the page's players read a video's captions: the public route, or the preview's for the job's team. */
type TCaptionsPathOf = (row: TJobRow, assetId: string) => string;
const publicCaptionsPath: TCaptionsPathOf = (row, assetId) => buildJobCaptionsPath(row.shortId, assetId);
const previewCaptionsPath: TCaptionsPathOf = (row, assetId) => buildPreviewCaptionsPath(row.id, assetId);

/**
 * A library video as the public players play it. `captionsPath`: the public address of its captions (the page's
 * own route, buildJobCaptionsPath or buildCompanyCaptionsPath), used when it has captions.
 */
export async function toHostedVideo(
  ctx: TPublicContext,
  asset: TVideoAssetRow,
  captionsPath?: string,
): Promise<TPublicVideo> {
  const captions = captionsPath ? await loadCaptions(ctx.db, asset.id) : null;
  return {
    kind: 'hosted',
    assetId: asset.id,
    mp4: await publicUrl(ctx, asset.data.videoMp4Url),
    mp4_720p: await publicUrl(ctx, asset.data.videoMp4Url_720p),
    poster: await publicUrl(ctx, asset.data.image640),
    width: asset.width,
    height: asset.height,
    duration: asset.duration,
    uploadedAt: asset.createdAt.toISOString(),
    captions:
      captionsPath && captions && captions.cues.length > 0
        ? {
            // The version in the address: the route is cached for minutes, an edit shows on the next visit.
            src: `${captionsPath}?v=${captions.updatedAt?.getTime() ?? 0}`,
            srclang: captions.language ?? 'en',
            transcript: cuesText(captions.cues),
          }
        : null,
  };
}

/**
 * The job's hosted videos by asset id, in one query: the main library video and, when the job shows them, its
 * additional videos (spec 1 §3 showAdditionalVideos). A video that failed processing has nothing to play.
 */
async function hostedVideos(
  ctx: TPublicContext,
  row: TJobRow,
  ids: string[],
  captionsPathOf: TCaptionsPathOf,
) {
  const videos = new Map<string, TPublicVideo>();
  if (ids.length === 0) return videos;
  const found = await ctx.db
    .select()
    .from(videoAssets)
    .where(and(inArray(videoAssets.id, ids), eq(videoAssets.companyId, row.companyId)));
  for (const asset of found) {
    if (asset.status !== 'error')
      videos.set(asset.id, await toHostedVideo(ctx, asset, captionsPathOf(row, asset.id)));
  }
  return videos;
}

async function otherOpenJobs(ctx: TPublicContext, row: TJobRow, companyName: string) {
  const rows = await ctx.db
    .select({
      shortId: jobs.shortId,
      title: jobs.title,
      location: jobs.location,
      employmentType: jobs.employmentType,
    })
    .from(jobs)
    .where(and(eq(jobs.companyId, row.companyId), eq(jobs.status, 'open'), ne(jobs.id, row.id)))
    .orderBy(desc(jobs.isFirstJob), asc(jobs.order), asc(jobs.createdAt))
    .limit(OTHER_JOBS_MAX);
  return rows.map((other): TPublicJobSummary => ({
    shortId: other.shortId,
    title: other.title,
    path: pathOf(other, companyName),
    city: other.location?.city ?? null,
    employmentType: other.employmentType as TPublicJobSummary['employmentType'],
  }));
}

const websiteOf = (company: TCompanyRow) =>
  company.info.find((link) => link.type === 'website')?.value ?? null;

/** A job as its public page shows it (GET /api/public/job/{shortId}). */
/**
 * spec 1 §2 'include agency branding': an agency company's job that includes it names the agency beside the
 * company (the Agency tab's name and logo); nothing until the agency has a name.
 */
async function agencyOf(ctx: TPublicContext, row: TJobRow, company: TCompanyRow) {
  if (!company.isAgency || !row.isAgencyIncluded) return null;
  const [agency] = await ctx.db
    .select({ name: companyAgencies.name, logo: companyAgencies.logo })
    .from(companyAgencies)
    .where(eq(companyAgencies.companyId, company.id));
  return agency?.name.trim() ? { name: agency.name, logo: agency.logo } : null;
}

export async function toPublicJob(
  ctx: TPublicContext,
  { row, company }: { row: TJobRow; company: TCompanyRow },
  captionsPathOf: TCaptionsPathOf = publicCaptionsPath,
): Promise<TPublicJob> {
  const extraIds = row.showAdditionalVideos ? additionalVideoIds(row) : [];
  const hostedIds = [...new Set([...(row.videoAssetId ? [row.videoAssetId] : []), ...extraIds])];
  const [hosted, otherJobs, agency, plan, interview, privacy] = await Promise.all([
    hostedVideos(ctx, row, hostedIds, captionsPathOf),
    row.showOtherJobs ? otherOpenJobs(ctx, row, company.name) : Promise.resolve([]),
    agencyOf(ctx, row, company),
    companyPlan(ctx.db, company.id),
    applyInterviewOf(ctx.db, row.id),
    publicPrivacyNotice(ctx.db, company.id),
  ]);
  // spec 1 §6: what the job asks of candidates is what the company's plan sells (a job set up before a
  // downgrade keeps its fields, but the public flow no longer offers them).
  const allows = (capability: TPlanCapability) => planAllows(plan.features, capability);
  const video: TPublicVideo | null = row.videoAssetId
    ? (hosted.get(row.videoAssetId) ?? null)
    : row.video
      ? { kind: 'embed', url: row.video }
      : null;
  // Additional videos deleted from the library, that failed or that have no rendition yet (nothing to play)
  // drop out; the rest keep their order.
  const additionalVideos = extraIds
    .map((id) => hosted.get(id))
    .filter((v): v is TPublicVideo => v?.kind === 'hosted' && Boolean(v.mp4 ?? v.mp4_720p));
  return {
    shortId: row.shortId,
    path: pathOf(row, company.name),
    title: row.title,
    postHeading: row.postHeading,
    description: (row.description as TDelta | null) ?? null,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    location: row.hideLocation ? null : ((row.location as TJobLocation | null) ?? null),
    employmentType: row.employmentType as TPublicJob['employmentType'],
    locationType: row.locationType as TPublicJob['locationType'],
    salary: row.salary as TPublicJob['salary'],
    image: row.image,
    video,
    company: {
      name: company.name,
      slug: company.slug,
      description: company.description,
      logo: company.logo,
      primaryColor: company.primaryColor ?? DEFAULT_PRIMARY_COLOR,
      backgroundColor: company.backgroundColor ?? DEFAULT_BACKGROUND_COLOR,
      website: websiteOf(company),
    },
    agency,
    isHiringNow: row.isHiringNow,
    // Issue 25: an interview in the apply flow takes the video introduction's place.
    isVideoOptional:
      row.isVideoOptional || !allows('introVideo') || (interview !== null && allows('introVideo')),
    videoQuestion: row.videoQuestion || DEFAULT_VIDEO_QUESTION,
    customQuestion: (allows('customQuestion') && row.customQuestion) || null,
    // Issue 25: as the video introduction it replaces, only where the plan takes video applications.
    interview: interview && allows('introVideo') ? interviewSummary(interview.questions) : null,
    applyUrl:
      allows('redirectCandidates') && row.customApplication && row.customApplicationUrl
        ? row.customApplicationUrl
        : null,
    otherJobs,
    additionalVideos,
    planFeatures: { ...plan.features },
    privacy,
  };
}

async function loadBy(
  ctx: TPublicContext,
  where: SQL,
  captionsPathOf: TCaptionsPathOf = publicCaptionsPath,
): Promise<TLoadedPublicJob | null> {
  const [found] = await ctx.db
    .select({ row: jobs, company: companies })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(where)
    .limit(1);
  if (!found) return null;
  return {
    job: await toPublicJob(ctx, found, captionsPathOf),
    row: found.row,
    companyId: found.row.companyId,
  };
}

/** A job by its shortId, open or closed once published; null when there is none or it was never live. */
export async function loadPublicJob(ctx: TPublicContext, { shortId }: { shortId: string }) {
  if (!SHORT_ID.test(shortId)) return null;
  return loadBy(ctx, and(eq(jobs.shortId, shortId), publiclyVisible())!);
}

/**
 * spec 1 §2 /preview/{id}: the job for its team only, open or closed: a member of the job's company or a
 * member of the job's team. Anyone else gets null, so a job's existence is not revealed. Its players read their
 * captions from the preview's own route (issue 34 item 2: the public one serves published jobs only).
 */
export async function loadPreviewJob(
  ctx: TPublicContext,
  { jobId, userId }: { jobId: string; userId: string },
) {
  if (!UUID.test(jobId)) return null;
  const [job] = await ctx.db
    .select({ companyId: jobs.companyId })
    .from(jobs)
    .where(eq(jobs.id, jobId))
    .limit(1);
  if (!job) return null;
  const [member] = await ctx.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.companyId, job.companyId), eq(memberships.userId, userId)))
    .limit(1);
  if (!member) {
    const [onTeam] = await ctx.db
      .select({ id: jobTeamMembers.id })
      .from(jobTeamMembers)
      .where(and(eq(jobTeamMembers.jobId, jobId), eq(jobTeamMembers.userId, userId)))
      .limit(1);
    if (!onTeam) return null;
  }
  return loadBy(ctx, eq(jobs.id, jobId), previewCaptionsPath);
}

/**
 * Where a public job's own hosted video (its best rendition) or its poster is now: a freshly signed URL, or null
 * when the job is not public or has no such file (issue 23 item 9).
 */
export async function publicJobVideoUrl(
  ctx: TPublicContext,
  { shortId, what }: { shortId: string; what: 'video' | 'poster' },
) {
  if (!SHORT_ID.test(shortId)) return null;
  const [found] = await ctx.db
    .select({ asset: videoAssets })
    .from(jobs)
    .innerJoin(
      videoAssets,
      and(eq(videoAssets.id, jobs.videoAssetId), eq(videoAssets.companyId, jobs.companyId)),
    )
    .where(and(eq(jobs.shortId, shortId), publiclyVisible()))
    .limit(1);
  if (!found || found.asset.status === 'error') return null;
  const { data } = found.asset;
  const key = what === 'video' ? (data.videoMp4Url_720p ?? data.videoMp4Url) : data.image640;
  return (await publicUrl(ctx, key)) ?? null;
}
