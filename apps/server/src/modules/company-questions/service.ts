import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { companyQuestions } from '@hirecast/db/schema';
import type { ZCreateCompanyQuestionRequest } from '@hirecast/domain/company-questions';
import { ROLES } from '@hirecast/domain/constants';
import { storedSettings } from '@hirecast/domain/interview';
import { jobMessages } from '@hirecast/domain/job-messages';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';
import { assertLibraryPromptVideo } from '../interviews/index.ts';

type TRow = Pick<typeof companyQuestions.$inferSelect, 'id' | 'text' | 'interview'>;
type TInterviewSettings = NonNullable<z.output<typeof ZCreateCompanyQuestionRequest>['interview']>;

// Issue 25: a question saved from an interview carries its settings; a plain one answers as before.
const serialize = (row: TRow) => ({
  _id: row.id,
  text: row.text,
  ...(row.interview && { interview: row.interview }),
});
const columns = {
  id: companyQuestions.id,
  text: companyQuestions.text,
  interview: companyQuestions.interview,
};

export async function listCompanyQuestions(ctx: TContext, scope: TCompanyScope) {
  const rows = await ctx.db
    .select(columns)
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
 * answered (created false) instead of a duplicate; saved again from an interview, it takes the new settings.
 * Viewers cannot edit job settings (spec 1 §6).
 */
export async function addCompanyQuestion(
  ctx: TContext,
  {
    scope,
    userId,
    text,
    interview,
  }: { scope: TCompanyScope; userId: string; text: string; interview?: TInterviewSettings },
) {
  if (scope.role < ROLES.jobManager) throw new AppError('FORBIDDEN', jobMessages.viewerCannotEdit);
  if (interview?.promptVideoId)
    await assertLibraryPromptVideo(ctx, {
      companyId: scope.companyId,
      id: interview.promptVideoId,
      field: 'interview.promptVideoId',
    });
  const settings = interview ? storedSettings(interview) : null;
  const [inserted] = await ctx.db
    .insert(companyQuestions)
    .values({ companyId: scope.companyId, text, createdBy: userId, interview: settings })
    .onConflictDoNothing()
    .returning(columns);
  if (inserted) return { question: serialize(inserted), created: true };
  const [existing] = settings
    ? await ctx.db
        .update(companyQuestions)
        .set({ interview: settings })
        .where(sameText(scope.companyId, text))
        .returning(columns)
    : await ctx.db.select(columns).from(companyQuestions).where(sameText(scope.companyId, text)).limit(1);
  return { question: serialize(existing!), created: false };
}
