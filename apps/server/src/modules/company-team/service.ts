import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { companyInvitations, jobTeamMembers, memberships, users } from '@hirecast/db/schema';
import type { TDb, TTx } from '@hirecast/db/client';
import type { TCompanyTeamMember, ZCompanyInviteRequest } from '@hirecast/domain/company-team';
import { inviteMessages } from '@hirecast/domain/company-team';
import { ROLE_LABELS, type TRole } from '@hirecast/domain/constants';
import { messages } from '@hirecast/domain/messages';
import { canResendInvitation } from '@hirecast/domain/team';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { TAuthUser, TCompanyScope } from '../../plugins/auth.ts';
import { companyName } from '../jobs/index.ts';
import { companyInvitationEmail } from '../job-team/index.ts';
import { INVITATION_TTL_MS } from '../job-team/index.ts';
import { assertCanChangeType, assertCanInvite, assertCanManage } from './policy.ts';

type TDbLike = TDb | TTx;
type TInviteInput = z.output<typeof ZCompanyInviteRequest>;
type TInvitationRow = typeof companyInvitations.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('NOT_FOUND', messages.notFound);
const tooSoon = () => new AppError('TOO_MANY_REQUESTS', inviteMessages.tooSoon);
const lower = (email: string) => email.trim().toLowerCase();
const sameEmail = (column: typeof users.email | typeof companyInvitations.email, email: string) =>
  eq(sql`lower(${column})`, lower(email));

async function selectMemberRows(db: TDbLike, companyId: string, membershipId?: string) {
  return (
    db
      .select({
        id: memberships.id,
        userId: users.id,
        role: memberships.role,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        lastInvitationDate: companyInvitations.lastInvitationDate,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      // The invitation a member came in through, if any, gives their lastInvitationDate.
      .leftJoin(
        companyInvitations,
        and(
          eq(companyInvitations.companyId, memberships.companyId),
          eq(sql`lower(${companyInvitations.email})`, sql`lower(${users.email})`),
        ),
      )
      .where(
        and(
          eq(memberships.companyId, companyId),
          membershipId ? eq(memberships.id, membershipId) : undefined,
        ),
      )
      .orderBy(asc(memberships.createdAt), asc(memberships.id))
  );
}
type TMemberRow = Awaited<ReturnType<typeof selectMemberRows>>[number];

const pendingInvitations = (db: TDbLike, companyId: string, invitationId?: string) =>
  db
    .select()
    .from(companyInvitations)
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        isNull(companyInvitations.acceptedAt),
        invitationId ? eq(companyInvitations.id, invitationId) : undefined,
      ),
    )
    .orderBy(asc(companyInvitations.createdAt), asc(companyInvitations.email));

const serializeMember = (row: TMemberRow): TCompanyTeamMember => ({
  _id: row.id,
  email: row.email,
  type: row.role as TRole,
  _manager: { firstName: row.firstName, lastName: row.lastName, email: row.email },
  lastInvitationDate: row.lastInvitationDate?.toISOString() ?? null,
  isPending: false,
});

// A pending invitation stays listed after it expires: a resend renews it (spec 1 §4).
const serializeInvitation = (row: TInvitationRow): TCompanyTeamMember => ({
  _id: row.id,
  email: row.email,
  type: row.type as TRole,
  _manager: null,
  lastInvitationDate: row.lastInvitationDate.toISOString(),
  isPending: true,
});

async function listMembers(db: TDbLike, companyId: string): Promise<TCompanyTeamMember[]> {
  const members = await selectMemberRows(db, companyId);
  const memberEmails = new Set(members.map((m) => lower(m.email)));
  const pending = (await pendingInvitations(db, companyId)).filter((i) => !memberEmails.has(lower(i.email)));
  return [...members.map(serializeMember), ...pending.map(serializeInvitation)];
}

/** spec 2 §7 GET /company/{id}/team: every role of the company reads the team. */
export async function listCompanyTeam(ctx: TContext, { scope }: { scope: TCompanyScope }) {
  return { members: await listMembers(ctx.db, scope.companyId) };
}

type TFound =
  | { kind: 'member'; row: TMemberRow; isSelf: boolean; type: TRole }
  | { kind: 'invitation'; row: TInvitationRow; isSelf: boolean; type: TRole };

// `_id` is a membership id or a pending invitation id; either must belong to the caller's company, and
// anything else (another company's id, an accepted invitation, not a uuid) is not found.
async function findTeamMember(
  db: TDbLike,
  input: { scope: TCompanyScope; user: TAuthUser; memberId: string },
): Promise<TFound> {
  if (!UUID.test(input.memberId)) throw notFound();
  const [member] = await selectMemberRows(db, input.scope.companyId, input.memberId);
  if (member) {
    return {
      kind: 'member',
      row: member,
      isSelf: member.userId === input.user.id,
      type: member.role as TRole,
    };
  }
  const [invitation] = await pendingInvitations(db, input.scope.companyId, input.memberId);
  if (!invitation) throw notFound();
  return {
    kind: 'invitation',
    row: invitation,
    isSelf: lower(invitation.email) === lower(input.user.email),
    type: invitation.type as TRole,
  };
}

