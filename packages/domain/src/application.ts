import { z } from 'zod';
import { ZApplicantInterview } from './interview.ts';
import { zEmail, zRequired } from './fields.ts';
import { isWebLink } from './url.ts';
import { APPLY_LIMITS, applyMessages } from './apply-messages.ts';
import { ZFitReasons } from './screening.ts';
import { APPLICATION_STATUSES, type TApplicationStatus } from './application-status.ts';

export { APPLY_LIMITS, applyMessages };

// spec 2 §3 Applicant, Experience or education item; §4 Applicant statuses. The candidate side (issue 5):
// what a candidate submits without an account, and the messages they see.

export { APPLICATION_STATUSES, type TApplicationStatus };

export const CV_CONTENT_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export type TCvContentType = (typeof CV_CONTENT_TYPES)[number];
export const VIDEO_CONTENT_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
export const PUBLIC_UPLOAD_CONTENT_TYPES = [...CV_CONTENT_TYPES, ...VIDEO_CONTENT_TYPES] as const;

/** A month: 'YYYY-MM'. End dates may also be 'present' (spec 2 §3: the words current or present). */
export const MONTH_PATTERN = /^(19|20)\d{2}-(0[1-9]|1[0-2])$/;
const zMonth = z.string().trim().regex(MONTH_PATTERN, applyMessages.dateInvalid);
const zEndMonth = z.union([zMonth, z.literal('present')], { error: applyMessages.dateInvalid });
const zItemText = z.string().trim().max(APPLY_LIMITS.itemTextMax, applyMessages.tooLong);
const endNotBeforeStart = (item: { startDate: string; endDate: string }) =>
  item.endDate === 'present' || item.endDate >= item.startDate;

export const ZExperienceItem = z
  .object({
    title: zRequired('Please enter the job title').max(APPLY_LIMITS.itemTextMax, applyMessages.tooLong),
    employer: zRequired('Please enter the employer').max(APPLY_LIMITS.itemTextMax, applyMessages.tooLong),
    location: zItemText.optional(),
    startDate: zMonth,
    endDate: zEndMonth,
    info: z.string().trim().max(APPLY_LIMITS.itemInfoMax, applyMessages.tooLong).optional(),
  })
  .refine(endNotBeforeStart, { message: applyMessages.endBeforeStart, path: ['endDate'] });
export type TExperienceItem = z.infer<typeof ZExperienceItem>;

export const ZEducationItem = z
  .object({
    field: zRequired('Please enter the field of study').max(APPLY_LIMITS.itemTextMax, applyMessages.tooLong),
    school: zRequired('Please enter the school').max(APPLY_LIMITS.itemTextMax, applyMessages.tooLong),
    degree: zItemText.optional(),
    startDate: zMonth,
    endDate: zEndMonth,
    info: z.string().trim().max(APPLY_LIMITS.itemInfoMax, applyMessages.tooLong).optional(),
  })
  .refine(endNotBeforeStart, { message: applyMessages.endBeforeStart, path: ['endDate'] });
export type TEducationItem = z.infer<typeof ZEducationItem>;

const zOptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, applyMessages.tooLong)
    .optional()
    .transform((v) => v || undefined);

/**
 * POST /api/public/job/{shortId}/apply. The CV is the storage key answered by the public signed URL; the
 * video is the id of a finished resumable (tus) upload, or a storage key for a small recording PUT directly.
 */
export const ZApplyRequest = z.object({
  firstName: zRequired(applyMessages.firstNameRequired).max(APPLY_LIMITS.nameMax, applyMessages.nameTooLong),
  lastName: zRequired(applyMessages.lastNameRequired).max(APPLY_LIMITS.nameMax, applyMessages.nameTooLong),
  email: zEmail({
    required: applyMessages.emailRequired,
    invalid: applyMessages.emailInvalid,
    max: APPLY_LIMITS.emailMax,
  }),
  position: zOptionalText(APPLY_LIMITS.positionMax),
  location: zOptionalText(APPLY_LIMITS.locationMax),
  socialNetworkLink: z
    .string()
    .trim()
    .max(APPLY_LIMITS.linkMax, applyMessages.linkInvalid)
    .refine((v) => v === '' || isWebLink(v), applyMessages.linkInvalid)
    .optional()
    .transform((v) => v || undefined),
  experience: z.array(ZExperienceItem).max(APPLY_LIMITS.itemsMax).default([]),
  education: z.array(ZEducationItem).max(APPLY_LIMITS.itemsMax).default([]),
  /** The answer to the job's custom question (required when the job has one). */
  customQuestion: zOptionalText(APPLY_LIMITS.answerMax),
  consent: z.literal(true, { error: applyMessages.consentRequired }),
  cv: z
    .object({ key: z.string().min(1).max(300), fileName: z.string().trim().max(200) })
    .nullable()
    .default(null),
  video: z
    .union([
      z.object({ uploadId: z.string().min(1).max(200) }),
      z.object({ key: z.string().min(1).max(300) }),
    ])
    .nullable()
    .default(null),
  /** The browser session id used by the tracking beacons (not personal data), to tie the submit to its visit. */
  sessionId: z.string().max(64).optional(),
});
export type TApplyRequest = z.input<typeof ZApplyRequest>;

