import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// State that every API process must see alike (docs/decisions/015-several-processes.md). Each row is small and
// short-lived; nothing here is product data.

/** One rate-limit counter per key and window (decision 007): one upsert per counted request. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_expires_idx').on(t.expiresAt)],
);

/**
 * A lease on a resumable upload while one request writes or reads it, whichever process holds it. The holder
 * renews it while it works; a process that dies leaves it to expire. `releaseRequested` asks the holder to let
 * go (tus: a new request for the same upload means the client gave up on the old one).
 */
export const uploadLocks = pgTable('upload_locks', {
  uploadId: text().primaryKey(),
  holder: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  releaseRequested: timestamp({ withTimezone: true }),
});

/** Secrets the processes must share when none is configured (APP_SECRET): made once, by whichever starts first. */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
