import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { applications } from './applications.ts';
import { companies } from './companies.ts';

// Issue 26: candidate data rights (decision 029). No row in company_privacy_settings means the defaults of
// domain privacy.ts DEFAULT_RETENTION.
export const companyPrivacySettings = pgTable('company_privacy_settings', {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** Months an application is kept after it was rejected or withdrawn (1–36). */
  rejectedMonths: integer().notNull().default(6),
  /** Months an open application is kept after its last activity (1–36). */
  inactiveMonths: integer().notNull().default(12),
  /** Months a hired application is kept after the hire (1–36). */
  hiredMonths: integer().notNull().default(24),
  /** Issue 33: what each rule does when its time is up, anonymise or delete (one choice per rule). */
  rejectedAction: text().notNull().default('anonymise'),
  inactiveAction: text().notNull().default('anonymise'),
  hiredAction: text().notNull().default('anonymise'),
  /** The company's own privacy policy, linked from the apply form's notice. */
  privacyPolicyUrl: text(),
  /** The local date (company time zone) of the last nightly run, so a run happens once a local night. */
  lastRunOn: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per application once retention has touched it: the warning sent before the rule acts, the consent the
 * candidate renewed, a legal hold, and when it was anonymised. No row: none of these happened.
 */
export const applicationRetention = pgTable('application_retention', {
  applicationId: uuid()
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' }),
  /** When the "Keep my application" email went out for the current period; cleared by a renewal. */
  warnedAt: timestamp({ withTimezone: true }),
  /** sha256 of the one-click keep link's token (random, single purpose). */
  keepTokenHash: text(),
  /** The candidate's latest renewal: the rule counts its months from here when later than its own start. */
  consentRenewedAt: timestamp({ withTimezone: true }),
  holdReason: text(),
  holdAt: timestamp({ withTimezone: true }),
  holdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  anonymisedAt: timestamp({ withTimezone: true }),
  /**
   * Issue 33: the candidate asked to delete their data while the application was on legal hold. It is kept
   * (UK GDPR Art. 17(3)(e)) and deleted when the hold is released.
   */
  erasureRequestedAt: timestamp({ withTimezone: true }),
});

/** Consent records the candidate can read in their export: given at application, renewed by the keep link. */
export const applicationConsents = pgTable(
  'application_consents',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** renewed */
    kind: text().notNull(),
    /** Until when the renewal keeps the application (the rule's months from the renewal). */
    until: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_consents_application_idx').on(t.applicationId)],
);

export type TPrivacyAuditDetailsJson = {
  status?: string;
  mode?: string;
  applications?: number;
  /** Issue 33: an erasure the candidate asked for while on hold, run when the hold was released. */
  requestedAt?: string;
  /** Issue 34: the video whose transcript was read ('transcript_view'). */
  assetId?: string;
};

/**
 * Who saw or changed what of a candidate (issue 26 item 4). `applicationId` stays after an anonymisation (the id
 * is no personal data) and is cleared with a deletion; `subjectName` and `subjectEmail` are cleared by either,
 * so the event outlives the person.
 */
export const privacyAuditEvents = pgTable(
  'privacy_audit_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    applicationId: uuid().references(() => applications.id, { onDelete: 'set null' }),
    subjectName: text(),
    subjectEmail: text(),
    /** view, video_play, cv_download, export, status_change, erasure, hold, hold_released, transcript_view */
    action: text().notNull(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The member's name at the time, 'Candidate' or 'Retention rule'. */
    actorName: text().notNull(),
    ip: text(),
    details: jsonb().$type<TPrivacyAuditDetailsJson>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('privacy_audit_company_idx').on(t.companyId, t.createdAt),
    index('privacy_audit_application_idx').on(t.applicationId, t.createdAt),
  ],
);

/** A ZIP of what is held about one candidate, built in the background and fetched by an expiring link. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    applicationIds: uuid().array().notNull(),
    /** Where the link goes: the candidate, or the member who asked. */
    deliverTo: text().notNull(),
    requestedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** pending, ready, failed */
    status: text().notNull().default('pending'),
    fileKey: text(),
    /** sha256 of the download link's token. */
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('data_exports_company_idx').on(t.companyId), index('data_exports_token_idx').on(t.tokenHash)],
);

/**
 * Issue 33: every file a candidate uploads through a signed URL (a CV, a recorded video introduction, an
 * interview's file answer), recorded when the URL is issued. Once the application is sent (or, for an interview,
 * at once) the file belongs to it: exported and erased with it, a replaced CV too. A file that no application
 * holds a day after its upload is removed by the sweep; a deleted application leaves its files unattached, so
 * the sweep removes whatever a deletion missed.
 */
export const candidateUploads = pgTable(
  'candidate_uploads',
  {
    key: text().primaryKey(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The job's apply form it was uploaded from, and the visitor session that uploaded it. */
    jobId: uuid(),
    applySession: text(),
    applicationId: uuid().references(() => applications.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('candidate_uploads_application_idx').on(t.applicationId),
    index('candidate_uploads_session_idx').on(t.jobId, t.applySession),
    index('candidate_uploads_created_idx').on(t.createdAt),
  ],
);
