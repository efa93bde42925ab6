import { index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TAnswerSummary, TTranscriptSegment } from '@hirecast/domain/transcript';
import { companies } from './companies.ts';
import { videoAssets } from './assets.ts';

// Issue 34: one transcript per video asset, made by the transcription engine (docs/decisions/034-transcription.md).
// It goes with its video (and with its company): deleting or erasing the video deletes the transcript.
export const transcripts = pgTable(
  'transcripts',
  {
    id: uuid().primaryKey().defaultRandom(),
    assetId: uuid()
      .notNull()
      .unique()
      .references(() => videoAssets.id, { onDelete: 'cascade' }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // queued, running, done, failed (TRANSCRIPT_STATUSES).
    status: text().notNull().default('queued'),
    failureReason: text(),
    // The hint sent to the engine until it answers, then the language it heard (a code where known).
    language: text(),
    model: text(),
    segments: jsonb().$type<TTranscriptSegment[]>().notNull().default([]),
    // Of the sound sent: what the monthly minutes cap counts (set when the job starts, so a running job counts).
    durationSeconds: real(),
    attempts: integer().notNull().default(0),
    // Issue 34 item 5 (decision 038): the machine-written summary of an interview answer, when the company has
    // them on; null: none. Its points quote the segments verbatim (checked before it is stored).
    summary: jsonb().$type<TAnswerSummary>(),
    summaryModel: text(),
    summarizedAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transcripts_company_status_idx').on(t.companyId, t.status),
    index('transcripts_company_started_idx').on(t.companyId, t.startedAt),
  ],
);
