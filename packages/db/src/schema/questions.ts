import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { companies } from './companies.ts';
import type { TStoredQuestionSettings } from '@hirecast/domain/interview';

// spec 1 §7 Company: GET and POST /company/questions — the company's saved video intro questions.
export const companyQuestions = pgTable(
  'company_questions',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    /** Issue 25: the interview settings saved with the question (the text is its prompt); null: a plain question. */
    interview: jsonb().$type<TStoredQuestionSettings>(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('company_questions_company_text_uq').on(t.companyId, sql`lower(${t.text})`)],
);
