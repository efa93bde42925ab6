import { z } from 'zod';
import type { TVideoAsset } from '@hirecast/domain/asset';
import { ROLES } from '@hirecast/domain/constants';
import {
  CURRENCIES,
  EMPLOYMENT_TYPES,
  JOB_LIMITS,
  LOCATION_TYPES,
  SALARY_UNITS,
  deltaHasText,
  isSalaryValue,
  type TDelta,
  type TJob,
  type TJobLocation,
  type TUpdateJobRequest,
} from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { isWebLink } from '@hirecast/domain/url';
import { toEmbedUrl } from '@hirecast/domain/video-link';

export type TEmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export type TLocationType = (typeof LOCATION_TYPES)[number];
export type TCurrency = (typeof CURRENCIES)[number];
export type TSalaryUnit = (typeof SALARY_UNITS)[number];

// The editor's values: what the person types (strings for numbers and links), one key per saved group.
export type TJobForm = {
  title: string;
  location: TJobLocation | null;
  postHeading: string;
  description: TDelta | null;
  image: string | null;
  // spec 1 §3 `_video (asset or string)`: a library video, or else a pasted YouTube/Vimeo link.
  video: { link: string; asset: TVideoAsset | null };
  employmentType: TEmploymentType;
  locationType: TLocationType;
  salary: { from: string; to: string; currency: TCurrency; unit: TSalaryUnit };
  preLaunch: boolean;
  showOtherJobs: boolean;
  showAdditionalVideos: boolean;
  // spec 1 §3 `additionalVideos (list of _asset and order)`: library videos, in their order.
  additionalVideos: TVideoAsset[];
  hideLocation: boolean;
  isAgencyIncluded: boolean;
  redirect: { enabled: boolean; url: string; atsValidation: boolean };
  videoQuestion: string | null;
  /** Issue 34: the language candidates speak (ISO 639-1), the transcription engine's hint; null: not said. */
  language: string | null;
  customQuestion: string;
  aiSettings: {
    isScreening: boolean;
    isAutoShortlist: boolean;
    isShortlist: boolean;
    isAutoRejection: boolean;
    isDisableApplicantFeedbackDialog: boolean;
    score: string;
  };
};
export type TJobFormKey = keyof TJobForm;

export const JOB_FORM_KEYS = [
  'title',
  'location',
  'postHeading',
  'description',
  'image',
  'video',
  'employmentType',
  'locationType',
  'salary',
  'preLaunch',
  'showOtherJobs',
  'showAdditionalVideos',
  'additionalVideos',
  'hideLocation',
  'isAgencyIncluded',
  'redirect',
  'videoQuestion',
  'language',
  'customQuestion',
  'aiSettings',
] as const satisfies readonly TJobFormKey[];

// spec 1 §9 Debounces in the job edit form; switches and selects save at once (0).
const SAVE_DELAYS: Partial<Record<string, number>> = {
  title: 300,
  postHeading: 700,
  description: 700,
  'video.link': 700,
  'salary.from': 700,
  'salary.to': 700,
  'redirect.url': 700,
  customQuestion: 700,
  'aiSettings.score': 700,
};
export const saveDelayFor = (fieldName: string) => SAVE_DELAYS[fieldName] ?? 0;

export const isRedirectUrl = (value: string) => {
  const v = value.trim();
  return v === '' || (v.startsWith('https://') && isWebLink(v));
};

// spec 1 §5: score 0 to 5, step 0.1, one decimal.
export const isScoreText = (value: string) => {
  if (!/^\d+(\.\d)?$/.test(value.trim())) return false;
  const n = Number(value);
  return n >= JOB_LIMITS.scoreMin && n <= JOB_LIMITS.scoreMax;
};

