import { and, asc, eq, sql } from 'drizzle-orm';
import { companyQuestions } from '@hirecast/db/schema';
import { ROLES } from '@hirecast/domain/constants';
import { jobMessages } from '@hirecast/domain/job-messages';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';

const serialize = (row: { id: string; text: string }) => ({ _id: row.id, text: row.text });

export async function listCompanyQuestions(ctx: TContext, scope: TCompanyScope) {
  const rows = await ctx.db
    .select({ id: companyQuestions.id, text: companyQuestions.text })
    .from(companyQuestions)
    .where(eq(companyQuestions.companyId, scope.companyId))
    .orderBy(asc(companyQuestions.createdAt), asc(companyQuestions.id));
  return rows.map(serialize);
}

const sameText = (companyId: string, text: string) =>
  and(
    eq(companyQuestions.companyId, companyId),
    eq(sql`lower(${companyQuestions.text})`, text.toLowerCase()),
  );

/**
 * Saves a question for the company. The same text in another case is the same question: the saved one is
 * answered (created false) instead of a duplicate. Viewers cannot edit job settings (spec 1 §6).
 */
export async function addCompanyQuestion(
  ctx: TContext,
  { scope, userId, text }: { scope: TCompanyScope; userId: string; text: string },
) {
  if (scope.role < ROLES.jobManager) throw new AppError('FORBIDDEN', jobMessages.viewerCannotEdit);
  const [inserted] = await ctx.db
    .insert(companyQuestions)
    .values({ companyId: scope.companyId, text, createdBy: userId })
    .onConflictDoNothing()
    .returning({ id: companyQuestions.id, text: companyQuestions.text });
  if (inserted) return { question: serialize(inserted), created: true };
  const [existing] = await ctx.db
    .select({ id: companyQuestions.id, text: companyQuestions.text })
    .from(companyQuestions)
    .where(sameText(scope.companyId, text))
    .limit(1);
  return { question: serialize(existing!), created: false };
}
