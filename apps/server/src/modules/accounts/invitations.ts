import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { companies, companyInvitations, jobTeamMembers, memberships, users } from '@hirecast/db/schema';
import type { TDb, TTx } from '@hirecast/db/client';
import { inviteMessages, type TInviteInfo } from '@hirecast/domain/company-team';
import type { TRole } from '@hirecast/domain/constants';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { TUserRow } from './serialize.ts';

// spec 2 §4 Invite flow and spec 1 §2 /accept-invite/{inviteCode}: the code of the emailed link (company
// team or job team invitations alike) is single use and expires with its invitation (7 days, renewed by a
// resend). Unknown, expired and used codes all answer 'Invite code is invalid.'.

type TDbLike = TDb | TTx;
export type TPendingInvitation = typeof companyInvitations.$inferSelect & { companyName: string };

const lower = (email: string) => email.trim().toLowerCase();
export const invalidInvite = (code: 'NOT_FOUND' | 'VALIDATION') =>
  new AppError(
    code,
    inviteMessages.invalid,
    code === 'VALIDATION' ? { inviteCode: inviteMessages.invalid } : undefined,
  );

/** The pending, unexpired invitation of a code, or undefined. */
export async function findPendingInvitation(
  db: TDbLike,
  code: string,
): Promise<TPendingInvitation | undefined> {
  if (!code || code.length > 200) return undefined;
  const [row] = await db
    .select({ invitation: companyInvitations, companyName: companies.name })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(
      and(
        eq(companyInvitations.codeHash, hashToken(code)),
        isNull(companyInvitations.acceptedAt),
        gt(companyInvitations.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row && { ...row.invitation, companyName: row.companyName };
}

/**
 * Whether someone has invited this address and the invitation is still open: it lets a free-mail address make
 * an account (spec 1 §5), through Google as through the invited sign-up form.
 */
export async function isInvited(db: TDbLike, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: companyInvitations.id })
    .from(companyInvitations)
    .where(
      and(
        sql`lower(${companyInvitations.email}) = ${lower(email)}`,
        isNull(companyInvitations.acceptedAt),
        gt(companyInvitations.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export const invitationIsFor = (invitation: { email: string }, email: string) =>
  lower(invitation.email) === lower(email);

/** spec 2 §4: "the user is fetched by the invite token" — GET /manager/invite/{inviteCode}. */
export async function getInviteInfo(ctx: TContext, code: string): Promise<TInviteInfo> {
  const invitation = await findPendingInvitation(ctx.db, code);
  if (!invitation) throw invalidInvite('NOT_FOUND');
  const [account] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, lower(invitation.email)))
    .limit(1);
  return {
    email: invitation.email,
    companyName: invitation.companyName,
    type: invitation.type as TRole,
    needVerification: !account,
  };
}

/**
 * Accepts the invitation for `userId` inside `tx`: marks it accepted (a conditional update, so a code is
 * used once even when two requests race), adds the membership with the invitation's type (an existing
 * membership is kept as it is), and links the job team places waiting on the invitation to the user.
 * Returns false when the invitation was used or expired meanwhile.
 */
export async function acceptInvitation(
  tx: TTx,
  { invitationId, userId }: { invitationId: string; userId: string },
): Promise<boolean> {
  const now = new Date();
  const [accepted] = await tx
    .update(companyInvitations)
    .set({ acceptedAt: now })
    .where(
      and(
        eq(companyInvitations.id, invitationId),
        isNull(companyInvitations.acceptedAt),
        gt(companyInvitations.expiresAt, now),
      ),
    )
    .returning();
  if (!accepted) return false;
  await tx
    .insert(memberships)
    .values({ companyId: accepted.companyId, userId, role: accepted.type })
    .onConflictDoNothing();
  await tx
    .update(jobTeamMembers)
    .set({ userId })
    .where(
      and(
        eq(jobTeamMembers.companyId, accepted.companyId),
        isNull(jobTeamMembers.userId),
        or(
          eq(jobTeamMembers.invitationId, accepted.id),
          eq(sql`lower(${jobTeamMembers.email})`, lower(accepted.email)),
        ),
      ),
    );
  return true;
}

/**
 * spec 2 §7 POST /manager/accept/invite: the signed-in person the invitation names joins the company.
 * Opening the emailed link proves the mailbox, so the email counts as verified from here on.
 */
export async function acceptInvite(
  ctx: TContext,
  { user, code }: { user: TUserRow; code: string },
): Promise<{ user: TUserRow; companyId: string }> {
  const invitation = await findPendingInvitation(ctx.db, code);
  if (!invitation) throw invalidInvite('NOT_FOUND');
  if (!invitationIsFor(invitation, user.email)) throw new AppError('FORBIDDEN', inviteMessages.otherAccount);
  const updated = await ctx.db.transaction(async (tx) => {
    if (!(await acceptInvitation(tx, { invitationId: invitation.id, userId: user.id }))) {
      throw invalidInvite('NOT_FOUND');
    }
    const now = new Date();
    const [row] = await tx
      .update(users)
      .set({
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(users.id, user.id))
      .returning();
    return row!;
  });
  return { user: updated, companyId: invitation.companyId };
}
