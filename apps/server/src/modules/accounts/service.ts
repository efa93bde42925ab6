import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { sessions, users, userTokens } from '@hirecast/db/schema';
import { hashPassword, verifyPassword } from '@hirecast/db/password';
import { LIMITS } from '@hirecast/domain/constants';
import { isFreeMailDomain } from '@hirecast/domain/email';
import { messages } from '@hirecast/domain/messages';
import type {
  TForgotPasswordRequest,
  TResetPasswordRequest,
  TSignInRequest,
  TSignUpRequest,
  TUpdateMeRequest,
} from '@hirecast/domain/auth';
import type { TDbLike } from '@hirecast/db/client';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { resetLink, resetPasswordEmail, verificationEmail, verificationLink } from './emails.ts';
import { acceptInvitation, findPendingInvitation, invalidInvite, invitationIsFor } from './invitations.ts';
import { ownImageChange } from '../storage/index.ts';
import type { TUserRow } from './serialize.ts';

type TTokenKind = (typeof userTokens.$inferInsert)['kind'];

const HOUR_MS = 3_600_000;
const TOKEN_TTL_MS = LIMITS.resetTokenHours * HOUR_MS;

// `companyId`: the company an invitation accepted at sign-up joined, so the answer's `_company` is that one.
export type TSignedIn = { user: TUserRow; token: string; isNew: boolean; companyId?: string };

// spec 1 §2 and spec 2 §2 self-invited users (docs/decisions/022-self-invited.md): an account made by signing
// up through an invitation starts self-invited, so the person lands on their personal settings (Personal tab
// only) to set up their profile; their first save of a personal detail makes them a regular member, whose
// tabs and landing page follow their role. Someone who already had an account and accepts an invitation
// signed in is not self-invited.
const PERSONAL_FIELDS = [
  'firstName',
  'lastName',
  'position',
  'avatar',
  'digestType',
  'calendarLink',
] as const;

export function findUserByEmail(db: TDbLike, email: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1)
    .then((rows) => rows[0]);
}

export async function createSession(ctx: TContext, db: TDbLike, userId: string): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ctx.config.sessionTtlDays * 24 * HOUR_MS),
  });
  return token;
}

async function issueUserToken(db: TDbLike, userId: string, kind: TTokenKind): Promise<string> {
  const token = newToken();
  await db
    .insert(userTokens)
    .values({ userId, kind, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + TOKEN_TTL_MS) });
  return token;
}

// Marks a valid token used and returns its user id; a second use, an expired or unknown token gives null.
// The conditional update makes single use hold even when two requests race.
async function consumeUserToken(db: TDbLike, token: string, kind: TTokenKind): Promise<string | null> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.kind, kind),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: userTokens.userId });
  return row?.userId ?? null;
}

// Mail is written to the outbox first; an SMTP failure is recorded there and must not undo the account.
async function sendQuietly(ctx: TContext, message: Parameters<TContext['mail']['send']>[0]) {
  try {
    await ctx.mail.send(message);
  } catch (err) {
    ctx.log.warn({ err }, 'email delivery failed; kept in the outbox');
  }
}

export async function sendVerificationEmail(ctx: TContext, user: TUserRow, redirect?: string) {
  const token = await issueUserToken(ctx.db, user.id, 'verify');
  const link = verificationLink(ctx.config.publicUrl, token, redirect || undefined);
  await ctx.mail.send(verificationEmail({ to: user.email, firstName: user.firstName, link }));
}

/**
 * spec 1 §7 POST manager/signup/email. The free-mail rule is in ZSignUpRequest, lifted there when an invite
 * code is sent; the code is checked here (spec 2 §4 Invite flow):
 * - a valid code for the same email: the invitation link proved the address, so the account starts verified
 *   (no verification letter) and joins the company with the invitation's type, in the same transaction;
 * - a valid code for another email: a normal sign-up (the invitation stays pending), so the free-mail rule
 *   applies again;
 * - an unknown, expired or used code: 400 'Invite code is invalid.' and nothing is created.
 */
export async function signUp(ctx: TContext, input: TSignUpRequest): Promise<TSignedIn> {
  const inviteCode = input.inviteCode || undefined;
  const invitation = inviteCode ? await findPendingInvitation(ctx.db, inviteCode) : undefined;
  if (inviteCode && !invitation) throw invalidInvite('VALIDATION');
  const invited = invitation && invitationIsFor(invitation, input.email) ? invitation : undefined;
  if (!invited && isFreeMailDomain(input.email)) {
    throw new AppError('VALIDATION', messages.corporateEmailOnly, { email: messages.corporateEmailOnly });
  }
  const passwordHash = await hashPassword(input.password);
  let created: { user: TUserRow; token: string; verifyToken: string | null };
  try {
    created = await ctx.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, input.email)) throw new AppError('CONFLICT', messages.userExists);
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email.trim().toLowerCase(),
          passwordHash,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          prefers: input.prefers ?? null,
          emailVerifiedAt: invited ? new Date() : null,
          selfInvited: Boolean(invited),
        })
        .returning();
      if (invited && !(await acceptInvitation(tx, { invitationId: invited.id, userId: user!.id }))) {
        throw invalidInvite('VALIDATION');
      }
      const token = await createSession(ctx, tx, user!.id);
      const verifyToken = invited ? null : await issueUserToken(tx, user!.id, 'verify');
      return { user: user!, token, verifyToken };
    });
  } catch (err) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', messages.userExists);
    throw err;
  }
  if (created.verifyToken) {
    const link = verificationLink(ctx.config.publicUrl, created.verifyToken, input.redirect || undefined);
    await sendQuietly(
      ctx,
      verificationEmail({ to: created.user.email, firstName: created.user.firstName, link }),
    );
  }
  return { user: created.user, token: created.token, isNew: true, companyId: invited?.companyId };
}

