import { and, eq, lt, sql } from 'drizzle-orm';
import type { TDb } from '@hirecast/db/client';
import { apiIdempotency, type TApiIdempotencyRow } from '@hirecast/db/schema';

// Decision 036: `Idempotency-Key` records of API-key writes, in PostgreSQL so every API process sees them.

const KEPT = sql`interval '24 hours'`;

/**
 * Claims `key` for a request: true when this request is the first (a record in flight is written), else the
 * record that was there (answered, or still in flight). A record older than 24 hours is forgotten first.
 */
export async function claimIdempotencyKey(
  db: TDb,
  input: { apiKeyId: string; key: string; fingerprint: string },
): Promise<true | TApiIdempotencyRow> {
  const same = and(eq(apiIdempotency.apiKeyId, input.apiKeyId), eq(apiIdempotency.key, input.key));
  await db.delete(apiIdempotency).where(and(same, lt(apiIdempotency.createdAt, sql`now() - ${KEPT}`)));
  const inserted = await db
    .insert(apiIdempotency)
    .values(input)
    .onConflictDoNothing()
    .returning({ key: apiIdempotency.key });
  if (inserted.length > 0) return true;
  const [existing] = await db.select().from(apiIdempotency).where(same).limit(1);
  // Gone between the two statements (swept, or its request failed): the caller may simply try again.
  return existing ?? true;
}

export async function storeIdempotentAnswer(
  db: TDb,
  input: { apiKeyId: string; key: string; status: number; body: string; contentType: string | null },
) {
  await db
    .update(apiIdempotency)
    .set({ status: input.status, body: input.body, contentType: input.contentType })
    .where(and(eq(apiIdempotency.apiKeyId, input.apiKeyId), eq(apiIdempotency.key, input.key)));
}

/** A request that failed on our side (or never answered) leaves its key free for a retry. */
export async function releaseIdempotencyKey(db: TDb, input: { apiKeyId: string; key: string }) {
  await db
    .delete(apiIdempotency)
    .where(and(eq(apiIdempotency.apiKeyId, input.apiKeyId), eq(apiIdempotency.key, input.key)));
}

export async function sweepIdempotencyKeys(db: TDb): Promise<number> {
  const removed = await db
    .delete(apiIdempotency)
    .where(lt(apiIdempotency.createdAt, sql`now() - ${KEPT}`))
    .returning({ key: apiIdempotency.key });
  return removed.length;
}
