import { z } from 'zod';
import { privacyPageMessages } from './privacy-pages.ts';

// Issue 26: candidate data rights. Retention rules per company, legal holds, the candidate's data export and
// the audit of who saw what (decision 029).

export const RETENTION_MONTHS = { min: 1, max: 36 } as const;
/** The "Keep my application" email goes this many days before a rule acts. */
export const RETENTION_WARNING_DAYS = 14;
/** How long an export's download link works. */
export const EXPORT_LINK_DAYS = 7;
/** The local hour (company time zone) from which the nightly run acts. */
export const RETENTION_LOCAL_HOUR = 2;

export const RETENTION_ACTIONS = ['anonymise', 'delete'] as const;
export type TRetentionAction = (typeof RETENTION_ACTIONS)[number];

const months = z
  .number()
  .int('Months must be a whole number')
  .min(RETENTION_MONTHS.min, 'Keep applications for at least 1 month')
  .max(RETENTION_MONTHS.max, 'Keep applications for at most 36 months');

/** The three rules (issue 33: each with its own action). */
export const RETENTION_RULES = ['rejected', 'inactive', 'hired'] as const;
export type TRetentionRule = (typeof RETENTION_RULES)[number];

export const ZRetentionRules = z.object({
  rejectedMonths: months,
  inactiveMonths: months,
  hiredMonths: months,
  rejectedAction: z.enum(RETENTION_ACTIONS),
  inactiveAction: z.enum(RETENTION_ACTIONS),
  hiredAction: z.enum(RETENTION_ACTIONS),
});
export type TRetentionRules = z.infer<typeof ZRetentionRules>;

export const DEFAULT_RETENTION: TRetentionRules = {
  rejectedMonths: 6,
  inactiveMonths: 12,
  hiredMonths: 24,
  rejectedAction: 'anonymise',
  inactiveAction: 'anonymise',
  hiredAction: 'anonymise',
};

/** The rule an application of this status falls under. */
export const retentionRuleOf = (status: string): TRetentionRule =>
  status === 'hired' ? 'hired' : status === 'rejected' || status === 'withdrawn' ? 'rejected' : 'inactive';
/** What `rule` does when its time is up under `rules`. */
export const retentionActionOf = (rules: TRetentionRules, rule: TRetentionRule): TRetentionAction =>
  rules[`${rule}Action`];

export const privacyMessages = {
  invalidPolicyUrl: 'Enter a valid https:// address for your privacy policy',
  adminsOnly: 'Only admins can manage privacy settings',
  saved: 'Privacy settings saved',
  holdReasonRequired: 'Give a reason for the hold',
  exportRequested: 'We are preparing your data. We will email you a download link shortly.',
  exportLinkInvalid: privacyPageMessages.exportLinkInvalid,
  keepLinkInvalid: privacyPageMessages.keepLinkInvalid,
  anonymisedCannotAct: 'This application has been anonymised',
  // Issue 33 item 10: the applicant page of an anonymised application says what removed its files.
  videoRemoved: (day: string) =>
    `The video introduction was removed by the retention rule when this application was anonymised on ${day}.`,
  cvRemoved: (day: string) =>
    `The CV was removed by the retention rule when this application was anonymised on ${day}.`,
  noApplications: 'No applications were found for this email address',
  /** Issue 33: the team's delete of an application under legal hold (409). */
  heldCannotDelete: (reason: string) =>
    `This application is on legal hold (${reason}) and cannot be deleted or anonymised. An admin must release the hold first.`,
  /** Issue 33: deleting a job while one of its applications is under legal hold (409). */
  jobHasHeldApplications: (count: number) =>
    `This job cannot be deleted: ${count === 1 ? 'one of its applications is' : `${count} of its applications are`} on legal hold. Release the hold first, or close the job instead.`,
  /** Issue 33: the candidate's "Delete my data" on a held application (UK GDPR Art. 17(3)(e)). */
  erasureHeldTitle: 'Your data has not been deleted yet',
  erasureHeld: (companyName: string) =>
    `${companyName} must keep your application because of a legal matter, such as a claim or an investigation. The law allows this (UK GDPR Article 17(3)(e)), and they may keep it until the matter ends. We have recorded your request: your application will be deleted as soon as they no longer have to keep it. You can still withdraw your application.`,
  erasureReleased:
    'The hold was released. The candidate had asked to delete their data, so their application has been deleted.',
} as const;