/** Upload URLs for the apply flow: GET /api/public/signed-url?content-type=&job={shortId}. */
export const ZPublicSignedUrlQuery = z.object({
  'content-type': z.enum(PUBLIC_UPLOAD_CONTENT_TYPES, { error: applyMessages.cvWrongType }),
  job: z.string().min(1).max(32),
  /** The visitor session (as the apply request's sessionId): its uploads belong to the application it sends. */
  session: z.string().max(64).optional(),
});
export const ZPublicSignedUrlResponse = z.object({ url: z.string(), key: z.string() });

export const ZApplyResponse = z.object({
  applicationId: z.string(),
  message: z.string(),
  /**
   * Issue 25: the token of the candidate's interview when the job has one in the apply flow (they continue at
   * /interview/{token}; the same link is in the confirmation email). Absent otherwise.
   */
  interviewToken: z.string().optional(),
});

/** What the candidate's private link shows (GET /api/public/application/{token}). */
export const ZCandidateApplication = z.object({
  _id: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  sentAt: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  job: z.object({
    title: z.string(),
    companyName: z.string(),
    /** Issue 33: the company's logo on the private page. */
    companyLogo: z.string().nullable(),
    url: z.string().nullable(),
  }),
  hasVideo: z.boolean(),
  hasCv: z.boolean(),
  /**
   * Issue 33: when the candidate asked to delete their data while the company had to keep it (legal hold); it is
   * deleted when the hold ends. Null when no such request is pending.
   */
  erasureRequestedAt: z.string().nullable(),
});
export type TCandidateApplication = z.infer<typeof ZCandidateApplication>;

/** Issue 33: "Delete my data" on an application under legal hold: kept, and why (202). */
export const ZErasureHeld = z.object({ title: z.string(), message: z.string(), requestedAt: z.string() });
export type TErasureHeld = z.infer<typeof ZErasureHeld>;

/** Client-side checks before an upload (the server checks the real bytes again). */
export function checkCvFile(file: { size: number; type: string; name: string }): string | null {
  const byName = /\.(pdf|docx)$/i.test(file.name);
  if (!(CV_CONTENT_TYPES as readonly string[]).includes(file.type) && !byName)
    return applyMessages.cvWrongType;
  if (file.size > APPLY_LIMITS.cvMaxBytes) return applyMessages.cvTooLarge;
  if (file.size === 0) return applyMessages.cvWrongType;
  return null;
}

export function checkIntroVideoFile(file: { size: number; type: string }): string | null {
  if (!(VIDEO_CONTENT_TYPES as readonly string[]).includes(file.type)) return applyMessages.videoWrongType;
  if (file.size > APPLY_LIMITS.videoMaxBytes) return applyMessages.videoTooLarge;
  return null;
}

// spec 2 §3 Applicant (application), as the employer reads it (GET /api/job/candidate/{id}). File URLs are signed.
export const ZApplicant = z.object({
  _id: z.string(),
  candidateId: z.string(),
  sentAt: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  noteCount: z.number().int(),
  markAvg: z.number().nullable(),
  aiFitScore: z.number().nullable(),
  /** Why the AI screening gave its score (issue 6 item 7); null until screened. */
  aiFitReasons: ZFitReasons.nullable(),
  isEmailSent: z.boolean(),
  screeningProcessDate: z.string().nullable(),
  /** Issue 25: the candidate's interview (state, score, answered of total); null when not invited. */
  interview: ZApplicantInterview.nullable().optional(),
  /** Issue 33: the legal hold, when the application is under one (it cannot be deleted until released). */
  legalHold: z.object({ reason: z.string(), at: z.string() }).nullable().optional(),
  _job: z.string(),
  _profile: z.object({
    personalInfo: z.object({
      firstName: z.string(),
      lastName: z.string(),
      position: z.string().nullable(),
      location: z.string().nullable(),
      pdfCvUrl: z.string().nullable(),
      cvUrl: z.string().nullable(),
      cvFileName: z.string().nullable(),
      socialNetworkLink: z.string().nullable(),
    }),
    _user: z.object({ email: z.string() }),
    _introduction: z
      .object({
        /** Issue 34: the video's asset, for its transcript and captions. */
        assetId: z.string(),
        status: z.string(),
        question: z.string().nullable(),
        data: z.object({
          videoUrl: z.string().nullable(),
          thumbnailUrl: z.string().nullable(),
          customThumbnailUrl: z.string().nullable(),
          videoMp4Url: z.string().nullable(),
          videoMp4Url_720p: z.string().nullable(),
          image640: z.string().nullable(),
        }),
      })
      .nullable(),
    experience: z.array(z.object({ ...ZExperienceItem.shape })),
    education: z.array(z.object({ ...ZEducationItem.shape })),
    customQuestion: z.string().nullable(),
  }),
});
export type TApplicant = z.infer<typeof ZApplicant>;
