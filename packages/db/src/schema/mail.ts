import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { applications } from './applications.ts';

// Every email the product sends is written here first (the embedded transport stops here;
// SMTP delivery records sentAt or the error).
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    transport: text({ enum: ['outbox', 'smtp'] }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    error: text(),
    /**
     * Issue 26: the application an email to a candidate belongs to, so their export lists it and erasing them
     * removes it (a deleted application takes its emails with it).
     */
    applicationId: uuid().references(() => applications.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_emails_created_idx').on(t.createdAt),
    index('outbox_emails_application_idx').on(t.applicationId),
  ],
);

export const contactRequests = pgTable('contact_requests', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  email: text().notNull(),
  subject: text().notNull(),
  message: text(),
  userId: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