export const ZJobForm = z.object({
  title: z
    .string()
    .refine((v) => v.trim().length > 0, jobMessages.titleRequired)
    .refine(
      (v) => v.length <= JOB_LIMITS.titleMax,
      `Title must be at most ${JOB_LIMITS.titleMax} characters`,
    ),
  location: z.custom<TJobLocation | null>(),
  postHeading: z
    .string()
    .refine((v) => v.trim().length > 0, jobMessages.postHeadingRequired)
    .refine((v) => v.length <= JOB_LIMITS.postHeadingMax, `At most ${JOB_LIMITS.postHeadingMax} characters`),
  // spec 1 §5: 'Please fill the required field: Description' once there is an editor to fill.
  description: z
    .custom<TDelta | null>()
    .refine((v) => v === null || deltaHasText(v), jobMessages.descriptionRequired),
  image: z.string().nullable(),
  video: z.object({
    link: z.string().refine((v) => v.trim() === '' || toEmbedUrl(v) !== null, jobMessages.videoLinkInvalid),
    asset: z.custom<TVideoAsset | null>(),
  }),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  locationType: z.enum(LOCATION_TYPES),
  salary: z.object({
    from: z.string().refine(isSalaryValue, jobMessages.salaryNumeric),
    to: z.string().refine(isSalaryValue, jobMessages.salaryNumeric),
    currency: z.enum(CURRENCIES),
    unit: z.enum(SALARY_UNITS),
  }),
  preLaunch: z.boolean(),
  showOtherJobs: z.boolean(),
  showAdditionalVideos: z.boolean(),
  additionalVideos: z
    .custom<TVideoAsset[]>()
    .refine(
      (v) => v.length <= JOB_LIMITS.additionalVideosMax,
      `At most ${JOB_LIMITS.additionalVideosMax} videos`,
    ),
  hideLocation: z.boolean(),
  isAgencyIncluded: z.boolean(),
  // spec 1 §4 Redirect candidates: on requires a link; the link must be https (spec 1 §5).
  redirect: z
    .object({
      enabled: z.boolean(),
      url: z.string().refine(isRedirectUrl, jobMessages.redirectUrlInvalid),
      atsValidation: z.boolean(),
    })
    .superRefine((r, ctx) => {
      if (r.enabled && r.url.trim() === '')
        ctx.addIssue({ code: 'custom', path: ['url'], message: jobMessages.redirectUrlMissing });
    }),
  videoQuestion: z.string().nullable(),
  language: z.string().nullable(),
  customQuestion: z
    .string()
    .refine(
      (v) => v.length <= JOB_LIMITS.customQuestionMax,
      `At most ${JOB_LIMITS.customQuestionMax} characters`,
    ),
  aiSettings: z.object({
    isScreening: z.boolean(),
    isAutoShortlist: z.boolean(),
    isShortlist: z.boolean(),
    isAutoRejection: z.boolean(),
    isDisableApplicantFeedbackDialog: z.boolean(),
    score: z.string().refine(isScoreText, jobMessages.scoreRange),
  }),
}) satisfies z.ZodType<TJobForm>;

export function toJobForm(job: TJob): TJobForm {
  const ai = job.aiSettings;
  return {
    title: job.title,
    location: job.location,
    postHeading: job.postHeading,
    description: job.description,
    image: job.image,
    video:
      typeof job._video === 'string'
        ? { link: toEmbedUrl(job._video) ? job._video : '', asset: null }
        : { link: '', asset: job._video },
    employmentType: job.employmentType,
    locationType: job.locationType,
    salary: {
      from: job.salary.from ?? '',
      to: job.salary.to ?? '',
      currency: job.salary.currency,
      unit: job.salary.unit,
    },
    preLaunch: !job.isHiringNow,
    showOtherJobs: job.showOtherJobs,
    showAdditionalVideos: job.showAdditionalVideos,
    additionalVideos: job.additionalVideos,
    hideLocation: job.hideLocation,
    isAgencyIncluded: job.isAgencyIncluded,
    redirect: {
      enabled: job.customApplication,
      url: job.customApplicationURL ?? '',
      atsValidation: job.isExternalATSValidation,
    },
    videoQuestion: job.videoQuestion,
    language: job.language,
    customQuestion: job.customQuestion ?? '',
    aiSettings: {
      isScreening: ai.isScreening,
      isAutoShortlist: ai.isAutoShortlist,
      isShortlist: ai.isShortlist,
      isAutoRejection: ai.isAutoRejection,
      isDisableApplicantFeedbackDialog: ai.isDisableApplicantFeedbackDialog,
      score: String(ai.score),
    },
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

// The PATCH fields of one form key (spec 1 §7: changed fields only; text trimmed).
export function toJobPatch(key: TJobFormKey, form: TJobForm): TUpdateJobRequest {
  switch (key) {
    case 'title':
    case 'postHeading':
      return { [key]: form[key].trim() };
    case 'customQuestion':
      return { customQuestion: orNull(form.customQuestion) };
    case 'video':
      return { _video: form.video.asset ? form.video.asset._id : toEmbedUrl(form.video.link) };
    case 'salary':
      return {
        salary: {
          from: orNull(form.salary.from),
          to: orNull(form.salary.to),
          currency: form.salary.currency,
          unit: form.salary.unit,
        },
      };
    case 'additionalVideos':
      return { additionalVideos: form.additionalVideos.map((asset) => asset._id) };
    case 'preLaunch':
      return { isHiringNow: !form.preLaunch };
    case 'redirect':
      return {
        customApplication: form.redirect.enabled,
        customApplicationURL: orNull(form.redirect.url),
        isExternalATSValidation: form.redirect.atsValidation,
      };
    case 'aiSettings':
      return { aiSettings: { ...form.aiSettings, score: Number(form.aiSettings.score) } };
    default:
      return { [key]: form[key] } as TUpdateJobRequest;
  }
}

export const canEditJob = (role: number | null | undefined) => (role ?? ROLES.viewer) >= ROLES.jobManager;
