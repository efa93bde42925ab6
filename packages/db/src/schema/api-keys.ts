import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { companies } from './companies.ts';

// Issue 35 item 1 (decision 036): a company's API keys. Only the SHA-256 of the secret is stored; `prefix` is the
// start of the key shown in the list. Each key acts through its own user row (`actorUserId`, no membership, no
// password, named after the key), so everything the product records about who did what names the key.
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    scopes: text().array().notNull(),
    prefix: text().notNull(),
    secretHash: text().notNull(),
    actorUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash_uq').on(t.secretHash),
    index('api_keys_company_idx').on(t.companyId, t.createdAt),
  ],
);

// An `Idempotency-Key` a key sent with a write: the request's fingerprint and, once answered, the answer. A row
// without a status is a request still in flight. Rows older than 24 hours are gone (swept, and ignored before).
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    apiKeyId: uuid()
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    fingerprint: text().notNull(),
    status: integer(),
    body: text(),
    contentType: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_idempotency_key_uq').on(t.apiKeyId, t.key),
    index('api_idempotency_created_idx').on(t.createdAt),
  ],
);

export type TApiIdempotencyRow = typeof apiIdempotency.$inferSelect;
