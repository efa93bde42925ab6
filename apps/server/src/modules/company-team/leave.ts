import { and, asc, eq } from 'drizzle-orm';
import { jobTeamMembers, memberships } from '@hirecast/db/schema';
import { ROLES } from '@hirecast/domain/constants';
import { teamMessages } from '@hirecast/domain/team';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';

/**
 * Issue 33 item 8, DELETE /company/{id}/team/me: the caller leaves the company and every job team of it (the
 * owner of an account taken back through Google leaves the companies its first registrant made or joined). The
 * company's only admin may not leave while others remain, who would have nobody to manage the team; a company
 * with nobody else in it may be left.
 */
export async function leaveCompany(ctx: Pick<TContext, 'db'>, scope: TCompanyScope, userId: string) {
  const { companyId } = scope;
  await ctx.db.transaction(async (tx) => {
    // Every membership of the company, locked in one order, so two admins leaving at once cannot both count
    // on the other.
    const members = await tx
      .select({ userId: memberships.userId, role: memberships.role })
      .from(memberships)
      .where(eq(memberships.companyId, companyId))
      .orderBy(asc(memberships.id))
      .for('update');
    const others = members.filter((m) => m.userId !== userId);
    if (scope.role === ROLES.admin && others.length > 0 && !others.some((m) => m.role === ROLES.admin))
      throw new AppError('CONFLICT', teamMessages.lastAdminCannotLeave);
    await tx
      .delete(jobTeamMembers)
      .where(and(eq(jobTeamMembers.companyId, companyId), eq(jobTeamMembers.userId, userId)));
    await tx
      .delete(memberships)
      .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
  });
}
