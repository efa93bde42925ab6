import { asc, eq } from 'drizzle-orm';
import type { users } from '@hirecast/db/schema';
import { companies, memberships } from '@hirecast/db/schema';
import { DIGEST_TYPES, type TRole } from '@hirecast/domain/constants';
import type { TAuthResponse, TManager } from '@hirecast/domain/auth';
import type { TContext } from '../../lib/context.ts';

export type TUserRow = typeof users.$inferSelect;

const digestType = (value: string): TManager['digestType'] =>
  (DIGEST_TYPES as readonly string[]).includes(value) ? (value as TManager['digestType']) : 'daily';

// spec 1 §3 User / manager. `_company` is the requested company when it is one of the user's, else the
// first one they joined, else null; `role` is the role in that company.
export async function toManager(ctx: TContext, user: TUserRow, wantedCompanyId?: string): Promise<TManager> {
  const rows = await ctx.db
    .select({ _id: companies.id, name: companies.name, logo: companies.logo, role: memberships.role })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(memberships.userId, user.id))
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
  const current = rows.find((r) => r._id === wantedCompanyId) ?? rows[0];
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    avatar: user.avatar,
    position: user.position,
    digestType: digestType(user.digestType),
    calendarLink: user.calendarLink,
    needVerification: user.emailVerifiedAt === null,
    selfInvited: user.selfInvited,
    isUserWasRedirected: user.isUserWasRedirected,
    needsName: user.needsName,
    takenBack: user.takenBackAt
      ? { registeredAt: user.createdAt.toISOString(), takenBackAt: user.takenBackAt.toISOString() }
      : null,
    _companies: rows.map((r) => ({ ...r, role: r.role as TRole })),
    _company: current?._id ?? null,
    role: current ? (current.role as TRole) : null,
  };
}

export async function toAuthResponse(
  ctx: TContext,
  { user, token, wantedCompanyId }: { user: TUserRow; token: string; wantedCompanyId?: string },
): Promise<TAuthResponse> {
  const manager = await toManager(ctx, user, wantedCompanyId);
  return { manager, role: manager.role, 'access-token': token };
}
