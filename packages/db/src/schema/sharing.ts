import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { companies } from './companies.ts';
import { jobs } from './jobs.ts';

// Issue 16: each team member's referral token in a company (domain sharing.ts: the `ref` of their share links).
export const referralTokens = pgTable(
  'referral_tokens',
  {
    token: text().primaryKey(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('referral_tokens_company_user_uq').on(t.companyId, t.userId)],
);

// Issue 16: the company's reward points per event and the time zone its periods (and digests) follow. No row
// means the defaults of domain sharing.ts DEFAULT_SHARING_SETTINGS.
export const companySharingSettings = pgTable('company_sharing_settings', {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  timeZone: text().notNull().default('Europe/London'),
  pointsVisit: integer().notNull().default(1),
  pointsApplied: integer().notNull().default(5),
  pointsSubmitted: integer().notNull().default(20),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issue 16 item 5: sums of the tracking events by local day ('d'), month ('m'), year ('y') and all time ('a',
 * bucket 1970-01-01) in the company's time zone, per job, referral token and UTM values ('' for none), so a period's statistics read a few thousand rows,
 * never the events. visits/applies/submits count at each event's own time; v/a/s 0–2 are the video-effect
 * cohort (visitors, apply starts, submissions by how far the visitor watched), at the visit's time. Kept by
 * modules/sharing/rollup.ts with each event; rebuilt by the SQL function sharing_rollup_rebuild(company).
 */
export const sharingRollups = pgTable(
  'sharing_rollups',
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    grain: text().notNull(),
    bucket: date().notNull(),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    referralToken: text().notNull().default(''),
    utmSource: text().notNull().default(''),
    utmCampaign: text().notNull().default(''),
    utmMedium: text().notNull().default(''),
    visits: integer().notNull().default(0),
    applies: integer().notNull().default(0),
    submits: integer().notNull().default(0),
    v0: integer().notNull().default(0),
    v1: integer().notNull().default(0),
    v2: integer().notNull().default(0),
    a0: integer().notNull().default(0),
    a1: integer().notNull().default(0),
    a2: integer().notNull().default(0),
    s0: integer().notNull().default(0),
    s1: integer().notNull().default(0),
    s2: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'sharing_rollups_pk',
      columns: [
        t.companyId,
        t.grain,
        t.bucket,
        t.jobId,
        t.referralToken,
        t.utmSource,
        t.utmCampaign,
        t.utmMedium,
      ],
    }),
    index('sharing_rollups_job_idx').on(t.jobId),
  ],
);

/** Issue 16 item 5: the company's chart sums per local day ('d') and month ('m'), referrals apart. */
export const sharingSeries = pgTable(
  'sharing_series',
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    grain: text().notNull(),
    bucket: date().notNull(),
    referral: boolean().notNull(),
    visits: integer().notNull().default(0),
    applies: integer().notNull().default(0),
    submits: integer().notNull().default(0),
  },
  (t) => [primaryKey({ name: 'sharing_series_pk', columns: [t.companyId, t.grain, t.bucket, t.referral] })],
);
