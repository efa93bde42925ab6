import { and, eq } from 'drizzle-orm';
import { companySharingSettings, referralTokens } from '@hirecast/db/schema';
import { ROLES } from '@hirecast/domain/constants';
import { messages } from '@hirecast/domain/messages';
import { DEFAULT_SHARING_SETTINGS, type TSharingSettings } from '@hirecast/domain/sharing';
import type { TSharingQuery, TUpdateSharingSettingsRequest } from '@hirecast/domain/sharing-api';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';
import { rebuildRollup } from './rollup.ts';
import { companyStatistics, sharerStatistics } from './statistics.ts';

// spec 3 §6: admins see the admin statistics and edit the points; others see their own sharing data.
const assertAdmin = (scope: TCompanyScope, message: string = messages.forbidden) => {
  if (scope.role < ROLES.admin) throw new AppError('FORBIDDEN', message);
};

/** The company's time zone and points per event (defaults until an admin saves others). */
export async function readSharingSettings(
  ctx: Pick<TContext, 'db'>,
  companyId: string,
): Promise<TSharingSettings> {
  const [row] = await ctx.db
    .select()
    .from(companySharingSettings)
    .where(eq(companySharingSettings.companyId, companyId));
  if (!row) return structuredClone(DEFAULT_SHARING_SETTINGS);
  return {
    timeZone: row.timeZone,
    points: { visit: row.pointsVisit, applied: row.pointsApplied, submitted: row.pointsSubmitted },
  };
}

/** Saves the settings an admin changed. A new time zone re-buckets the company's rollup in the same transaction. */
export async function updateSharingSettings(
  ctx: Pick<TContext, 'db'>,
  { scope, input }: { scope: TCompanyScope; input: TUpdateSharingSettingsRequest },
) {
  assertAdmin(scope, messages.onlyAdmins);
  const current = await readSharingSettings(ctx, scope.companyId);
  const next: TSharingSettings = {
    timeZone: input.timeZone ?? current.timeZone,
    points: input.points ?? current.points,
  };
  const row = {
    timeZone: next.timeZone,
    pointsVisit: next.points.visit,
    pointsApplied: next.points.applied,
    pointsSubmitted: next.points.submitted,
    updatedAt: new Date(),
  };
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(companySharingSettings)
      .values({ companyId: scope.companyId, ...row })
      .onConflictDoUpdate({ target: companySharingSettings.companyId, set: row });
    if (next.timeZone !== current.timeZone) await rebuildRollup(tx, scope.companyId);
  });
  return next;
}

/** GET /sharing/user: the caller's own referrals. */
export async function userSharing(
  ctx: Pick<TContext, 'db'>,
  { scope, userId, range }: { scope: TCompanyScope; userId: string; range: TSharingQuery },
) {
  const [own] = await ctx.db
    .select({ token: referralTokens.token })
    .from(referralTokens)
    .where(and(eq(referralTokens.companyId, scope.companyId), eq(referralTokens.userId, userId)));
  const { points } = await readSharingSettings(ctx, scope.companyId);
  return sharerStatistics(ctx.db, { companyId: scope.companyId, token: own?.token ?? null, range, points });
}

/** GET /sharing/adminStatistics: admins only (403 for others). */
export async function adminSharing(
  ctx: Pick<TContext, 'db'>,
  { scope, range }: { scope: TCompanyScope; range: TSharingQuery },
) {
  assertAdmin(scope);
  const { points } = await readSharingSettings(ctx, scope.companyId);
  return companyStatistics(ctx.db, { companyId: scope.companyId, range, points });
}