/**
 * spec 2 §7 POST /company/{id}/team {companyId, team {email, type}}; spec 1 §4, §5. A member's email answers
 * 409 'This email is already in the list!'. A pending invitation's email is a resend of that invitation (its
 * type unchanged): a new code and a new week, at most once per 30 s per person. The email goes out after the
 * invitation is committed; only the code's hash is stored.
 */
export async function inviteCompanyMember(
  ctx: TContext,
  { scope, user, input }: { scope: TCompanyScope; user: TAuthUser; input: TInviteInput },
) {
  const { email, type } = input.team;
  if (input.companyId !== undefined && input.companyId !== scope.companyId) {
    throw new AppError('VALIDATION', 'The company does not match the address.', { companyId: 'Mismatch' });
  }
  assertCanInvite(scope, type);
  const now = new Date();
  const code = newToken();
  const renewal = {
    codeHash: hashToken(code),
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    lastInvitationDate: now,
    invitedBy: user.id,
  };
  const { invitation, isResend } = await ctx.db
    .transaction(async (tx) => {
      const [member] = await tx
        .select({ id: memberships.id })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.companyId, scope.companyId), sameEmail(users.email, email)))
        .limit(1);
      if (member)
        throw new AppError('CONFLICT', inviteMessages.duplicate, { email: inviteMessages.duplicate });
      const [existing] = await tx
        .select()
        .from(companyInvitations)
        .where(
          and(eq(companyInvitations.companyId, scope.companyId), sameEmail(companyInvitations.email, email)),
        )
        .for('update')
        .limit(1);
      if (existing && !existing.acceptedAt) {
        // A resend keeps the invitation's type (PATCH changes it); a job manager resends type-0 ones only.
        assertCanManage(scope, { isSelf: false, type: existing.type as TRole });
        if (!canResendInvitation(existing.lastInvitationDate, now)) throw tooSoon();
        const [renewed] = await tx
          .update(companyInvitations)
          .set(renewal)
          .where(eq(companyInvitations.id, existing.id))
          .returning();
        return { invitation: renewed!, isResend: true };
      }
      // The accepted invitation of someone who has since left the company gives way to a fresh one.
      if (existing) await tx.delete(companyInvitations).where(eq(companyInvitations.id, existing.id));
      const [created] = await tx
        .insert(companyInvitations)
        .values({ companyId: scope.companyId, email, type, ...renewal })
        .returning();
      return { invitation: created!, isResend: false };
    })
    .catch((err: unknown) => {
      // Two invitations of one person at the same moment: the second is a resend within 30 s.
      if (isUniqueViolation(err)) throw tooSoon();
      throw err;
    });

  const letter = companyInvitationEmail({
    inviterName: `${user.firstName} ${user.lastName}`.trim(),
    companyName: await companyName(ctx.db, scope.companyId),
    roleLabel: ROLE_LABELS[invitation.type as TRole],
    url: `${ctx.config.publicUrl}/accept-invite/${code}`,
  });
  await ctx.mail.send({ to: email, ...letter, replyTo: user.email });
  return {
    isResend,
    answer: { member: serializeInvitation(invitation), message: inviteMessages.sent(email) },
  };
}

/** spec 2 §7 PATCH /company/{id}/team/{memberId} {type}: the top role only, never their own type. */
export async function changeCompanyMemberType(
  ctx: TContext,
  input: { scope: TCompanyScope; user: TAuthUser; memberId: string; type: TRole },
) {
  const found = await findTeamMember(ctx.db, input);
  assertCanChangeType(input.scope, found.isSelf);
  if (found.kind === 'member') {
    await ctx.db.update(memberships).set({ role: input.type }).where(eq(memberships.id, found.row.id));
    return { member: serializeMember({ ...found.row, role: input.type }) };
  }
  const [updated] = await ctx.db
    .update(companyInvitations)
    .set({ type: input.type })
    .where(eq(companyInvitations.id, found.row.id))
    .returning();
  return { member: serializeInvitation(updated!) };
}

/**
 * spec 2 §7 DELETE /company/{id}/team {memberId}. A member leaves the company and every job team of it; a
 * pending invitation is withdrawn with the job team places waiting on it, so its link stops working.
 */
export async function removeCompanyMember(
  ctx: TContext,
  input: { scope: TCompanyScope; user: TAuthUser; memberId: string },
) {
  const found = await findTeamMember(ctx.db, input);
  assertCanManage(input.scope, found);
  const { companyId } = input.scope;
  await ctx.db.transaction(async (tx) => {
    if (found.kind === 'member') {
      await tx
        .delete(jobTeamMembers)
        .where(and(eq(jobTeamMembers.companyId, companyId), eq(jobTeamMembers.userId, found.row.userId)));
      await tx.delete(memberships).where(eq(memberships.id, found.row.id));
      return;
    }
    await tx
      .delete(jobTeamMembers)
      .where(
        and(
          eq(jobTeamMembers.companyId, companyId),
          isNull(jobTeamMembers.userId),
          or(
            eq(jobTeamMembers.invitationId, found.row.id),
            eq(sql`lower(${jobTeamMembers.email})`, lower(found.row.email)),
          ),
        ),
      );
    await tx.delete(companyInvitations).where(eq(companyInvitations.id, found.row.id));
  });
  return { members: await listMembers(ctx.db, companyId) };
}
