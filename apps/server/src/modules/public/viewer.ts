import { and, eq, gt, isNull } from 'drizzle-orm';
import { sessions } from '@hirecast/db/schema';
import type { TContext } from '../../lib/context.ts';
import { hashToken } from '../../lib/tokens.ts';

/**
 * The signed-in user behind the web app's `auth-token` cookie (site pages are plain navigations, so they
 * carry no Authorization header). The same checks as plugins/auth.ts: not revoked, not expired.
 */
export async function userIdFromSessionToken(
  ctx: Pick<TContext, 'db'>,
  token: string | undefined,
): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const [row] = await ctx.db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row?.userId ?? null;
}