/** "6 December 2026": the day of a privacy event as the applicant page says it. */
export const privacyDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));

export const ZPrivacyPolicyUrl = z
  .string()
  .trim()
  .max(2000, privacyMessages.invalidPolicyUrl)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, privacyMessages.invalidPolicyUrl);

export const ZPrivacySettings = ZRetentionRules.extend({
  privacyPolicyUrl: ZPrivacyPolicyUrl.nullable(),
  timeZone: z.string(),
});
export type TPrivacySettings = z.infer<typeof ZPrivacySettings>;

export const ZUpdatePrivacySettingsRequest = ZRetentionRules.extend({
  privacyPolicyUrl: z.union([ZPrivacyPolicyUrl, z.literal('').transform(() => null), z.null()]),
});
export type TUpdatePrivacySettingsRequest = z.input<typeof ZUpdatePrivacySettingsRequest>;

/** What the next nightly run would do under the given rules: warn these, and anonymise or delete those. */
export const ZRetentionPreview = z.object({
  warn: z.number().int(),
  anonymise: z.number().int(),
  delete: z.number().int(),
});
export type TRetentionPreview = z.infer<typeof ZRetentionPreview>;

export const ZLegalHoldRequest = z.object({
  reason: z.string().trim().min(1, privacyMessages.holdReasonRequired).max(500),
});

export const ZApplicationPrivacy = z.object({
  hold: z.object({ reason: z.string(), at: z.string(), by: z.string().nullable() }).nullable(),
  anonymisedAt: z.string().nullable(),
  warnedAt: z.string().nullable(),
  consentRenewedAt: z.string().nullable(),
  /** Issue 33: the candidate asked to delete their data while it was held; it is deleted when the hold ends. */
  erasureRequestedAt: z.string().nullable(),
  /** Issue 33: set by a release that ran the candidate's pending erasure (the application no longer exists). */
  erasedOnRelease: z.boolean().optional(),
});
export type TApplicationPrivacy = z.infer<typeof ZApplicationPrivacy>;

export const AUDIT_ACTIONS = [
  'view',
  'video_play',
  'cv_download',
  'export',
  'status_change',
  'erasure',
  'hold',
  'hold_released',
  'erasure_requested',
  'transcript_view',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Record<TAuditAction, string> = {
  view: 'Viewed applicant',
  video_play: 'Played video',
  cv_download: 'Downloaded CV',
  export: 'Exported data',
  status_change: 'Changed status',
  erasure: 'Erased data',
  hold: 'Put on hold',
  hold_released: 'Released hold',
  erasure_requested: 'Asked to erase (kept: legal hold)',
  transcript_view: 'Read transcript',
};

export const ZAuditEvent = z.object({
  _id: z.string(),
  applicationId: z.string().nullable(),
  /** Null once the candidate's data was erased: the event stays, the person goes. */
  subjectName: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  actorName: z.string(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number()])),
  createdAt: z.string(),
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

export const ZAuditQuery = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  applicationId: z.uuid().optional(),
  actor: z.string().max(200).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).default(1),
  format: z.enum(['json', 'csv']).default('json'),
});
export type TAuditQuery = z.input<typeof ZAuditQuery>;
export const ZAuditPage = z.object({ items: z.array(ZAuditEvent), total: z.number().int() });

/** What the web app reports when a member plays a candidate's video or opens their CV. */
export const ZAccessRequest = z.object({ what: z.enum(['video_play', 'cv_download']) });

export const ZEmailSearchQuery = z.object({ email: z.email().max(320) });
export const ZCandidateApplicationSummary = z.object({
  _id: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  status: z.string(),
  sentAt: z.string(),
  anonymised: z.boolean(),
  onHold: z.boolean(),
});
export const ZEraseRequest = z.object({ applicationIds: z.array(z.uuid()).min(1).max(200) });
export const ZExportRequest = ZEraseRequest;

export const ZExportAccepted = z.object({ exportId: z.string(), message: z.string() });

/** What the apply form shows (issue 26 item 5). */
export const ZPublicPrivacyNotice = z.object({
  rejectedMonths: z.number().int(),
  inactiveMonths: z.number().int(),
  hiredMonths: z.number().int(),
  privacyPolicyUrl: z.string().nullable(),
});
export type TPublicPrivacyNotice = z.infer<typeof ZPublicPrivacyNotice>;

/** "6 months" / "1 month". */
export const monthsLabel = (n: number) => `${n} month${n === 1 ? '' : 's'}`;