// A fixed argon2id hash to verify against when the email is unknown, so both failures take as long.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password-hirecast'));

// spec 1 §8: unknown email and wrong password are two different messages.
export async function signIn(ctx: TContext, input: TSignInRequest): Promise<TSignedIn> {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) {
    await verifyPassword(await getDummyHash(), input.password).catch(() => false);
    throw new AppError('UNAUTHORIZED', messages.wrongCredentials);
  }
  // A Google-only account has no password: the same answer as a wrong one (they can reset to set one).
  const ok = user.passwordHash
    ? await verifyPassword(user.passwordHash, input.password).catch(() => false)
    : false;
  if (!user.passwordHash) await verifyPassword(await getDummyHash(), input.password).catch(() => false);
  if (!ok) throw new AppError('UNAUTHORIZED', messages.wrongPassword);
  const token = await createSession(ctx, ctx.db, user.id);
  return { user, token, isNew: false };
}

export async function logout(ctx: TContext, sessionId: string) {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

// PATCH /manager/me: only fields whose value changes are written. The photo follows the logo's rule: one
// of our own uploads, never any URL.
export async function updateMe(ctx: TContext, user: TUserRow, patch: TUpdateMeRequest): Promise<TUserRow> {
  const avatar = await ownImageChange(ctx, {
    input: patch.avatar,
    current: user.avatar,
    userId: user.id,
    imageType: 'avatar',
    field: 'avatar',
  });
  const changes: Partial<typeof users.$inferInsert> = {};
  for (const key of Object.keys(patch) as (keyof TUpdateMeRequest)[]) {
    const value = key === 'avatar' ? avatar : patch[key];
    if (value !== undefined && value !== user[key]) Object.assign(changes, { [key]: value });
  }
  if (user.selfInvited && PERSONAL_FIELDS.some((key) => patch[key] !== undefined))
    changes.selfInvited = false;
  // Issue 27: the name screen's save (both names, each valid by ZUpdateMeRequest) is the person's own name.
  if (user.needsName && patch.firstName !== undefined && patch.lastName !== undefined)
    changes.needsName = false;
  if (Object.keys(changes).length === 0) return user;
  const [updated] = await ctx.db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return updated!;
}

/** Issue 33 item 8: the notice of a taken-back account is shown until its owner closes it. */
export async function closeTakenBackNotice(ctx: TContext, user: TUserRow): Promise<TUserRow> {
  if (!user.takenBackAt) return user;
  const [updated] = await ctx.db
    .update(users)
    .set({ takenBackAt: null, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return updated!;
}

// spec 1 §7 POST /manager/forgot/password; the link is valid 72 hours (spec 1 §9).
export async function requestPasswordReset(ctx: TContext, input: TForgotPasswordRequest) {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) throw new AppError('NOT_FOUND', messages.forgotFailure);
  const token = await issueUserToken(ctx.db, user.id, 'reset');
  const link = resetLink(ctx.config.publicUrl, token, input.redirect || undefined);
  await ctx.mail.send(resetPasswordEmail({ to: user.email, firstName: user.firstName, link }));
  return { message: messages.forgotSuccess };
}

// spec 1 §7 POST /manager/reset/password: sets the password and signs in. Opening the emailed link
// proves the mailbox, so the email counts as verified; every other session is signed out, and a Google
// account linked without the owner's say (Google did not vouch for the address) no longer signs in (issue 27).
export async function resetPassword(ctx: TContext, input: TResetPasswordRequest): Promise<TSignedIn> {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const userId = await consumeUserToken(tx, input.token, 'reset');
    if (!userId) throw new AppError('VALIDATION', messages.resetFailure);
    const now = new Date();
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        googleSub: sql`case when ${users.googleVerified} then ${users.googleSub} else null end`,
        updatedAt: now,
      })
      .where(eq(users.id, userId))
      .returning();
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    const token = await createSession(ctx, tx, userId);
    return { user: user!, token, isNew: false };
  });
}

export async function resendVerification(ctx: TContext, user: TUserRow, redirect?: string) {
  if (user.emailVerifiedAt) throw new AppError('CONFLICT', messages.emailAlreadyVerified);
  await sendVerificationEmail(ctx, user, redirect);
  return { message: messages.verificationSent };
}

export async function verifyEmail(ctx: TContext, token: string) {
  return ctx.db.transaction(async (tx) => {
    const userId = await consumeUserToken(tx, token, 'verify');
    if (!userId) throw new AppError('VALIDATION', messages.verifyTokenInvalid);
    const now = new Date();
    const [user] = await tx
      .update(users)
      .set({
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    return { verified: true as const, email: user!.email };
  });
}
