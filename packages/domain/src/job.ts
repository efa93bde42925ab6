import { z } from 'zod';
import { zEmail } from './fields.ts';
import { jobMessages } from './job-messages.ts';
import { isWebLink } from './url.ts';
import { ZVideoAsset } from './asset.ts';

import { EMPLOYMENT_TYPES, LOCATION_TYPES } from './job-labels.ts';
import { SPOKEN_LANGUAGE_CODES } from './languages.ts';

export { EMPLOYMENT_TYPES, LOCATION_TYPES, LOCATION_TYPE_LABELS } from './job-labels.ts';
export const CURRENCIES = ['EUR', 'USD', 'GBP'] as const;
export const SALARY_UNITS = ['hourly', 'daily', 'weekly', 'bi-weekly', 'monthly', 'annually'] as const;
export const AI_TONES = ['fun', 'friendly', 'warm', 'welcoming', 'casual', 'formal', 'professional'] as const;
export const JOB_STATUSES = ['open', 'closed'] as const;

// spec 1 §9
export const JOB_LIMITS = {
  titleMax: 90,
  customQuestionMax: 90,
  postHeadingMax: 150,
  shareEmailsMax: 3,
  shareEmailMax: 40,
  shareMessageMax: 300,
  inviteEmailMax: 40,
  scoreMin: 0,
  scoreMax: 5,
  scoreDefault: 4,
  inviteResendGapMs: 30_000,
  titleTruncate: 50,
  imageMaxBytes: 10_000_000,
  additionalVideosMax: 10,
} as const;

// spec 1 §9 defaults
export const JOB_DEFAULTS = {
  employmentType: 'part-time',
  locationType: 'on location',
  currency: 'GBP',
  unit: 'annually',
  isVideoOptional: true,
} as const;

// A Quill Delta, stored as is (ARCHITECTURE.md); the public site renders it through an allow-list sanitiser.
// Its shape is bounded, though: Quill's formats and embeds are flat ({ bold: true }, { image: url }), and an
// unbounded one (attributes nested 5,000 deep) overflowed the stack on its way to the database.
export const DELTA_LIMITS = { ops: 5000, keys: 32, keyMax: 64, valueMax: 2000 } as const;
const zDeltaKey = z.string().max(DELTA_LIMITS.keyMax, jobMessages.descriptionUnreadable);
const unreadable = { error: jobMessages.descriptionUnreadable };
const zDeltaScalar = z.union(
  [z.string().max(DELTA_LIMITS.valueMax, unreadable), z.number(), z.boolean(), z.null()],
  unreadable,
);
const zDeltaRecord = <T extends z.ZodType>(value: T) =>
  z
    .record(zDeltaKey, value, unreadable)
    .refine((r) => Object.keys(r).length <= DELTA_LIMITS.keys, unreadable);
// An embed's value may be one flat object (a custom embed's options); nothing deeper.
const zDeltaEmbed = zDeltaRecord(z.union([zDeltaScalar, zDeltaRecord(zDeltaScalar)], unreadable));
export const ZDeltaOp = z
  .object({
    insert: z.union([z.string(), zDeltaEmbed], unreadable).optional(),
    delete: z.number().int().optional(),
    retain: z.union([z.number().int(), zDeltaEmbed], unreadable).optional(),
    attributes: zDeltaRecord(zDeltaScalar).optional(),
  })
  .strict();
export const ZDelta = z.object({ ops: z.array(ZDeltaOp).max(DELTA_LIMITS.ops) });
export type TDelta = z.infer<typeof ZDelta>;

export const ZJobLocation = z.object({
  streetAddress: z.string().trim().max(200).optional(),
  city: z.string().trim().max(120).optional(),
  county: z.string().trim().max(120).optional(),
  country: z.string().trim().max(120).optional(),
  postalCode: z.string().trim().max(20).optional(),
  lat: z.number().min(-90).max(90).optional(),
  lon: z.number().min(-180).max(180).optional(),
});
export type TJobLocation = z.infer<typeof ZJobLocation>;

// spec 1 §5: salary from/to are digits, dots and commas.
export const SALARY_PATTERN = /^[\d.,]*$/;
export const isSalaryValue = (value: string) => SALARY_PATTERN.test(value.trim());
const zSalaryAmount = z
  .string()
  .trim()
  .max(20, jobMessages.salaryNumeric)
  .refine(isSalaryValue, jobMessages.salaryNumeric);

export const ZSalary = z.object({
  from: zSalaryAmount.nullable().optional(),
  to: zSalaryAmount.nullable().optional(),
  currency: z.enum(CURRENCIES),
  unit: z.enum(SALARY_UNITS),
});
export type TSalary = z.infer<typeof ZSalary>;

