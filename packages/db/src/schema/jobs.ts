import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { videoAssets } from './assets.ts';
import { companies } from './companies.ts';

// The stored JSON shapes. The db package does not import domain; the server parses these columns with the
// domain's zod schemas (ZJobLocation, ZDelta, ZSalary, ZAiSettings, ZAiDescriptionData) when it reads them.
export type TJobLocationJson = {
  streetAddress?: string;
  city?: string;
  county?: string;
  country?: string;
  postalCode?: string;
  lat?: number;
  lon?: number;
};
export type TDeltaJson = { ops: Record<string, unknown>[] };
export type TSalaryJson = { from?: string | null; to?: string | null; currency: string; unit: string };
export type TAiSettingsJson = {
  isScreening: boolean;
  isShortlist: boolean;
  score: number;
  isAutoShortlist: boolean;
  isAutoRejection: boolean;
  isDisableApplicantFeedbackDialog: boolean;
};
export type TAdditionalVideoJson = { assetId: string; order: number };
export type TAiDescriptionDataJson = { state?: Record<string, string>; tone?: string; activeStep?: number };

// spec 1 §3 Job listing.
export const jobs = pgTable(
  'jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // 8 characters of base62, used in share links and /s/{shortId}.
    shortId: text().notNull(),
    title: text().notNull(),
    status: text({ enum: ['open', 'closed'] })
      .notNull()
      .default('closed'),
    publishedAt: timestamp({ withTimezone: true }),
    location: jsonb().$type<TJobLocationJson>(),
    postHeading: text().notNull().default(''),
    description: jsonb().$type<TDeltaJson>(),
    image: text(),
    // spec 1 §3 `_video`: a pasted link (its embed URL) or a library video; at most one is set.
    video: text(),
    videoAssetId: uuid().references(() => videoAssets.id, { onDelete: 'set null' }),
    employmentType: text().notNull().default('part-time'),
    locationType: text().notNull().default('on location'),
    salary: jsonb()
      .$type<TSalaryJson>()
      .notNull()
      .default({ from: null, to: null, currency: 'GBP', unit: 'annually' }),
    // Live unless the team turns Pre-launch on (issue 7, decision 013).
    isHiringNow: boolean().notNull().default(true),
    showOtherJobs: boolean().notNull().default(false),
    showAdditionalVideos: boolean().notNull().default(false),
    // spec 1 §3 `additionalVideos (list of _asset and order)`: library videos of the company. Deleted assets
    // stay listed here and are dropped when the job is read.
    additionalVideos: jsonb().$type<TAdditionalVideoJson[]>().notNull().default([]),
    hideLocation: boolean().notNull().default(false),
    isAgencyIncluded: boolean().notNull().default(false),
    customApplication: boolean().notNull().default(false),
    customApplicationUrl: text(),
    isExternalAtsValidation: boolean().notNull().default(false),
    isVideoOptional: boolean().notNull().default(true),
    videoQuestion: text(),
    customQuestion: text(),
    /** Issue 34: the language candidates speak (ISO 639-1), the transcription engine's hint; null: not said. */
    language: text(),
    aiSettings: jsonb().$type<TAiSettingsJson>().notNull(),
    aiDescriptionData: jsonb().$type<TAiDescriptionDataJson>().notNull().default({}),
    isFirstJob: boolean().notNull().default(false),
    order: integer().notNull().default(0),
    // Filled by the public site (visits, started and submitted applications).
    totalVisits: integer().notNull().default(0),
    startedApplications: integer().notNull().default(0),
    submittedApplications: integer().notNull().default(0),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_short_id_uq').on(t.shortId),
    index('jobs_company_order_idx').on(t.companyId, t.order),
    index('jobs_company_status_idx').on(t.companyId, t.status),
  ],
);

// spec 1 §7 POST /short-url: short links to any web address, created by a company's member.
export const shortUrls = pgTable(
  'short_urls',
  {
    shortId: text().primaryKey(),
    redirectUrl: text().notNull(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('short_urls_company_idx').on(t.companyId)],
);
