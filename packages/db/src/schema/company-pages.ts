import { sql } from 'drizzle-orm';
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
import { imageAssets, videoAssets } from './assets.ts';
import { companies } from './companies.ts';

export type TCompanyPageStatsJson = {
  foundingYear: number | null;
  employees: number | null;
  gender: { male: number | null; female: number | null };
};

// spec 3 §3 Company page: one per company, made with its default blocks the first time it is opened.
export const companyPages = pgTable(
  'company_pages',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    bannerImageId: uuid().references(() => imageAssets.id, { onDelete: 'set null' }),
    stats: jsonb()
      .$type<TCompanyPageStatsJson>()
      .notNull()
      .default({ foundingYear: null, employees: null, gender: { male: null, female: null } }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('company_pages_company_uq').on(t.companyId)],
);

// spec 3 §3: every block of every page type in one table and one id space (text areas, quotes, asset entries,
// dynamic elements, employee stories), so one reorder call orders any of them. The columns a type does not use
// stay null. An asset entry goes with its library item; a story keeps its text when its video is deleted.
export const companyPageBlocks = pgTable(
  'company_page_blocks',
  {
    id: uuid().primaryKey().defaultRandom(),
    pageId: uuid()
      .notNull()
      .references(() => companyPages.id, { onDelete: 'cascade' }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    pageType: text().notNull(),
    type: text().notNull(),
    sortOrder: integer().notNull().default(0),
    // TEXT_AREA
    header: text(),
    content: text(),
    infoType: text(),
    // QUOTE (content above)
    author: text(),
    // IMAGE_ASSET, VIDEO_ASSET, PROMO_ASSET
    videoAssetId: uuid().references(() => videoAssets.id, { onDelete: 'cascade' }),
    imageAssetId: uuid().references(() => imageAssets.id, { onDelete: 'cascade' }),
    isPromoAsset: boolean().notNull().default(false),
    // TESTIMONIAL_CARD: the employee story
    storyVideoId: uuid().references(() => videoAssets.id, { onDelete: 'set null' }),
    personName: text(),
    slug: text(),
    quoteText: text(),
    title: text(),
    text: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_page_blocks_page_idx').on(t.pageId, t.pageType, t.sortOrder),
    // spec 3 §8: a story's name and its URL are unique within the company's page.
    uniqueIndex('company_page_blocks_story_slug_uq')
      .on(t.pageId, t.slug)
      .where(sql`${t.type} = 'TESTIMONIAL_CARD'`),
    uniqueIndex('company_page_blocks_story_name_uq')
      .on(t.pageId, sql`lower(${t.personName})`)
      .where(sql`${t.type} = 'TESTIMONIAL_CARD'`),
  ],
);
