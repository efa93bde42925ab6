import { and, eq, gt, isNull } from 'drizzle-orm';
import { signInCodes, users } from '@hirecast/db/schema';
import { messages } from '@hirecast/domain/messages';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { createSession } from './service.ts';
import type { TUserRow } from './serialize.ts';

// Decision 003, login CSRF: a session token in the callback's URL would let anyone who sends a victim that
// URL sign the victim into the sender's account. The callback instead hands over a code that only the
// browser holding the flow's binding cookie can exchange, once, within a short time.
export const SIGN_IN_CODE_TTL_MS = 120_000;

/** A fresh binding value for the browser starting a social sign-in (kept in an HttpOnly cookie). */
export const newBinding = () => newToken();

export async function issueSignInCode(
  ctx: Pick<TContext, 'db'>,
  { userId, isNew, binding }: { userId: string; isNew: boolean; binding: string },
): Promise<string> {
  const code = newToken();
  await ctx.db.insert(signInCodes).values({
    userId,
    isNew,
    codeHash: hashToken(code),
    bindingHash: hashToken(binding),
    expiresAt: new Date(Date.now() + SIGN_IN_CODE_TTL_MS),
  });
  return code;
}

/**
 * Marks the code used and opens a session for its user. An unknown, used or expired code, or one that
 * another browser's binding (or none) comes with, answers 400 and changes nothing. The conditional update
 * makes single use hold when two requests race, on any number of API processes.
 */
export async function exchangeSignInCode(
  ctx: TContext,
  { code, binding }: { code: string; binding: string | undefined },
): Promise<{ user: TUserRow; token: string; isNew: boolean }> {
  const refused = new AppError('VALIDATION', messages.socialSignInFailed);
  if (!binding) throw refused;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(signInCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(signInCodes.codeHash, hashToken(code)),
          eq(signInCodes.bindingHash, hashToken(binding)),
          isNull(signInCodes.usedAt),
          gt(signInCodes.expiresAt, new Date()),
        ),
      )
      .returning({ userId: signInCodes.userId, isNew: signInCodes.isNew });
    if (!row) throw refused;
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
    if (!user) throw refused;
    return { user, token: await createSession(ctx, tx, user.id), isNew: row.isNew };
  });
}
