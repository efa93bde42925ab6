import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { apiKeys, users } from '@hirecast/db/schema';
import {
  API_KEY_ACTOR_DOMAIN,
  API_KEY_PREFIX,
  API_KEY_SCOPES,
  API_KEY_VISIBLE_LENGTH,
  type TApiKey,
  type TApiKeyScope,
  type TCreatedApiKey,
} from '@hirecast/domain/api-keys';
import { messages } from '@hirecast/domain/messages';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';

// Issue 35 item 1 (decision 036): a company's API keys, managed by its admins.

type TKeyRow = typeof apiKeys.$inferSelect;
const creator = alias(users, 'creator');
const iso = (value: Date | null) => (value ? value.toISOString() : null);
const isScope = (value: string): value is TApiKeyScope =>
  (API_KEY_SCOPES as readonly string[]).includes(value);

const serialize = (
  key: TKeyRow,
  by: { id: string; firstName: string; lastName: string } | null,
): TApiKey => ({
  _id: key.id,
  name: key.name,
  scopes: key.scopes.filter(isScope),
  prefix: key.prefix,
  createdBy: by ? { _id: by.id, name: `${by.firstName} ${by.lastName}`.trim() } : null,
  createdAt: key.createdAt.toISOString(),
  expiresAt: iso(key.expiresAt),
  lastUsedAt: iso(key.lastUsedAt),
  revokedAt: iso(key.revokedAt),
});

const selectKeys = (ctx: TContext) =>
  ctx.db
    .select({
      key: apiKeys,
      by: { id: creator.id, firstName: creator.firstName, lastName: creator.lastName },
    })
    .from(apiKeys)
    .leftJoin(creator, eq(creator.id, apiKeys.createdBy));

/** The company's keys, newest first, revoked ones included (they say when they were revoked). */
export async function listApiKeys(ctx: TContext, { scope }: { scope: TCompanyScope }): Promise<TApiKey[]> {
  const rows = await selectKeys(ctx)
    .where(eq(apiKeys.companyId, scope.companyId))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map((row) => serialize(row.key, row.by));
}

/**
 * Creates a key and the user row it acts through (named after the key, no password, no membership: it can never
 * sign in, and the history and audit name it). Answers the key's secret: the only time it exists outside here.
 */
export async function createApiKey(
  ctx: TContext,
  input: {
    scope: TCompanyScope;
    user: { id: string; firstName: string; lastName: string };
    name: string;
    scopes: TApiKeyScope[];
    expiresAt?: string | null;
  },
): Promise<TCreatedApiKey> {
  const secret = `${API_KEY_PREFIX}${newToken()}`;
  const key = await ctx.db.transaction(async (tx) => {
    const [actor] = await tx
      .insert(users)
      .values({
        email: `api-key-${randomUUID()}@${API_KEY_ACTOR_DOMAIN}`,
        firstName: 'API key',
        lastName: `“${input.name}”`,
        emailVerifiedAt: sql`now()`,
      })
      .returning({ id: users.id });
    const [row] = await tx
      .insert(apiKeys)
      .values({
        companyId: input.scope.companyId,
        name: input.name,
        scopes: input.scopes,
        prefix: secret.slice(0, API_KEY_VISIBLE_LENGTH),
        secretHash: hashToken(secret),
        actorUserId: actor!.id,
        createdBy: input.user.id,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      })
      .returning();
    return row!;
  });
  return { ...serialize(key, input.user), key: secret };
}

/** Revokes a key of the company at once (the next request with it answers 401). Revoking twice is harmless. */
export async function revokeApiKey(
  ctx: TContext,
  { scope, id }: { scope: TCompanyScope; id: string },
): Promise<TApiKey> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('NOT_FOUND', messages.notFound);
  const own = and(eq(apiKeys.id, id), eq(apiKeys.companyId, scope.companyId));
  await ctx.db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(own, isNull(apiKeys.revokedAt)));
  const [row] = await selectKeys(ctx).where(own).limit(1);
  if (!row) throw new AppError('NOT_FOUND', messages.notFound);
  return serialize(row.key, row.by);
}