export const ZAiSettings = z.object({
  isScreening: z.boolean(),
  isShortlist: z.boolean(),
  score: z
    .number({ error: jobMessages.scoreRange })
    .min(JOB_LIMITS.scoreMin, jobMessages.scoreRange)
    .max(JOB_LIMITS.scoreMax, jobMessages.scoreRange)
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, jobMessages.scoreRange),
  isAutoShortlist: z.boolean(),
  isAutoRejection: z.boolean(),
  isDisableApplicantFeedbackDialog: z.boolean(),
});
export type TAiSettings = z.infer<typeof ZAiSettings>;
export const DEFAULT_AI_SETTINGS: TAiSettings = {
  isScreening: false,
  isShortlist: false,
  score: JOB_LIMITS.scoreDefault,
  isAutoShortlist: false,
  isAutoRejection: false,
  isDisableApplicantFeedbackDialog: true,
};

export const ZAiDescriptionData = z.object({
  state: z.record(z.string(), z.string().max(2000)).optional(),
  tone: z.enum(AI_TONES).optional(),
  activeStep: z.number().int().min(0).max(5).optional(),
});

const zRedirectUrl = z
  .string()
  .trim()
  .max(2000, jobMessages.redirectUrlInvalid)
  .refine((v) => v === '' || (v.startsWith('https://') && isWebLink(v)), jobMessages.redirectUrlInvalid);

// The editable fields of a job (spec 1 §3 Job listing). Every field is optional on PATCH.
const jobFields = {
  title: z
    .string()
    .trim()
    .max(JOB_LIMITS.titleMax, `Title must be at most ${JOB_LIMITS.titleMax} characters`),
  location: ZJobLocation.nullable(),
  postHeading: z.string().trim().max(JOB_LIMITS.postHeadingMax),
  description: ZDelta.nullable(),
  image: z.string().trim().max(2000).nullable(),
  // spec 1 §3 `_video (asset or string)`: the id of a library video, or a YouTube/Vimeo link (stored as its
  // embed URL). The answer carries the asset itself (with signed URLs) or the embed URL.
  _video: z.string().trim().max(2000).nullable(),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  locationType: z.enum(LOCATION_TYPES),
  salary: ZSalary,
  isHiringNow: z.boolean(),
  showOtherJobs: z.boolean(),
  showAdditionalVideos: z.boolean(),
  // spec 1 §3 `additionalVideos (list of _asset and order)`: library video ids in their order (order = index).
  additionalVideos: z.array(z.uuid()).max(JOB_LIMITS.additionalVideosMax),
  hideLocation: z.boolean(),
  isAgencyIncluded: z.boolean(),
  customApplication: z.boolean(),
  customApplicationURL: zRedirectUrl.nullable(),
  isExternalATSValidation: z.boolean(),
  isVideoOptional: z.boolean(),
  videoQuestion: z.string().trim().max(JOB_LIMITS.customQuestionMax).nullable(),
  // Issue 34: the language candidates speak (ISO 639-1), the transcription engine's hint; null: not said.
  language: z.enum(SPOKEN_LANGUAGE_CODES, 'Choose a language from the list').nullable(),
  customQuestion: z
    .string()
    .trim()
    .max(
      JOB_LIMITS.customQuestionMax,
      `Custom question must be at most ${JOB_LIMITS.customQuestionMax} characters`,
    )
    .nullable(),
  aiSettings: ZAiSettings.partial(),
  aiDescriptionData: ZAiDescriptionData,
};

// spec 1 §7: POST /job. The add-listing dialog requires title, description, location and post heading
// (spec 1 §5); the server checks the same through `missingRequiredJobFields`.
export const ZCreateJobRequest = z.object(jobFields).partial().strict();
export type TCreateJobRequest = z.input<typeof ZCreateJobRequest>;
export const ZUpdateJobRequest = z.object(jobFields).partial().strict();
export type TUpdateJobRequest = z.input<typeof ZUpdateJobRequest>;

// spec 1 §4: the browser shows the first-job and redirect-URL prompts; `acknowledged` says which were answered
// 'publish anyway' (the server refuses only what the rule forbids, so it treats every prompt as answered).
export const ZJobStatusRequest = z
  .object({
    status: z.enum(JOB_STATUSES),
    acknowledged: z
      .object({ firstJob: z.boolean().optional(), redirectUrl: z.boolean().optional() })
      .strict()
      .optional(),
  })
  .strict();
