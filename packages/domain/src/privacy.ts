import { z } from 'zod';

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

export const ZRetentionRules = z.object({
  rejectedMonths: months,
  inactiveMonths: months,
  hiredMonths: months,
  action: z.enum(RETENTION_ACTIONS),
});
export type TRetentionRules = z.infer<typeof ZRetentionRules>;

export const DEFAULT_RETENTION: TRetentionRules = {
  rejectedMonths: 6,
  inactiveMonths: 12,
  hiredMonths: 24,
  action: 'anonymise',
};

export const privacyMessages = {
  invalidPolicyUrl: 'Enter a valid https:// address for your privacy policy',
  adminsOnly: 'Only admins can manage privacy settings',
  saved: 'Privacy settings saved',
  holdReasonRequired: 'Give a reason for the hold',
  exportRequested: 'We are preparing your data. We will email you a download link shortly.',
  exportLinkInvalid: 'This download link has expired or is no longer valid.',
  keepLinkInvalid: 'This link has expired or is no longer valid.',
  anonymisedCannotAct: 'This application has been anonymised',
  noApplications: 'No applications were found for this email address',
} as const;

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
  act: z.number().int(),
  action: z.enum(RETENTION_ACTIONS),
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
