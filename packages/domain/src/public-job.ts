import { z } from 'zod';
import { ZPublicInterviewSummary } from './interview.ts';
import { ZPublicVideo } from './public-video.ts';
import { CURRENCIES, EMPLOYMENT_TYPES, LOCATION_TYPES, SALARY_UNITS, ZDelta, ZJobLocation } from './job.ts';

// Issue 5: the public candidate site. What a job page shows (GET /api/public/job/{shortId}), the tracking
// beacons, and the data the server hands the site's renderer for each page.

// The player's video moved to public-video.ts (issue 15: the company page plays the same videos).
export { ZPublicVideo, type TPublicVideo } from './public-video.ts';

export const ZPublicCompany = z.object({
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  primaryColor: z.string().nullable(),
  backgroundColor: z.string().nullable(),
  website: z.string().nullable(),
});

export const ZPublicJobSummary = z.object({
  shortId: z.string(),
  title: z.string(),
  path: z.string(),
  city: z.string().nullable(),
  employmentType: z.enum(EMPLOYMENT_TYPES),
});
export type TPublicJobSummary = z.infer<typeof ZPublicJobSummary>;

export const ZPublicJob = z.object({
  shortId: z.string(),
  /** `/job/{city}/{company}/{title}-{shortId}` (spec 1 §7). */
  path: z.string(),
  title: z.string(),
  postHeading: z.string(),
  description: ZDelta.nullable(),
  status: z.enum(['open', 'closed']),
  publishedAt: z.string().nullable(),
  /** Null when the job hides its location. */
  location: ZJobLocation.nullable(),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  locationType: z.enum(LOCATION_TYPES),
  salary: z.object({
    from: z.string().nullable().optional(),
    to: z.string().nullable().optional(),
    currency: z.enum(CURRENCIES),
    unit: z.enum(SALARY_UNITS),
  }),
  image: z.string().nullable(),
  video: ZPublicVideo.nullable(),
  company: ZPublicCompany,
  /** Agency branding, when the job includes it and the company is an agency. */
  agency: z.object({ name: z.string(), logo: z.string().nullable() }).nullable(),
  isHiringNow: z.boolean(),
  isVideoOptional: z.boolean(),
  /** The intro question the candidate's video answers (a default when the job has none). */
  videoQuestion: z.string(),
  customQuestion: z.string().nullable(),
  /**
   * Issue 25: the job's interview in the apply flow (in place of the video introduction): how many questions and
   * about how long; null (or absent) when the job has none.
   */
  interview: ZPublicInterviewSummary.nullable().optional(),
  /** A job that redirects candidates sends them to this URL instead of the apply flow. */
  applyUrl: z.string().nullable(),
  otherJobs: z.array(ZPublicJobSummary),
  additionalVideos: z.array(ZPublicVideo),
  /**
   * The company's plan features (spec 1 §6), read through plan.ts PLAN_FEATURE_TABLE: without Video
   * Applications the apply flow has no video step; pre-launch blurs the job video. customQuestion, applyUrl and
   * isVideoOptional above already follow the plan.
   */
  planFeatures: z.object({
    videoJobPosts: z.boolean(),
    videoApplications: z.boolean(),
    preLaunch: z.boolean(),
  }),
});
export type TPublicJob = z.infer<typeof ZPublicJob>;

export const DEFAULT_VIDEO_QUESTION = 'Tell us about yourself and why you would like this job.';

// Tracking (issue 5 item 4): no personal data; the session id is random per browser session.
export const TRACKING_EVENTS = ['visit', 'apply_started'] as const;
export const ZTrackRequest = z.object({
  event: z.enum(TRACKING_EVENTS),
  sessionId: z.string().min(8).max(64),
  utm_source: z.string().trim().max(100).optional(),
  utm_campaign: z.string().trim().max(100).optional(),
  utm_medium: z.string().trim().max(100).optional(),
  /** Issue 16: the sharer's referral token of the page URL (sharing.ts REFERRAL_PARAM). */
  ref: z.string().trim().max(100).optional(),
});
export type TTrackRequest = z.infer<typeof ZTrackRequest>;

/** Job video engagement beacon: the second reached while watching (POST /api/public/job/{shortId}/engagement). */
export const ZPublicEngagementRequest = z.object({
  sessionId: z.string().min(8).max(64),
  /** Issue 23 item 1: the furthest position reached, in seconds (fractions kept). */
  second: z
    .number()
    .min(0)
    .max(24 * 3600),
});
