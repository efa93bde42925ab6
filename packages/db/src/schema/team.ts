import { sql } from 'drizzle-orm';
import { index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { companies } from './companies.ts';
import { jobs } from './jobs.ts';

// spec 1 §4 Team invitations: a new email is first invited to the company, then to the job. The invitation
// carries what the accept-invite page needs: the company, the job it came from, the email, the type (the
// role of spec 1 §6 the person gets, 0 by default), the hashed code of the emailed link and its expiry.
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    jobId: uuid().references(() => jobs.id, { onDelete: 'set null' }),
    email: text().notNull(),
    type: smallint().notNull().default(0),
    codeHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastInvitationDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp({ withTimezone: true }),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_invitations_company_email_uq').on(t.companyId, sql`lower(${t.email})`),
    uniqueIndex('company_invitations_code_hash_uq').on(t.codeHash),
  ],
);

// spec 1 §3 Team member and §7 Job team: who works on a job. userId is set for company members (and when
// an invitation is accepted); a pending row points at its company invitation.
export const jobTeamMembers = pgTable(
  'job_team_members',
  {
    id: uuid().primaryKey().defaultRandom(),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    type: smallint().notNull().default(0),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    invitationId: uuid().references(() => companyInvitations.id, { onDelete: 'set null' }),
    lastInvitationDate: timestamp({ withTimezone: true }),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('job_team_members_job_email_uq').on(t.jobId, sql`lower(${t.email})`),
    index('job_team_members_company_idx').on(t.companyId),
    index('job_team_members_user_idx').on(t.userId),
  ],
);
