import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TAuthChanges, TDb } from '@hirecast/db/client';
import { memberships, sessions, users } from '@hirecast/db/schema';
import type { TRole } from '@hirecast/domain/constants';

export type TAuthUser = typeof users.$inferSelect;
export type TCompanyScope = { companyId: string; role: TRole };
export type TSession = { user: TAuthUser; sessionId: string };

/** The key of the scope asked for without a company: the caller's first membership. */
export const FIRST_COMPANY = '';

type TEntry = {
  session: TSession;
  /** When the entry stops being used: the session's expiry, or TTL after it was read, whichever comes first. */
  until: number;
  /** Memberships read so far, by company id (FIRST_COMPANY: the first one); null: not a member. */
  scopes: Map<string, TCompanyScope | null>;
};

export type TSessionCache = ReturnType<typeof createSessionCache>;
export type TSessionRead = { session: TSession; expiresAt: Date; scopes: [string, TCompanyScope | null][] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a value has the shape of a company id (a uuid PostgreSQL can compare). */
export const isCompanyIdShape = (value: string) => UUID.test(value);
/** A company id PostgreSQL can compare (anything else is nobody's company), or FIRST_COMPANY. */
const isCompanyKey = (key: string) => key === FIRST_COMPANY || UUID.test(key);

/** The caller's membership of `companyId` (or the first one), as a lateral subquery of the session's user. */
const membershipOf = (db: TDb, companyId: boolean) =>
  db
    .select({ companyId: memberships.companyId, role: memberships.role })
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, sessions.userId),
        companyId ? eq(memberships.companyId, sql.placeholder('companyId')) : undefined,
      ),
    )
    .orderBy(memberships.createdAt)
    .limit(1)
    .as('m');

/** One round trip: the live session of a token hash (not revoked, not expired), its user and one membership. */
const sessionQuery = (db: TDb, companyId: boolean) => {
  const m = membershipOf(db, companyId);
  return db
    .select({
      user: users,
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      companyId: m.companyId,
      role: m.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoinLateral(m, sql`true`)
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('hash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare(companyId ? 'auth_session_company' : 'auth_session_first_company');
};

const membershipQuery = (db: TDb, companyId: boolean) =>
  db
    .select({ companyId: memberships.companyId, role: memberships.role })
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, sql.placeholder('userId')),
        companyId ? eq(memberships.companyId, sql.placeholder('companyId')) : undefined,
      ),
    )
    .orderBy(memberships.createdAt)
    .limit(1)
    .prepare(companyId ? 'auth_membership_company' : 'auth_membership_first');

/**
 * The reads behind every authenticated request, prepared once per database (the statements are parsed and
 * planned once per connection), in front of the session cache.
 */
export function createSessionStore(db: TDb, changes: TAuthChanges) {
  const cache = createSessionCache(changes);
  const queries = {
    session: { some: sessionQuery(db, true), first: sessionQuery(db, false) },
    membership: { some: membershipQuery(db, true), first: membershipQuery(db, false) },
  };
  return {
    cache,
    /** The session of `hash` with the membership of `companyKey` (FIRST_COMPANY: the first), or null. */
    async readSession(hash: string, companyKey: string): Promise<TSessionRead | null> {
      const valid = isCompanyKey(companyKey);
      const [row] =
        valid && companyKey
          ? await queries.session.some.execute({ hash, companyId: companyKey })
          : await queries.session.first.execute({ hash });
      if (!row) return null;
      const scope = row.companyId ? { companyId: row.companyId, role: row.role as TRole } : null;
      return {
        session: { user: row.user, sessionId: row.sessionId },
        expiresAt: row.expiresAt,
        scopes: valid
          ? [[companyKey, scope]]
          : [
              [FIRST_COMPANY, scope],
              [companyKey, null],
            ],
      };
    },
    async readMembership(userId: string, companyKey: string): Promise<TCompanyScope | null> {
      if (!isCompanyKey(companyKey)) return null;
      const [row] = companyKey
        ? await queries.membership.some.execute({ userId, companyId: companyKey })
        : await queries.membership.first.execute({ userId });
      return row ? { companyId: row.companyId, role: row.role as TRole } : null;
    },
  };
}
export type TSessionStore = ReturnType<typeof createSessionStore>;

/**
 * Sessions (with their user) and memberships that recent requests read, by token hash, for a few seconds, so
 * an authenticated request costs no database round trip of its own (decision 016). Correctness does not rest
 * on the time to live: migration 0010's triggers announce every change to a session, a user or a membership,
 * and the cache drops that user's entries when it hears of it (before the query that made a change in this
 * process returns). A read that was under way during a change is not kept (the generation moved on). While
 * changes are not being delivered (no listening connection), nothing is cached and every request reads the
 * database.
 */
export function createSessionCache(changes: TAuthChanges, { ttlMs = 10_000, maxEntries = 10_000 } = {}) {
  const entries = new Map<string, TEntry>();
  const byUser = new Map<string, Set<string>>();
  let generation = 0;
  let live = false;

  const forget = (hash: string) => {
    const entry = entries.get(hash);
    if (!entry) return;
    entries.delete(hash);
    const hashes = byUser.get(entry.session.user.id);
    hashes?.delete(hash);
    if (hashes?.size === 0) byUser.delete(entry.session.user.id);
  };
  // Subscribed at the first use, so a process that reads no sessions (the worker) opens no listening connection.
  let unsubscribe: (() => void) | undefined;
  const subscribe = () => {
    unsubscribe ??= changes.subscribe({
      onChange: (userId) => {
        generation++;
        for (const hash of byUser.get(userId) ?? []) forget(hash);
      },
      onLive: (value) => {
        generation++;
        live = value;
        entries.clear();
        byUser.clear();
      },
    });
  };

  return {
    /** Taken before a read; a result is kept only when no change was heard in between. */
    generation: () => generation,
    get(hash: string): TEntry | undefined {
      subscribe();
      if (!live) return undefined;
      const entry = entries.get(hash);
      if (entry && entry.until <= Date.now()) {
        forget(hash);
        return undefined;
      }
      return entry;
    },
    set(hash: string, read: TSessionRead, at: number) {
      if (!live || at !== generation) return;
      forget(hash);
      if (entries.size >= maxEntries) forget(entries.keys().next().value!);
      // Shared by the requests that hit it: frozen, so no route can change another request's user.
      Object.freeze(read.session.user);
      Object.freeze(read.session);
      for (const [, scope] of read.scopes) if (scope) Object.freeze(scope);
      entries.set(hash, {
        session: read.session,
        until: Math.min(read.expiresAt.getTime(), Date.now() + ttlMs),
        scopes: new Map(read.scopes),
      });
      const userId = read.session.user.id;
      if (!byUser.has(userId)) byUser.set(userId, new Set());
      byUser.get(userId)!.add(hash);
    },
    setScope(hash: string, key: string, scope: TCompanyScope | null, at: number) {
      if (!live || at !== generation) return;
      if (scope) Object.freeze(scope);
      entries.get(hash)?.scopes.set(key, scope);
    },
    close: () => unsubscribe?.(),
  };
}
