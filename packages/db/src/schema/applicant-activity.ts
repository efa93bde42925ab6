import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { applications } from './applications.ts';
import { companies } from './companies.ts';

// spec 2 §3 Note, Mark, History item and the letter texts on the company (issue 6). The applicants list's
// indexes on `applications` (status + sentAt, rating in both directions, and the trigram index for search) are
// written by hand in the migration 0006_applicant_activity.sql: expression indexes and a GIN index with an
// operator class after `CREATE EXTENSION pg_trgm`, which this schema file does not own (applications.ts does)
// and drizzle-kit does not express well. Their names are below for the tests; list.ts holds the expressions.
export const APPLICANT_LIST_INDEXES = {
  statusSent: 'applications_job_status_sent_idx',
  search: 'applications_search_trgm_idx',
  ratingHigh: 'applications_job_rating_high_idx',
  ratingLow: 'applications_job_rating_low_idx',
} as const;

export const applicationNotes = pgTable(
  'application_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** Null once the author's account is deleted; the note stays. */
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    text: text().notNull(),
    isFeedback: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_notes_application_idx').on(t.applicationId, t.createdAt)],
);

// spec 2 §3 Mark: one per person and application; marking again replaces it.
export const applicationMarks = pgTable(
  'application_marks',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 to 5 (spec 2 §5). */
    mark: smallint().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('application_marks_author_uq').on(t.applicationId, t.authorId)],
);

export type THistoryDetailsJson = {
  title?: string;
  text?: string;
  status?: string;
  eventId?: string;
  /** The letter an automatic message was (decision 013: hiringSoon, hiringNow). */
  letterKind?: string;
};

// spec 2 §3 History item: who did what to an application, and the letters sent. The actor's name is kept as it
// was at the time ('Candidate', 'Hirecast assistant' or a member's name), so the record outlives renames.
export const applicationHistory = pgTable(
  'application_history',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    actorName: text().notNull(),
    /** statusChanged, message or communication. */
    eventName: text().notNull(),
    details: jsonb().$type<THistoryDetailsJson>().notNull().default({}),
    isLetterSent: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_history_application_idx').on(t.applicationId, t.createdAt)],
);

// spec 2 §3 letter texts and subjects on the company; a kind without a row uses the default of
// packages/domain/src/letters.ts. The settings Texts tab edits these rows.
export const companyLetters = pgTable(
  'company_letters',
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** One of LETTER_KINDS. */
    kind: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind] })],
);
