import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { videoAssets } from './assets.ts';
import { companies } from './companies.ts';
import { jobs } from './jobs.ts';

export type TExperienceJson = {
  title: string;
  employer: string;
  location?: string;
  startDate: string;
  endDate: string;
  info?: string;
};
export type TEducationJson = {
  field: string;
  school: string;
  degree?: string;
  startDate: string;
  endDate: string;
  info?: string;
};

// spec 2 §3 Applicant (application). A candidate has no account: the application holds their details, and a
// private link (its token, stored hashed) lets them view, withdraw or delete it. The video introduction is a
// video asset of the company marked `exclude` (kept out of the library), processed by the same pipeline.
export type TAiFitReasonsJson = {
  matched: { requirement: string; terms: string[] }[];
  missed: string[];
  summary: string;
  scorer: 'offline' | 'openai';
};

export const applications = pgTable(
  'applications',
  {
    id: uuid().primaryKey().defaultRandom(),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // spec 2 §4: new, shortlisted, interviewing, hired, rejected, withdrawn.
    status: text().notNull().default('new'),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    /** Lowercased. */
    email: text().notNull(),
    position: text(),
    location: text(),
    socialNetworkLink: text(),
    experience: jsonb().$type<TExperienceJson[]>().notNull().default([]),
    education: jsonb().$type<TEducationJson[]>().notNull().default([]),
    customQuestion: text(),
    /** The question the video answered, as it was when the candidate applied. */
    videoQuestion: text(),
    cvKey: text(),
    cvFileName: text(),
    videoAssetId: uuid().references(() => videoAssets.id, { onDelete: 'set null' }),
    /** sha256 of the candidate's private link token. */
    manageTokenHash: text().notNull(),
    utmSource: text(),
    utmCampaign: text(),
    utmMedium: text(),
    noteCount: integer().notNull().default(0),
    markAvg: real(),
    aiFitScore: real(),
    /** The fit score's reasons (issue 6 item 7): the job's requirements the CV matched and missed. */
    aiFitReasons: jsonb().$type<TAiFitReasonsJson>(),
    /** When the AI screening scored this application (spec 2 §3 screeningProcessDate). */
    screeningProcessDate: timestamp({ withTimezone: true }),
    withdrawnAt: timestamp({ withTimezone: true }),
    /**
     * What the applicants search matches (spec 2 §4: the full name or the email), lowercased once when the row
     * is written, so a search is a plain LIKE on one column that the trigram and covering indexes of decision
     * 016 hold.
     */
    searchText: text().generatedAlwaysAs(
      (): SQL =>
        sql`lower(${applications.firstName} || ' ' || ${applications.lastName} || ' ' || ${applications.email})`,
    ),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Issue 5: one application per email per job; a second submission keeps the first.
    uniqueIndex('applications_job_email_uq').on(t.jobId, t.email),
    uniqueIndex('applications_manage_token_uq').on(t.manageTokenHash),
    index('applications_company_idx').on(t.companyId),
  ],
);

/**
 * A job's applications per status (spec 2 §4 statistic), kept by triggers on `applications` in the same
 * statement as every insert, delete and status change (decision 016), so the applicants list reads six rows
 * instead of counting the job's applications on every page.
 */
export const applicationStatusCounts = pgTable(
  'application_status_counts',
  {
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    status: text().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.status] })],
);

// Issue 5 item 4: one row per browser session and event, so a visit counts once per session. No personal data:
// the session id is random per browser session, and no address or agent is kept.
export const jobTrackingEvents = pgTable(
  'job_tracking_events',
  {
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** visit, apply_started, apply_submitted */
    event: text().notNull(),
    sessionId: text().notNull(),
    utmSource: text(),
    utmCampaign: text(),
    utmMedium: text(),
    /** Issue 16: the sharer's referral token (first touch: later events of the session copy the visit's). */
    referralToken: text(),
    /** Issue 16: on a visit row, how far the session watched the job video (domain sharing.ts watchBand). */
    watchBand: smallint().notNull().default(0),
    /**
     * Issue 23 item 4: on a visit row, whether it counted (the visitor's first of the job that day,
     * job_visitor_days); a visit that did not count still gives its session's later events their first touch.
     */
    counted: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.event, t.sessionId] }),
    index('job_tracking_events_source_idx')
      .on(t.utmSource, t.utmCampaign)
      .where(sql`${t.utmSource} is not null`),
  ],
);

/**
 * Issue 23 item 4: who has visited a job on a local day (company time zone), so a visit counts once per visitor,
 * job and day. `visitor` is an HMAC of the signed visitor cookie's id or of the address and user agent, never
 * the values themselves (modules/sharing/visitors.ts).
 */
export const jobVisitorDays = pgTable(
  'job_visitor_days',
  {
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    day: date().notNull(),
    visitor: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.day, t.visitor] }), index('job_visitor_days_day_idx').on(t.day)],
);
