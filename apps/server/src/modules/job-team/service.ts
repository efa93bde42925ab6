import { and, asc, eq, sql } from 'drizzle-orm';
import type { TTx } from '@hirecast/db/client';
import type { z } from 'zod';
import { companyInvitations, jobTeamMembers, memberships, users } from '@hirecast/db/schema';
import type { TRole } from '@hirecast/domain/constants';
import { jobMessages } from '@hirecast/domain/job-messages';
import { messages } from '@hirecast/domain/messages';
import { canResendInvitation, type TTeamMember, type ZInviteTeamRequest } from '@hirecast/domain/team';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { TAuthUser, TCompanyScope } from '../../plugins/auth.ts';
import { companyName, findJob } from '../jobs/index.ts';
import { invitationEmail } from './invitation-email.ts';
import { assertCanChangeType, assertCanEditTeam, assertCanGrant, assertCanManage } from './policy.ts';

type TInviteInput = z.output<typeof ZInviteTeamRequest>;

// An invitation link is valid for 7 days; a resend issues a new code and a new week.
export const INVITATION_TTL_MS = 7 * 24 * 3600_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('NOT_FOUND', messages.notFound);
const tooSoon = () => new AppError('TOO_MANY_REQUESTS', jobMessages.inviteTooSoon);
const duplicate = (email: string) => new AppError('CONFLICT', jobMessages.duplicateEmail, { email });
const lower = (email: string) => email.trim().toLowerCase();

const memberColumns = {
  id: jobTeamMembers.id,
  email: jobTeamMembers.email,
  type: jobTeamMembers.type,
  userId: jobTeamMembers.userId,
  invitationId: jobTeamMembers.invitationId,
  lastInvitationDate: jobTeamMembers.lastInvitationDate,
  firstName: users.firstName,
  lastName: users.lastName,
  userEmail: users.email,
};

async function selectMembers(db: TContext['db'] | TTx, jobId: string, memberId?: string) {
  return db
    .select(memberColumns)
    .from(jobTeamMembers)
    .leftJoin(users, eq(users.id, jobTeamMembers.userId))
    .where(and(eq(jobTeamMembers.jobId, jobId), memberId ? eq(jobTeamMembers.id, memberId) : undefined))
    .orderBy(asc(jobTeamMembers.createdAt), asc(jobTeamMembers.email));
}
type TMemberRow = Awaited<ReturnType<typeof selectMembers>>[number];

const serializeMember = (row: TMemberRow): TTeamMember => ({
  _id: row.id,
  email: row.email,
  type: row.type as TRole,
  _manager:
    row.userId && row.userEmail
      ? { firstName: row.firstName ?? '', lastName: row.lastName ?? '', email: row.userEmail }
      : null,
  lastInvitationDate: row.lastInvitationDate?.toISOString() ?? null,
});

const isSelf = (row: TMemberRow, user: TAuthUser) =>
  row.userId === user.id || lower(row.email) === lower(user.email);

async function findMember(ctx: TContext, { jobId, memberId }: { jobId: string; memberId: string }) {
  if (!UUID.test(memberId)) throw notFound();
  const [row] = await selectMembers(ctx.db, jobId, memberId);
  if (!row) throw notFound();
  return row;
}

/** spec 1 §7 GET /job/{id}/team: anyone of the company sees the team. */
export async function listTeam(ctx: TContext, { scope, jobId }: { scope: TCompanyScope; jobId: string }) {
  const job = await findJob(ctx.db, scope, jobId);
  return (await selectMembers(ctx.db, job.id)).map(serializeMember);
}

type TOutgoing = { to: string; isNewToCompany: boolean; url: string };

/**
 * spec 1 §4 Team invitations, §7 POST /job/{id}/team {members}. A company member is added to the job; a new
 * email is invited to the company first (type 0 unless given), then to the job. Posting a pending email again
 * resends its invitation, at most once per 30 s per person (spec 1 §9). Nothing is written unless every
 * member can be added, and the emails go out after the rows are committed.
 */
