import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TStoredInterviewQuestion } from '@hirecast/domain/interview';
import { users } from './accounts.ts';
import { applications } from './applications.ts';
import { videoAssets } from './assets.ts';
import { companies } from './companies.ts';
import { jobs } from './jobs.ts';

// Issue 25: one-way video interviews (decision 028). A job's question set lives in one row (its questions as
// ordered JSON); each candidate's session keeps a snapshot of the questions it was given, so editing the set
// never changes what an invited candidate answers. Answers, takes, ratings and share links are rows.

/** One question as stored (the set's and the session snapshot's): the domain's type, not a copy. */
export type TInterviewQuestionJson = TStoredInterviewQuestion;

export const interviews = pgTable(
  'interviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** In the apply flow, in place of the single video introduction. */
    inApply: boolean().notNull().default(false),
    /** As a later stage: "Invite to interview". */
    asStage: boolean().notNull().default(true),
    /** A practice question before the first (never saved). */
    practiceQuestion: boolean().notNull().default(false),
    questions: jsonb().$type<TInterviewQuestionJson[]>().notNull(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('interviews_job_uq').on(t.jobId), index('interviews_company_idx').on(t.companyId)],
);

/**
 * One candidate's interview. The private link's token is HMAC(app secret, tokenSalt); only its SHA-256 is kept,
 * so the link can be rebuilt for a reminder but not read from the table alone.
 */
export const interviewSessions = pgTable(
  'interview_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** 'apply' (in the apply flow) or 'invitation'. */
    via: text().notNull(),
    questions: jsonb().$type<TInterviewQuestionJson[]>().notNull(),
    practiceQuestion: boolean().notNull().default(false),
    tokenSalt: text().notNull(),
    tokenHash: text().notNull(),
    /** null: no deadline (the apply flow). */
    deadline: timestamp({ withTimezone: true }),
    /** none, 1.5x, 2x, unlimited. */
    accommodation: text().notNull().default('none'),
    invitedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    reminderSentAt: timestamp({ withTimezone: true }),
    /** Average of the answers' average ratings; kept on every rating change for the applicants list. */
    score: real(),
    answeredCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('interview_sessions_application_uq').on(t.applicationId),
    uniqueIndex('interview_sessions_token_uq').on(t.tokenHash),
    index('interview_sessions_job_idx').on(t.jobId),
    // The reminder sweep: open sessions by deadline.
    index('interview_sessions_deadline_idx')
      .on(t.deadline)
      .where(sql`${t.completedAt} is null and ${t.reminderSentAt} is null and ${t.deadline} is not null`),
  ],
);

/**
 * One question's answer in a session, from the moment its preparation starts ('open') to 'answered' or
 * 'skipped'. Re-opening by the team supersedes the row (kept for the record) and the next start makes a new one.
 */
export const interviewAnswers = pgTable(
  'interview_answers',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    sessionId: uuid()
      .notNull()
      .references(() => interviewSessions.id, { onDelete: 'cascade' }),
    questionId: uuid().notNull(),
    status: text().notNull().default('open'),
    prepStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    takesUsed: integer().notNull().default(0),
    submittedAt: timestamp({ withTimezone: true }),
    text: text(),
    choiceIndex: smallint(),
    fileKey: text(),
    fileName: text(),
    fileType: text(),
    takeId: uuid(),
    ratingAvg: real(),
    supersededAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('interview_answers_current_uq')
      .on(t.sessionId, t.questionId)
      .where(sql`${t.supersededAt} is null`),
    index('interview_answers_question_idx').on(t.questionId),
  ],
);

/** One recording of a video answer. Counted when it starts, so a reload cannot buy an extra take. */
export const interviewTakes = pgTable(
  'interview_takes',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    answerId: uuid()
      .notNull()
      .references(() => interviewAnswers.id, { onDelete: 'cascade' }),
    n: integer().notNull(),
    /** recording, saved, failed. */
    status: text().notNull().default('recording'),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the recording must have stopped (limit × accommodation); null: no limit. */
    stopBy: timestamp({ withTimezone: true }),
    uploadId: text(),
    videoAssetId: uuid().references(() => videoAssets.id, { onDelete: 'set null' }),
    duration: real(),
    savedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('interview_takes_answer_n_uq').on(t.answerId, t.n)],
);

/** A review link for someone outside the team (one candidate's interview). Token as for sessions. */
export const interviewShares = pgTable(
  'interview_shares',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    sessionId: uuid()
      .notNull()
      .references(() => interviewSessions.id, { onDelete: 'cascade' }),
    tokenSalt: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    hideName: boolean().notNull().default(false),
    hideEmail: boolean().notNull().default(false),
    hideCv: boolean().notNull().default(false),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('interview_shares_token_uq').on(t.tokenHash),
    index('interview_shares_session_idx').on(t.sessionId),
  ],
);

/** 1–5 stars and a comment on one answer: by a member (userId) or by an outside reviewer (shareId). */
export const interviewRatings = pgTable(
  'interview_ratings',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    answerId: uuid()
      .notNull()
      .references(() => interviewAnswers.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    shareId: uuid().references(() => interviewShares.id, { onDelete: 'cascade' }),
    raterName: text().notNull(),
    stars: smallint().notNull(),
    comment: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('interview_ratings_member_uq')
      .on(t.answerId, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('interview_ratings_guest_uq')
      .on(t.answerId, t.shareId)
      .where(sql`${t.shareId} is not null`),
  ],
);
