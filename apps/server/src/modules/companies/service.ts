import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { companies, companyAgencies, companyLetters, memberships } from '@hirecast/db/schema';
import type { ZCreateCompanyRequest, ZUpdateCompanyRequest } from '@hirecast/domain/company';
import { ROLES } from '@hirecast/domain/constants';
import { messages } from '@hirecast/domain/messages';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { uniqueViolation } from '../../lib/unique-violation.ts';
import type { TDb, TTx } from '@hirecast/db/client';
import type { TCompany } from '@hirecast/domain/company';
import type { TCompanyScope } from '../../plugins/auth.ts';
import { saveLetterChanges } from './letters.ts';
import { checkOwnImage, ownImageChange } from '../storage/index.ts';
import { assertCanEditCompany } from './policy.ts';
import { serializeCompany } from './serialize.ts';
import { nextFreeSlug, slugify } from './slug.ts';

type TCreateInput = z.output<typeof ZCreateCompanyRequest>;
type TUpdateInput = z.output<typeof ZUpdateCompanyRequest>;

const LOGO = { imageType: 'logo', field: 'logo' } as const;
const duplicateName = () => new AppError('CONFLICT', messages.companyDuplicateName);

/** Whether another company (than `exceptId`) has this name, whatever its case (companies_name_uq). */
export async function isNameTaken(db: TDb | TTx, name: string, exceptId?: string) {
  const clash = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(sql`lower(${companies.name})`, name.toLowerCase()),
        exceptId ? ne(companies.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return clash.length > 0;
}

async function assertNameFree(tx: TTx, name: string, exceptId?: string) {
  if (await isNameTaken(tx, name, exceptId)) throw duplicateName();
}

export async function createCompany(
  ctx: TContext,
  { userId, input }: { userId: string; input: TCreateInput },
) {
  const logo = input.logo ? await checkOwnImage(ctx, { url: input.logo, userId, ...LOGO }) : null;
  const base = slugify(input.name);
  // A concurrent create can take the same slug between the read and the insert: retry with a fresh read.
  for (let attempt = 0; ; attempt += 1) {
    try {
      const row = await ctx.db.transaction(async (tx) => {
        await assertNameFree(tx, input.name);
        const taken = await tx
          .select({ slug: companies.slug })
          .from(companies)
          .where(or(eq(companies.slug, base), sql`${companies.slug} like ${`${base}-%`}`));
        const [company] = await tx
          .insert(companies)
          .values({
            name: input.name,
            slug: nextFreeSlug(
              base,
              taken.map((t) => t.slug),
            ),
            industry: input.industry,
            description: input.description,
            location: input.location,
            logo,
            primaryColor: input.primaryColor ?? null,
            backgroundColor: input.backgroundColor ?? null,
            info: input.info ?? [],
            createdBy: userId,
          })
          .returning();
        // spec 1 §6: the creator is the company's top role.
        await tx.insert(memberships).values({ companyId: company!.id, userId, role: ROLES.admin });
        return company!;
      });
      return serializeCompany(row);
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === 'companies_name_uq') throw duplicateName();
      if (constraint === 'companies_slug_uq' && attempt < 3) continue;
      throw err;
    }
  }
}

async function findCompany(ctx: Pick<TContext, 'db'>, id: string) {
  const [row] = await ctx.db.select().from(companies).where(eq(companies.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', messages.notFound);
  return row;
}

/**
 * The company as the API answers it: the row with its agency (one query, a left join) and its own letter
 * texts (a second query, run alongside).
 */
export async function loadCompany(db: TDb, id: string): Promise<TCompany> {
  const [[found], letters] = await Promise.all([
    db
      .select({ company: companies, agency: companyAgencies })
      .from(companies)
      .leftJoin(companyAgencies, eq(companyAgencies.companyId, companies.id))
      .where(eq(companies.id, id))
      .limit(1),
    db
      .select({ kind: companyLetters.kind, subject: companyLetters.subject, text: companyLetters.text })
      .from(companyLetters)
      .where(eq(companyLetters.companyId, id)),
  ]);
  if (!found) throw new AppError('NOT_FOUND', messages.notFound);
  return serializeCompany(found.company, { agency: found.agency, letters });
}

export async function getCompany(ctx: TContext, scope: TCompanyScope) {
  return loadCompany(ctx.db, scope.companyId);
}

// spec 2 §7 PATCH /company/{id}: any subset of the fields, and the letter texts (the Texts tab); admins only
// (spec 2 §6), which the route checks before the body too.
export async function updateCompany(
  ctx: TContext,
  { scope, userId, input }: { scope: TCompanyScope; userId: string; input: TUpdateInput },
) {
  assertCanEditCompany(scope);
  const current = await findCompany(ctx, scope.companyId);
  const logo = await ownImageChange(ctx, { input: input.logo, current: current.logo, userId, ...LOGO });
  const changes = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.industry !== undefined && { industry: input.industry }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.location !== undefined && { location: input.location }),
    ...(logo !== undefined && { logo }),
    // spec 1 §5: an empty colour arrives as null and resets to the default.
    ...(input.primaryColor !== undefined && { primaryColor: input.primaryColor }),
    ...(input.backgroundColor !== undefined && { backgroundColor: input.backgroundColor }),
    ...(input.info !== undefined && { info: input.info }),
  };
  try {
    await ctx.db.transaction(async (tx) => {
      if (changes.name !== undefined) await assertNameFree(tx, changes.name, current.id);
      await tx
        .update(companies)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(companies.id, current.id));
      if (input.letters) await saveLetterChanges(tx, current.id, input.letters);
    });
  } catch (err) {
    if (uniqueViolation(err) === 'companies_name_uq') throw duplicateName();
    throw err;
  }
  return loadCompany(ctx.db, current.id);
}
