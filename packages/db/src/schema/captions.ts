import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TCaptionCueText } from '@hirecast/domain/captions';
import { users } from './accounts.ts';
import { companies } from './companies.ts';
import { videoAssets } from './assets.ts';

// Issue 34 item 3: a video's reviewed captions, saved in the caption editor or uploaded as a .vtt or .srt file.
// While a video has none, its captions are generated from its transcript; once it has a row here, every caption
// route serves these cues. They go with their video (and company).
export const captions = pgTable('captions', {
  assetId: uuid()
    .primaryKey()
    .references(() => videoAssets.id, { onDelete: 'cascade' }),
  companyId: uuid()
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  // The <track srclang> (ISO 639-1 where known); null: the transcript's, else the company's default.
  language: text(),
  cues: jsonb().$type<TCaptionCueText[]>().notNull(),
  // 'editor' or 'upload': where the last saved version came from.
  source: text().notNull(),
  updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
