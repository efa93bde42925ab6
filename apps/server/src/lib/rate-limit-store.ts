import { lt, sql } from 'drizzle-orm';
import type { TDb } from '@hirecast/db/client';
import { rateLimitHits } from '@hirecast/db/schema';

// Decision 007: the counters of @fastify/rate-limit live in PostgreSQL (or the embedded PGlite), so every API
// process counts the same hits. The plugin builds the store with `new Store(options)` and asks each route for a
// `child`; `incr` counts one hit and answers the count and the time left in the window, `read` only looks.
// Time comes from the database's clock, so processes on machines whose clocks differ still agree on windows.

type TResult = { current: number; ttl: number };
type TCallback = (err: Error | null, result?: TResult) => void;
type TStoreOptions = {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string; url?: string };
};

const ttlMs = sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitHits.expiresAt} - now())) * 1000))::int`;

/** The plugin's `store` option: a class bound to this database. */
export function databaseRateLimitStore(db: TDb) {
  return class DatabaseRateLimitStore {
    readonly continueExceeding: boolean;
    readonly prefix: string;

    constructor(options: TStoreOptions = {}, prefix = '') {
      if (options.exponentialBackoff)
        throw new Error('the database rate-limit store does not implement exponentialBackoff');
      this.continueExceeding = options.continueExceeding ?? false;
      this.prefix = prefix;
    }

    // One atomic upsert per hit: a new key or an expired window starts at 1 with a new expiry, otherwise the
    // count goes up within the window it has (or, with continueExceeding, a hit over the limit restarts it).
    incr(key: string, cb: TCallback, timeWindow: number, max: number) {
      const windowEnd = sql`now() + make_interval(secs => ${timeWindow / 1000})`;
      const expired = sql`${rateLimitHits.expiresAt} <= now()`;
      const restart = this.continueExceeding
        ? sql`(${expired} or ${rateLimitHits.hits} + 1 > ${max})`
        : expired;
      db.insert(rateLimitHits)
        .values({ key: this.prefix + key, hits: 1, expiresAt: windowEnd })
        .onConflictDoUpdate({
          target: rateLimitHits.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
            expiresAt: sql`case when ${restart} then excluded.expires_at else ${rateLimitHits.expiresAt} end`,
          },
        })
        .returning({ current: rateLimitHits.hits, ttl: ttlMs })
        .then(
          ([row]) => cb(null, row ?? { current: 1, ttl: timeWindow }),
          (err: Error) => cb(err),
        );
    }

    read(key: string, cb: TCallback) {
      db.select({ current: rateLimitHits.hits, ttl: ttlMs })
        .from(rateLimitHits)
        .where(sql`${rateLimitHits.key} = ${this.prefix + key} and ${rateLimitHits.expiresAt} > now()`)
        .then(
          ([row]) => cb(null, row ?? { current: 0, ttl: 0 }),
          (err: Error) => cb(err),
        );
    }

    // Each route counts apart, as the plugin's own stores do: the key starts with the route's method and URL.
    child(options: TStoreOptions) {
      const { method, url } = options.routeInfo ?? {};
      return new DatabaseRateLimitStore(options, method && url ? `${method}${url}-` : this.prefix);
    }
  };
}

/** Removes the counters whose window has ended; answers how many. Any process may run it, at any time. */
export async function sweepRateLimits(db: TDb): Promise<number> {
  const removed = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.expiresAt, sql`now()`))
    .returning({ key: rateLimitHits.key });
  return removed.length;
}

/** How often each API process removes ended windows (the table stays as small as the traffic of a window). */
export const RATE_LIMIT_SWEEP_EVERY_MS = 10 * 60_000;
