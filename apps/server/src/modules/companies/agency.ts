import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { companies, companyAgencies } from '@hirecast/db/schema';
import { messages } from '@hirecast/domain/messages';
import type { ZAgencyRequest } from '@hirecast/domain/settings';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';
import { ownImageChange } from '../storage/index.ts';
import { assertCanEditCompany } from './policy.ts';
import { serializeAgency } from './serialize.ts';
import { loadCompany } from './service.ts';

type TAgencyInput = z.output<typeof ZAgencyRequest>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('NOT_FOUND', messages.notFound);

/**
 * spec 2 §7 POST /company/{id}/agency {isAgency}: the agency switch (admins only, spec 2 §6). Turning it on the
 * first time creates the agency's details; turning it off keeps them for when it is turned on again.
 */
export async function switchAgency(
  ctx: TContext,
  { scope, isAgency }: { scope: TCompanyScope; isAgency: boolean },
) {
  assertCanEditCompany(scope);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(companies)
      .set({ isAgency, updatedAt: new Date() })
      .where(eq(companies.id, scope.companyId));
    if (isAgency)
      await tx
        .insert(companyAgencies)
        .values({ companyId: scope.companyId })
        .onConflictDoNothing({ target: companyAgencies.companyId });
  });
  return loadCompany(ctx.db, scope.companyId);
}

/**
 * spec 2 §7 PATCH /company/{id}/agency/{agencyId}: name, email, phone (normalised by the schema) and logo, any
 * subset. The agency of another company answers 404 like one that does not exist.
 */
export async function updateAgency(
  ctx: TContext,
  {
    scope,
    userId,
    agencyId,
    input,
  }: { scope: TCompanyScope; userId: string; agencyId: string; input: TAgencyInput },
) {
  assertCanEditCompany(scope);
  if (!UUID.test(agencyId)) throw notFound();
  const mine = and(eq(companyAgencies.id, agencyId), eq(companyAgencies.companyId, scope.companyId));
  const [current] = await ctx.db.select().from(companyAgencies).where(mine).limit(1);
  if (!current) throw notFound();
  const logo = await ownImageChange(ctx, {
    input: input.logo,
    current: current.logo,
    userId,
    imageType: 'logo',
    field: 'logo',
  });
  const [row] = await ctx.db
    .update(companyAgencies)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.email !== undefined && { email: input.email }),
      ...(input.phone !== undefined && { phone: input.phone }),
      ...(logo !== undefined && { logo }),
      updatedAt: new Date(),
    })
    .where(mine)
    .returning();
  if (!row) throw notFound();
  return serializeAgency(row);
}