export type TJobStatusRequest = z.input<typeof ZJobStatusRequest>;

// spec 1 §2 Jobs dashboard: title search and the 'Live jobs' (open only) filter.
export const ZJobsQuery = z
  .object({
    search: z.string().trim().max(JOB_LIMITS.titleMax).optional(),
    status: z.enum(JOB_STATUSES).optional(),
  })
  .strict();
export type TJobsQuery = z.input<typeof ZJobsQuery>;
export const ZJobQuery = z.object({ includeStats: z.enum(['true', 'false']).optional() }).strict();

// spec 1 §7 POST /job/{id}/short: the short info the share dialogs use.
export const ZJobShortInfo = z.object({
  _id: z.string(),
  title: z.string(),
  shortId: z.string(),
  status: z.enum(JOB_STATUSES),
  shareUrl: z.string(),
});
export type TJobShortInfo = z.infer<typeof ZJobShortInfo>;
export const ZShortUrlAnswer = z.object({ shortId: z.string(), shortUrl: z.string() });
export const ZReorderJobsRequest = z
  .object({
    jobsOrder: z
      .array(z.object({ _id: z.uuid(), order: z.number().int().min(0) }).strict())
      .min(1)
      .max(1000),
  })
  .strict();
export const ZShortUrlRequest = z
  .object({ redirectURL: z.string().trim().max(2000).refine(isWebLink, 'Invalid link') })
  .strict();

export const ZShareEmailRequest = z
  .object({
    to: z
      .array(zEmail({ max: JOB_LIMITS.shareEmailMax }))
      .min(1)
      .max(JOB_LIMITS.shareEmailsMax)
      .refine((list) => new Set(list).size === list.length, jobMessages.duplicateEmail),
    message: z.string().trim().max(JOB_LIMITS.shareMessageMax).optional(),
    username: z.string().trim().max(80).optional(),
  })
  .strict();

export const ZJobStats = z.object({
  totalVisits: z.number().int(),
  totalApplies: z.number().int(),
  submittedApplications: z.number().int(),
  startedApplications: z.number().int(),
  applyRate: z.number(),
  submittedApplicationsRate: z.number(),
  videoEngagement: z.array(z.object({ second: z.number(), viewers: z.number(), percentage: z.number() })),
});

export const ZJob = z.object({
  _id: z.string(),
  _company: z.string(),
  shortId: z.string(),
  title: z.string(),
  status: z.enum(JOB_STATUSES),
  publishedAt: z.string().nullable(),
  location: ZJobLocation.nullable(),
  postHeading: z.string(),
  description: ZDelta.nullable(),
  image: z.string().nullable(),
  _video: z.union([z.string(), ZVideoAsset]).nullable(),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  locationType: z.enum(LOCATION_TYPES),
  salary: ZSalary,
  isHiringNow: z.boolean(),
  showOtherJobs: z.boolean(),
  showAdditionalVideos: z.boolean(),
  // The additional videos in their order; assets deleted from the library are left out.
  additionalVideos: z.array(ZVideoAsset),
  hideLocation: z.boolean(),
  isAgencyIncluded: z.boolean(),
  customApplication: z.boolean(),
  customApplicationURL: z.string().nullable(),
  isExternalATSValidation: z.boolean(),
  isVideoOptional: z.boolean(),
  videoQuestion: z.string().nullable(),
  language: z.string().nullable(),
  customQuestion: z.string().nullable(),
  aiSettings: ZAiSettings,
  aiDescriptionData: ZAiDescriptionData,
  isFirstJob: z.boolean(),
  order: z.number().int(),
  linkData: z.object({ location: z.string(), title: z.string(), companyName: z.string() }),
  applicantsCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  stats: ZJobStats.optional(),
});
export type TJob = z.infer<typeof ZJob>;

// spec 1 §5: the add-listing dialog lists what is missing under 'Please fill the required fields:'.
export function missingRequiredJobFields(job: {
  title?: string | null;
  description?: TDelta | null;
  location?: TJobLocation | null;
  postHeading?: string | null;
}): string[] {
  const missing: string[] = [];
  if (!job.title?.trim()) missing.push('Title');
  if (!deltaHasText(job.description)) missing.push('Description');
  if (!job.location?.city && !job.location?.county && !job.location?.country) missing.push('Location');
  if (!job.postHeading?.trim()) missing.push('Job Post Heading');
  return missing;
}

export function deltaHasText(delta: TDelta | null | undefined): boolean {
  return Boolean(delta?.ops.some((op) => typeof op.insert === 'string' && op.insert.trim().length > 0));
}
