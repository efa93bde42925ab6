import { and, count, desc, eq } from 'drizzle-orm';
import type { TTx } from '@hirecast/db/client';
import type { z } from 'zod';
import { applicationNotes, applications, users } from '@hirecast/db/schema';
import { applicantMessages, type TNote, type ZNoteRequest } from '@hirecast/domain/applicants';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import type { TAuthUser, TCompanyScope } from '../../plugins/auth.ts';
import { findApplication, isUuid, notFound } from './service.ts';

// spec 2 §3 Note, §5 (non-empty text), §6 (only the author deletes). applications.noteCount is recounted in the
// same transaction as the write, with the application row locked, so it always equals the notes.

type TTarget = { scope: TCompanyScope; jobId: string; id: string };
type TAuthor = Pick<TAuthUser, 'id' | 'firstName' | 'lastName' | 'email'>;

const FORMER_MEMBER = { _id: '', firstName: 'Former', lastName: 'member', email: '' };

function presentNote(row: typeof applicationNotes.$inferSelect, author: TAuthor | null): TNote {
  return {
    _id: row.id,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    isFeedback: row.isFeedback,
    _manager: author
      ? { _id: author.id, firstName: author.firstName, lastName: author.lastName, email: author.email }
      : FORMER_MEMBER,
  };
}

async function recountNotes(tx: TTx, applicationId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(applicationNotes)
    .where(eq(applicationNotes.applicationId, applicationId));
  await tx
    .update(applications)
    .set({ noteCount: row?.n ?? 0 })
    .where(eq(applications.id, applicationId));
  return row?.n ?? 0;
}

/** Newest first, to any role of the company. */
export async function listNotes(ctx: Pick<TContext, 'db'>, target: TTarget) {
  const application = await findApplication(ctx.db, target);
  const rows = await ctx.db
    .select({ note: applicationNotes, author: users })
    .from(applicationNotes)
    .leftJoin(users, eq(users.id, applicationNotes.authorId))
    .where(eq(applicationNotes.applicationId, application.id))
    .orderBy(desc(applicationNotes.createdAt), desc(applicationNotes.id));
  return rows.map((r) => presentNote(r.note, r.author));
}

export async function addNote(
  ctx: Pick<TContext, 'db'>,
  { user, input, ...target }: TTarget & { user: TAuthUser; input: z.output<typeof ZNoteRequest> },
) {
  const row = await ctx.db.transaction(async (tx) => {
    const application = await findApplication(tx, { ...target, lock: true });
    const [note] = await tx
      .insert(applicationNotes)
      .values({
        applicationId: application.id,
        authorId: user.id,
        text: input.text,
        isFeedback: input.isFeedback,
      })
      .returning();
    await recountNotes(tx, application.id);
    return note!;
  });
  return presentNote(row, user);
}

export async function deleteNote(
  ctx: Pick<TContext, 'db'>,
  { user, noteId, ...target }: TTarget & { user: TAuthUser; noteId: string },
) {
  if (!isUuid(noteId)) throw notFound();
  return ctx.db.transaction(async (tx) => {
    const application = await findApplication(tx, { ...target, lock: true });
    const [note] = await tx
      .select()
      .from(applicationNotes)
      .where(and(eq(applicationNotes.id, noteId), eq(applicationNotes.applicationId, application.id)));
    if (!note) throw notFound();
    if (note.authorId !== user.id) throw new AppError('FORBIDDEN', applicantMessages.onlyAuthorDeletes);
    await tx.delete(applicationNotes).where(eq(applicationNotes.id, note.id));
    return { _id: note.id, noteCount: await recountNotes(tx, application.id) };
  });
}
