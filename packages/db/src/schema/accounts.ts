import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    passwordHash: text(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    avatar: text(),
    position: text(),
    digestType: text().notNull().default('daily'),
    calendarLink: text(),
    /** The end of the period the last daily or weekly digest covered (issue 6 item 8). */
    lastDigestAt: timestamp({ withTimezone: true }),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    selfInvited: boolean().notNull().default(false),
    isUserWasRedirected: boolean().notNull().default(false),
    googleSub: text(),
    /**
     * Issue 27: whether the Google link is the owner's: Google vouched for the address when it was made, or
     * the person confirmed it with the account's password. A password reset (which proves the mailbox) ends a
     * link that is not.
     */
    googleVerified: boolean().notNull().default(false),
    /**
     * Issue 27: the app asks for the person's own name before anything else (an account taken back from
     * whoever registered the address first, or a Google profile without a family name; spec 1 §5).
     */
    needsName: boolean().notNull().default(false),
    /**
     * Issue 33 item 8: when the owner took the account back through Google from whoever registered the address
     * first (decision 030). Until the owner has read what the account already had (its companies), the app shows
     * it; null then, and for every other account.
     */
    takenBackAt: timestamp({ withTimezone: true }),
    prefers: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_sub_uq').on(t.googleSub),
  ],
);

// Opaque session tokens: only the SHA-256 of the token is stored (ARCHITECTURE.md, Auth).
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

// Reset-password and email-verification tokens: hashed, single use, expiring.
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['reset', 'verify'] }).notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_tokens_hash_uq').on(t.tokenHash),
    index('user_tokens_user_idx').on(t.userId, t.kind),
  ],
);

// Decision 003, login CSRF: the Google callback hands the browser a one-time code, not a session. The code
// is exchanged by POST, once, only together with the binding cookie of the browser that started the flow.
// Both are stored hashed; the row lives in the database so any API process can take the exchange.
export const signInCodes = pgTable(
  'sign_in_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    bindingHash: text().notNull(),
    isNew: boolean().notNull().default(false),
    /**
     * Issue 27: 'sign-in' opens a session at the exchange; 'link' waits for the account's password before the
     * Google account `googleSub` is linked to it (an existing account whose address was verified).
     */
    purpose: text({ enum: ['sign-in', 'link'] })
      .notNull()
      .default('sign-in'),
    googleSub: text(),
    /** The invitation the flow brought (accepted at the callback, or at the link for 'link'). */
    invitationId: uuid(),
    /** The company the answer opens in: the one an accepted invitation joined. */
    companyId: uuid(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sign_in_codes_hash_uq').on(t.codeHash), index('sign_in_codes_user_idx').on(t.userId)],
);
