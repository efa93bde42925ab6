import { and, asc, eq, sql } from 'drizzle-orm';
import type { TTx } from '@hirecast/db/client';
import { applicationMarks, applications, users } from '@hirecast/db/schema';
import { applicantMessages } from '@hirecast/domain/applicants';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import type { TAuthUser, TCompanyScope } from '../../plugins/auth.ts';
import { findApplication, isUuid, notFound } from './service.ts';

// spec 2 §3 Mark (1 to 5), one per person and application: marking again replaces it. applications.markAvg
// (one decimal) is recomputed in the same transaction, with the application row locked so that two people
// marking at once cannot leave an average that misses one of them.

type TTarget = { scope: TCompanyScope; jobId: string; id: string };
type TAuthor = Pick<TAuthUser, 'id' | 'firstName' | 'lastName'>;

const presentMark = (row: typeof applicationMarks.$inferSelect, author: TAuthor) => ({
  _id: row.id,
  mark: row.mark,
  _manager: { _id: author.id, firstName: author.firstName, lastName: author.lastName },
});

async function refreshMarkAvg(tx: TTx, applicationId: string) {
  const [row] = await tx
    .update(applications)
    .set({
      markAvg: sql`(select round(avg(${applicationMarks.mark})::numeric, 1)::real from ${applicationMarks} where ${applicationMarks.applicationId} = ${applicationId})`,
    })
    .where(eq(applications.id, applicationId))
    .returning({ markAvg: applications.markAvg });
  return row?.markAvg ?? null;
}

export async function listMarks(ctx: Pick<TContext, 'db'>, target: TTarget) {
  const application = await findApplication(ctx.db, target);
  const rows = await ctx.db
    .select({ mark: applicationMarks, author: users })
    .from(applicationMarks)
    .innerJoin(users, eq(users.id, applicationMarks.authorId))
    .where(eq(applicationMarks.applicationId, application.id))
    .orderBy(asc(applicationMarks.createdAt), asc(applicationMarks.id));
  return rows.map((r) => presentMark(r.mark, r.author));
}

export async function setMark(
  ctx: Pick<TContext, 'db'>,
  { user, mark, ...target }: TTarget & { user: TAuthUser; mark: number },
) {
  const row = await ctx.db.transaction(async (tx) => {
    const application = await findApplication(tx, { ...target, lock: true });
    const [saved] = await tx
      .insert(applicationMarks)
      .values({ applicationId: application.id, authorId: user.id, mark })
      .onConflictDoUpdate({
        target: [applicationMarks.applicationId, applicationMarks.authorId],
        set: { mark, updatedAt: new Date() },
      })
      .returning();
    await refreshMarkAvg(tx, application.id);
    return saved!;
  });
  return presentMark(row, user);
}

export async function deleteMark(
  ctx: Pick<TContext, 'db'>,
  { user, markId, ...target }: TTarget & { user: TAuthUser; markId: string },
) {
  if (!isUuid(markId)) throw notFound();
  return ctx.db.transaction(async (tx) => {
    const application = await findApplication(tx, { ...target, lock: true });
    const [found] = await tx
      .select()
      .from(applicationMarks)
      .where(and(eq(applicationMarks.id, markId), eq(applicationMarks.applicationId, application.id)));
    if (!found) throw notFound();
    if (found.authorId !== user.id) throw new AppError('FORBIDDEN', applicantMessages.onlyOwnMark);
    await tx.delete(applicationMarks).where(eq(applicationMarks.id, found.id));
    return { _id: found.id, markAvg: await refreshMarkAvg(tx, application.id) };
  });
}