export async function inviteMembers(
  ctx: TContext,
  {
    scope,
    user,
    jobId,
    input,
  }: { scope: TCompanyScope; user: TAuthUser; jobId: string; input: TInviteInput },
) {
  const job = await findJob(ctx.db, scope, jobId);
  assertCanEditTeam(scope);
  for (const member of input.members) assertCanGrant(scope, member.type);
  const now = new Date();
  const acceptUrl = (code: string) => `${ctx.config.publicUrl}/accept-invite/${code}`;
  const jobUrl = `${ctx.config.publicUrl}/jobs/${job.id}/edit?tab=team`;

  const invitation = { companyId: scope.companyId, jobId: job.id, invitedBy: user.id, now };
  const outgoing = await ctx.db
    .transaction(async (tx) => {
      const mails: TOutgoing[] = [];
      for (const { email, type } of input.members) {
        const [existing] = await tx
          .select(memberColumns)
          .from(jobTeamMembers)
          .leftJoin(users, eq(users.id, jobTeamMembers.userId))
          .where(and(eq(jobTeamMembers.jobId, job.id), eq(sql`lower(${jobTeamMembers.email})`, email)))
          .limit(1);
        if (existing?.userId) throw duplicate(email);
        if (existing) {
          // A pending invitation: resend it, with a new code.
          assertCanManage(scope, { isSelf: isSelf(existing, user), type: existing.type as TRole });
          if (!canResendInvitation(existing.lastInvitationDate, now)) throw tooSoon();
          const { invitationId, code } = await issueCompanyInvitation(tx, {
            ...invitation,
            email,
            type: existing.type,
          });
          await tx
            .update(jobTeamMembers)
            .set({ lastInvitationDate: now, invitationId })
            .where(eq(jobTeamMembers.id, existing.id));
          mails.push({ to: email, isNewToCompany: true, url: acceptUrl(code) });
          continue;
        }
        const [companyMember] = await tx
          .select({ userId: users.id })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(and(eq(memberships.companyId, scope.companyId), eq(sql`lower(${users.email})`, email)))
          .limit(1);
        if (companyMember) {
          await tx.insert(jobTeamMembers).values({
            jobId: job.id,
            companyId: scope.companyId,
            email,
            type,
            userId: companyMember.userId,
            lastInvitationDate: now,
            invitedBy: user.id,
          });
          mails.push({ to: email, isNewToCompany: false, url: jobUrl });
          continue;
        }
        // A new email: the company invitation first, then the job row.
        const { invitationId, code } = await issueCompanyInvitation(tx, { ...invitation, email, type });
        await tx.insert(jobTeamMembers).values({
          jobId: job.id,
          companyId: scope.companyId,
          email,
          type,
          invitationId,
          lastInvitationDate: now,
          invitedBy: user.id,
        });
        mails.push({ to: email, isNewToCompany: true, url: acceptUrl(code) });
      }
      return mails;
    })
    .catch((err: unknown) => {
      // Two people inviting the same email at once: the loser hears what a second click would say.
      if (isUniqueViolation(err)) throw duplicate(input.members[0]!.email);
      throw err;
    });

  const company = await companyName(ctx.db, scope.companyId);
  const inviterName = `${user.firstName} ${user.lastName}`.trim();
  for (const mail of outgoing) {
    const letter = invitationEmail({
      inviterName,
      companyName: company,
      jobTitle: job.title,
      url: mail.url,
      isNewToCompany: mail.isNewToCompany,
    });
    await ctx.mail.send({ to: mail.to, ...letter, replyTo: user.email });
  }
  return {
    members: (await selectMembers(ctx.db, job.id)).map(serializeMember),
    message: jobMessages.inviteSent(outgoing.map((m) => m.to).join(', ')),
  };
}

/**
 * The company invitation of an email (spec 1 §4: a new email is first invited to the company): one per
 * company and email, created or renewed with a new code and a new week, at most once per 30 s per person.
 * Only the code's hash is stored; the code itself goes into the emailed link.
 */
async function issueCompanyInvitation(
  tx: TTx,
  input: { companyId: string; jobId: string; email: string; type: number; invitedBy: string; now: Date },
) {
  const code = newToken();
  const expiresAt = new Date(input.now.getTime() + INVITATION_TTL_MS);
  const [pending] = await tx
    .select()
    .from(companyInvitations)
    .where(
      and(
        eq(companyInvitations.companyId, input.companyId),
        eq(sql`lower(${companyInvitations.email})`, input.email),
      ),
    )
    .limit(1);
  if (pending && !pending.acceptedAt) {
    if (!canResendInvitation(pending.lastInvitationDate, input.now)) throw tooSoon();
    await tx
      .update(companyInvitations)
      .set({ codeHash: hashToken(code), expiresAt, lastInvitationDate: input.now, jobId: input.jobId })
      .where(eq(companyInvitations.id, pending.id));
    return { invitationId: pending.id, code };
  }
  // An accepted invitation of someone who has since left the company is replaced by a fresh one.
  if (pending) await tx.delete(companyInvitations).where(eq(companyInvitations.id, pending.id));
  const [created] = await tx
    .insert(companyInvitations)
    .values({
      companyId: input.companyId,
      jobId: input.jobId,
      email: input.email,
      type: input.type,
      codeHash: hashToken(code),
      expiresAt,
      lastInvitationDate: input.now,
      invitedBy: input.invitedBy,
    })
    .returning({ id: companyInvitations.id });
  return { invitationId: created!.id, code };
}

/** spec 1 §7 PATCH /job/{id}/team/{memberId} {type}: admins only, never their own type. */
export async function updateMemberType(
  ctx: TContext,
  input: { scope: TCompanyScope; user: TAuthUser; jobId: string; memberId: string; type: TRole },
) {
  const job = await findJob(ctx.db, input.scope, input.jobId);
  const row = await findMember(ctx, { jobId: job.id, memberId: input.memberId });
  assertCanChangeType(input.scope, isSelf(row, input.user));
  await ctx.db.transaction(async (tx) => {
    await tx.update(jobTeamMembers).set({ type: input.type }).where(eq(jobTeamMembers.id, row.id));
    // A pending person joins the company with the type they have now.
    if (row.invitationId) {
      await tx
        .update(companyInvitations)
        .set({ type: input.type })
        .where(
          and(eq(companyInvitations.id, row.invitationId), sql`${companyInvitations.acceptedAt} is null`),
        );
    }
  });
  return serializeMember({ ...row, type: input.type });
}

/** spec 1 §7 DELETE /job/{id}/team/{memberId}. */
export async function removeMember(
  ctx: TContext,
  input: { scope: TCompanyScope; user: TAuthUser; jobId: string; memberId: string },
) {
  const job = await findJob(ctx.db, input.scope, input.jobId);
  const row = await findMember(ctx, { jobId: job.id, memberId: input.memberId });
  assertCanManage(input.scope, { isSelf: isSelf(row, input.user), type: row.type as TRole });
  await ctx.db.delete(jobTeamMembers).where(eq(jobTeamMembers.id, row.id));
  return { _id: row.id };
}
