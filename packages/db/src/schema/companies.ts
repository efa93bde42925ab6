import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export type TLocationJson = {
  streetAddress?: string;
  city?: string;
  county?: string;
  country: string;
  postalCode?: string;
};
export type TSocialLinkJson = { type: string; value: string };

export const companies = pgTable(
  'companies',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    slug: text().notNull(),
    industry: text().notNull(),
    description: text().notNull(),
    location: jsonb().$type<TLocationJson>().notNull(),
    logo: text(),
    primaryColor: text(),
    backgroundColor: text(),
    isAgency: boolean().notNull().default(false),
    isRedirectJobs: boolean().notNull().default(false),
    activeJobs: integer().notNull().default(0),
    info: jsonb().$type<TSocialLinkJson[]>().notNull().default([]),
    /** spec 1 §7 POST /texau: true while the company details are being read from a link. */
    texauLoading: boolean().notNull().default(false),
    /**
     * Issue 34 item 5: short machine-written summaries of interview answers through the AI endpoint (decision
     * 038). Off until an admin turns it on.
     */
    answerSummaries: boolean().notNull().default(false),
    /**
     * Decision 025: the active-job limit a company had before plans existed (5), kept until an admin picks a
     * plan; set by migration 0017 for the companies of an upgraded installation, null for every later one.
     */
    legacyActiveJobLimit: integer(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_name_uq').on(sql`lower(${t.name})`),
    uniqueIndex('companies_slug_uq').on(t.slug),
  ],
);

// Membership carries the numeric role of spec 1 §6: 0 Viewer, 1 Job Manager, 2 Admin.
export const memberships = pgTable(
  'memberships',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: smallint().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memberships_company_user_uq').on(t.companyId, t.userId),
    index('memberships_user_idx').on(t.userId),
  ],
);

// spec 2 §3 Company.agency {name, email, phone, logo}; spec 2 §7 PATCH /company/{id}/agency/{agencyId}.
// One per agency company, created when the agency switch is turned on and kept when it is turned off.
export const companyAgencies = pgTable(
  'company_agencies',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull().default(''),
    email: text().notNull().default(''),
    phone: text().notNull().default(''),
    logo: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('company_agencies_company_uq').on(t.companyId)],
);
