import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { companies } from './companies.ts';
import { companyQuestions } from './questions.ts';

export type TVideoAssetDataColumn = {
  videoUrl?: string | null;
  thumbnailUrl?: string | null;
  customThumbnailUrl?: string | null;
  customMobileThumbnailUrl?: string | null;
  videoMp4Url?: string | null;
  videoMp4Url_720p?: string | null;
  image400?: string | null;
  image640?: string | null;
};

// spec 3 §3 Video asset. Values in `data` are storage keys (or outside URLs); the API signs keys on the way out.
export const videoAssets = pgTable(
  'video_assets',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ownerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull(),
    fileName: text().notNull(),
    type: smallint().notNull().default(0),
    // spec 3 §4: new, prepared, posted, in progress, ready, error.
    status: text().notNull().default('new'),
    statusReason: text(),
    originalKey: text(),
    data: jsonb().$type<TVideoAssetDataColumn>().notNull().default({}),
    thumbnails: jsonb().$type<string[]>().notNull().default([]),
    dimension: text(),
    width: integer(),
    height: integer(),
    duration: real(),
    isStory: boolean().notNull().default(false),
    exclude: boolean().notNull().default(false),
    onboarding: boolean().notNull().default(false),
    questionId: uuid().references(() => companyQuestions.id, { onDelete: 'set null' }),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('video_assets_company_updated_idx').on(t.companyId, t.updatedAt),
    // Search is ILIKE on title within one company: the company index narrows the scan first.
    index('video_assets_company_title_idx').on(t.companyId, sql`lower(${t.title})`),
    index('video_assets_tags_idx').using('gin', t.tags),
    index('video_assets_onboarding_idx')
      .on(t.onboarding)
      .where(sql`${t.onboarding}`),
  ],
);

// spec 3 §3 Image asset.
export const imageAssets = pgTable(
  'image_assets',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ownerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull().default('New image'),
    fileName: text().notNull(),
    url: text().notNull(),
    key: text(),
    data: jsonb().$type<{ image400?: string | null; image640?: string | null }>().notNull().default({}),
    dimension: text(),
    width: integer(),
    height: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('image_assets_company_updated_idx').on(t.companyId, t.updatedAt)],
);

// spec 3 §3 Other: videoEngagement — the furthest position each viewing session reached, in seconds (issue 23:
// fractions kept, so a short video's share watched and a play under a second are counted).
export const assetEngagement = pgTable(
  'asset_engagement',
  {
    assetId: uuid()
      .notNull()
      .references(() => videoAssets.id, { onDelete: 'cascade' }),
    sessionId: text().notNull(),
    maxSecond: doublePrecision().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.sessionId] })],
);
