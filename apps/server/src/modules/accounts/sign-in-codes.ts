import { and, eq, gt, isNull } from 'drizzle-orm';
import { companyInvitations, signInCodes, users } from '@hirecast/db/schema';
import { verifyPassword } from '@hirecast/db/password';
import { messages } from '@hirecast/domain/messages';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { acceptInvitation } from './invitations.ts';
import { createSession } from './service.ts';
import type { TUserRow } from './serialize.ts';

// Decision 003, login CSRF: a session token in the callback's URL would let anyone who sends a victim that
// URL sign the victim into the sender's account. The callback instead hands over a code that only the
// browser holding the flow's binding cookie can exchange, once, within a short time.
export const SIGN_IN_CODE_TTL_MS = 120_000;
// Issue 27: a pending link waits for a person to type their password, so it lives longer (still single use).
export const LINK_CODE_TTL_MS = 600_000;

/** A fresh binding value for the browser starting a social sign-in (kept in an HttpOnly cookie). */
export const newBinding = () => newToken();

type TIssue = {
  userId: string;
  binding: string;
  isNew?: boolean;
  companyId?: string;
  // Issue 27: a pending link of this Google account, waiting for the account's password.
  link?: { googleSub: string; invitationId?: string };
};

export async function issueSignInCode(
  ctx: Pick<TContext, 'db'>,
  { userId, isNew = false, binding, companyId, link }: TIssue,
): Promise<string> {
  const code = newToken();
  await ctx.db.insert(signInCodes).values({
    userId,
    isNew,
    codeHash: hashToken(code),
    bindingHash: hashToken(binding),
    purpose: link ? 'link' : 'sign-in',
    googleSub: link?.googleSub ?? null,
    invitationId: link?.invitationId ?? null,
    companyId: companyId ?? null,
    expiresAt: new Date(Date.now() + (link ? LINK_CODE_TTL_MS : SIGN_IN_CODE_TTL_MS)),
  });
  return code;
}

const usable = (code: string, binding: string, purpose: 'sign-in' | 'link') =>
  and(
    eq(signInCodes.codeHash, hashToken(code)),
    eq(signInCodes.bindingHash, hashToken(binding)),
    eq(signInCodes.purpose, purpose),
    isNull(signInCodes.usedAt),
    gt(signInCodes.expiresAt, new Date()),
  );

/**
 * Marks the code used and opens a session for its user. An unknown, used or expired code, or one that
 * another browser's binding (or none) comes with, answers 400 and changes nothing. The conditional update
 * makes single use hold when two requests race, on any number of API processes.
 */
export async function exchangeSignInCode(
  ctx: TContext,
  { code, binding }: { code: string; binding: string | undefined },
): Promise<{ user: TUserRow; token: string; isNew: boolean; companyId?: string }> {
  const refused = new AppError('VALIDATION', messages.socialSignInFailed);
  if (!binding) throw refused;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(signInCodes)
      .set({ usedAt: new Date() })
      .where(usable(code, binding, 'sign-in'))
      .returning({ userId: signInCodes.userId, isNew: signInCodes.isNew, companyId: signInCodes.companyId });
    if (!row) throw refused;
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
    if (!user) throw refused;
    const token = await createSession(ctx, tx, user.id);
    return { user, token, isNew: row.isNew, companyId: row.companyId ?? undefined };
  });
}

/**
 * Issue 27: links the pending Google account of a `link` code to its account when the password is the
 * account's, then opens a session (and accepts the invitation the flow brought). A wrong password answers the
 * sign-in form's message and keeps the code for another try; an unknown, used, expired or other browser's
 * code answers 400. Either way nothing is linked.
 */
export async function linkWithPassword(
  ctx: TContext,
  { code, binding, password }: { code: string; binding: string | undefined; password: string },
): Promise<{ user: TUserRow; token: string; companyId?: string }> {
  const refused = new AppError('VALIDATION', messages.socialSignInFailed);
  if (!binding) throw refused;
  const [pending] = await ctx.db
    .select({ userId: signInCodes.userId })
    .from(signInCodes)
    .where(usable(code, binding, 'link'))
    .limit(1);
  if (!pending) throw refused;
  const [owner] = await ctx.db.select().from(users).where(eq(users.id, pending.userId));
  if (!owner?.passwordHash) throw refused;
  if (!(await verifyPassword(owner.passwordHash, password).catch(() => false)))
    throw new AppError('UNAUTHORIZED', messages.wrongPassword);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(signInCodes)
      .set({ usedAt: new Date() })
      .where(usable(code, binding, 'link'))
      .returning({ googleSub: signInCodes.googleSub, invitationId: signInCodes.invitationId });
    if (!row?.googleSub) throw refused;
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.googleSub, row.googleSub))
      .limit(1);
    if (taken && taken.id !== owner.id) throw refused;
    const [user] = await tx
      .update(users)
      .set({ googleSub: row.googleSub, googleVerified: true, updatedAt: new Date() })
      .where(and(eq(users.id, owner.id), isNull(users.googleSub)))
      .returning();
    if (!user) throw refused;
    let companyId: string | undefined;
    if (
      row.invitationId &&
      (await acceptInvitation(tx, { invitationId: row.invitationId, userId: user.id }))
    ) {
      const [joined] = await tx
        .select({ companyId: companyInvitations.companyId })
        .from(companyInvitations)
        .where(eq(companyInvitations.id, row.invitationId));
      companyId = joined?.companyId;
    }
    return { user, token: await createSession(ctx, tx, user.id), companyId };
  });
}
