import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TDb } from '@hirecast/db/client';
import { apiKeys, rateLimitHits, users } from '@hirecast/db/schema';
import { API_KEY_PATTERN, API_KEY_SCOPES, type TApiKeyScope } from '@hirecast/domain/api-keys';
import { hashToken } from './tokens.ts';

// Issue 35 item 1 (decision 036): what the auth plugin needs of API keys, below the modules: the live key of a
// secret (with the user row it acts through), its last-use stamp, and its per-key request counter.

export type TApiKeyPrincipal = {
  id: string;
  companyId: string;
  name: string;
  scopes: TApiKeyScope[];
  user: typeof users.$inferSelect;
};

/** How often a key's `lastUsedAt` is written at most: a key calling 400 times a minute writes it once. */
const LAST_USED_EVERY_MS = 60_000;

const isScope = (value: string): value is TApiKeyScope =>
  (API_KEY_SCOPES as readonly string[]).includes(value);

/** The live key (not revoked, not expired) of a secret, or null; stamps its last use at most once a minute. */
export async function findApiKey(db: TDb, secret: string): Promise<TApiKeyPrincipal | null> {
  if (!API_KEY_PATTERN.test(secret)) return null;
  const [row] = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.actorUserId))
    .where(
      and(
        eq(apiKeys.secretHash, hashToken(secret)),
        isNull(apiKeys.revokedAt),
        sql`(${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())`,
      ),
    )
    .limit(1);
  if (!row) return null;
  const { key, user } = row;
  if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    // Conditional, so that processes reading the same stale stamp at once write it once.
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiKeys.id, key.id),
          sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute')`,
        ),
      );
  }
  return { id: key.id, companyId: key.companyId, name: key.name, scopes: key.scopes.filter(isScope), user };
}

export const API_KEY_WINDOW_SECONDS = 60;

/**
 * Counts one request of a key in the minute window it falls in (the shared rate-limit table, so every API
 * process counts the same hits) and answers the count and the seconds left in the window.
 */
export async function countApiKeyRequest(
  db: TDb,
  keyId: string,
): Promise<{ count: number; resetIn: number }> {
  const expired = sql`${rateLimitHits.expiresAt} <= now()`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({
      key: `api-key:${keyId}`,
      hits: 1,
      expiresAt: sql`now() + make_interval(secs => ${API_KEY_WINDOW_SECONDS})`,
    })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
        expiresAt: sql`case when ${expired} then excluded.expires_at else ${rateLimitHits.expiresAt} end`,
      },
    })
    .returning({
      count: rateLimitHits.hits,
      resetIn: sql<number>`greatest(1, ceil(extract(epoch from (${rateLimitHits.expiresAt} - now()))))::int`,
    });
  return row ?? { count: 1, resetIn: API_KEY_WINDOW_SECONDS };
}
