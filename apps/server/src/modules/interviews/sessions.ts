import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { interviewAnswers, interviewSessions, type TInterviewQuestionJson } from '@hirecast/db/schema';
import type { TDb, TTx } from '@hirecast/db/client';
import {
  ACCOMMODATION_LABEL,
  INTERVIEW_LIMITS,
  interviewMessages,
  interviewStateOf,
  type TAccommodation,
  type TInterviewSession,
  type TInterviewState,
  type ZUpdateSessionRequest,
} from '@hirecast/domain/interview';
import { ROLES } from '@hirecast/domain/constants';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import type { TAuthUser, TCompanyScope } from '../../plugins/auth.ts';
import { findApplication } from '../applications/index.ts';
import { currentAnswers, presentAnswers } from './answers-view.ts';
import { formatDeadline, recordInterviewEvent } from './history.ts';
import { assertCanManageCandidate } from './policy.ts';
import { presentQuestions } from './question-set.ts';
import { interviewLink, linkToken, newLinkToken } from './tokens.ts';

// One candidate's interview (decision 028): created at applying (apply flow) or by "Invite to interview", with a
// snapshot of the job's questions. Its state follows from its times: completed, expired (past the deadline),
// started, or invited.

export type TSessionRow = typeof interviewSessions.$inferSelect;
type TCtx = Pick<TContext, 'db' | 'storage' | 'config'>;

export const sessionState = (
  row: Pick<TSessionRow, 'completedAt' | 'deadline' | 'startedAt'>,
  now: Date,
): TInterviewState => interviewStateOf(row, now);

export const sessionLink = (config: TContext['config'], row: Pick<TSessionRow, 'tokenSalt'>) =>
  interviewLink(config.publicUrl, linkToken(config.secret, 'interview', row.tokenSalt));

/** Inserts a session; answers its row and the private link's token. 409 when the application has one. */
export async function insertSession(
  db: TDb | TTx,
  input: {
    secret: string;
    companyId: string;
    jobId: string;
    applicationId: string;
    via: 'apply' | 'invitation';
    questions: TInterviewQuestionJson[];
    practiceQuestion: boolean;
    deadline: Date | null;
    invitedBy: string | null;
    now: Date;
  },
) {
  const { token, tokenSalt, tokenHash } = newLinkToken(input.secret, 'interview');
  const [row] = await db
    .insert(interviewSessions)
    .values({
      companyId: input.companyId,
      jobId: input.jobId,
      applicationId: input.applicationId,
      via: input.via,
      questions: input.questions,
      practiceQuestion: input.practiceQuestion,
      tokenSalt,
      tokenHash,
      deadline: input.deadline,
      invitedAt: input.now,
      invitedBy: input.invitedBy,
    })
    .onConflictDoNothing({ target: interviewSessions.applicationId })
    .returning();
  if (!row) throw new AppError('CONFLICT', interviewMessages.alreadyInvited);
  return { row, token };
}

/** A deadline from the request: an absolute date (future, at most 90 days away) or N days from now. */
export function deadlineFrom(input: { deadline?: string; days?: number }, now: Date): Date | undefined {
  if (input.days !== undefined) return new Date(now.getTime() + input.days * 24 * 3600_000);
  if (input.deadline === undefined) return undefined;
  const date = new Date(input.deadline);
  const max = now.getTime() + INTERVIEW_LIMITS.deadlineMaxDays * 24 * 3600_000;
  if (!(date.getTime() > now.getTime() && date.getTime() <= max))
    throw new AppError('VALIDATION', interviewMessages.deadlineRange, {
      deadline: interviewMessages.deadlineRange,
    });
  return date;
}

export async function findSessionOfApplication(db: TDb | TTx, applicationId: string, lock = false) {
  const query = db
    .select()
    .from(interviewSessions)
    .where(eq(interviewSessions.applicationId, applicationId))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The employer's view of one candidate's interview. */
export async function presentSession(
  ctx: TCtx,
  {
    row,
    userId,
    scope,
    now = new Date(),
  }: { row: TSessionRow; userId: string; scope: TCompanyScope; now?: Date },
): Promise<TInterviewSession> {
  const answers = await currentAnswers(ctx.db, [row.id]);
  const presented = await presentAnswers(ctx, {
    answers,
    questions: row.questions,
    view: { userId, shareId: null },
  });
  const questions = await presentQuestions(ctx, { companyId: row.companyId, questions: row.questions });
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  const reopened = await reopenedTimes(ctx.db, row.id);
  return {
    _id: row.id,
    applicationId: row.applicationId,
    jobId: row.jobId,
    via: row.via as 'apply' | 'invitation',
    state: sessionState(row, now),
    invitedAt: row.invitedAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    deadline: row.deadline?.toISOString() ?? null,
    reminderSentAt: row.reminderSentAt?.toISOString() ?? null,
    accommodation: row.accommodation as TAccommodation,
    // Issue 33: the private link answers questions as the candidate: only for those who manage candidates.
    link: scope.role >= ROLES.jobManager ? sessionLink(ctx.config, row) : null,
    questions: questions.map((q) => {
      const a = byQuestion.get(q._id);
      return {
        ...q,
        answer: a ? (presented.get(a.id) ?? null) : null,
        reopenedAt: reopened.get(q._id) ?? null,
      };
    }),
    score: row.score,
    answered: row.answeredCount,
    total: row.questions.length,
  };
}

/** When each question was last re-opened by the team. */
async function reopenedTimes(db: TDb, sessionId: string) {
  const rows = await db
    .select({ questionId: interviewAnswers.questionId, at: sql<Date>`max(${interviewAnswers.supersededAt})` })
    .from(interviewAnswers)
    .where(and(eq(interviewAnswers.sessionId, sessionId), sql`${interviewAnswers.supersededAt} is not null`))
    .groupBy(interviewAnswers.questionId);
  return new Map(rows.map((r) => [r.questionId, new Date(r.at).toISOString()]));
}

/** Tenancy: the application (404 for another company's) and its session (404 when it has none). */
export async function findCandidateSession(
  db: TDb | TTx,
  {
    scope,
    jobId,
    applicationId,
    lock = false,
  }: { scope: TCompanyScope; jobId: string; applicationId: string; lock?: boolean },
) {
  const application = await findApplication(db, { scope, id: applicationId, jobId });
  const row = await findSessionOfApplication(db, application.id, lock);
  if (!row) throw new AppError('NOT_FOUND', interviewMessages.notInvited);
  return { application, row };
}

export async function getSession(
  ctx: TCtx,
  input: { scope: TCompanyScope; user: TAuthUser; jobId: string; applicationId: string },
) {
  const { row } = await findCandidateSession(ctx.db, input);
  return presentSession(ctx, { row, userId: input.user.id, scope: input.scope });
}

/** Recomputes the session's answered count (after an answer, a skip or a re-opening). */
export async function refreshAnsweredCount(db: TDb | TTx, sessionId: string) {
  await db
    .update(interviewSessions)
    .set({
      answeredCount: sql`(select count(*) from ${interviewAnswers} where ${interviewAnswers.sessionId} = ${sessionId}
        and ${interviewAnswers.supersededAt} is null and ${interviewAnswers.status} in ('answered', 'skipped'))::int`,
      updatedAt: new Date(),
    })
    .where(eq(interviewSessions.id, sessionId));
}

/** PATCH: extend (or set) the deadline, and/or give the candidate extra time. */
export async function updateSession(
  ctx: TCtx,
  input: {
    scope: TCompanyScope;
    user: TAuthUser;
    jobId: string;
    applicationId: string;
    body: z.output<typeof ZUpdateSessionRequest>;
  },
) {
  assertCanManageCandidate(input.scope);
  const now = new Date();
  const deadline = deadlineFrom(input.body, now);
  const row = await ctx.db.transaction(async (tx) => {
    const { row: current } = await findCandidateSession(tx, { ...input, lock: true });
    const changes: Partial<TSessionRow> = { updatedAt: now };
    if (deadline) {
      changes.deadline = deadline;
      // A new deadline gets its own reminder.
      changes.reminderSentAt = null;
      await recordInterviewEvent(tx, {
        applicationId: current.applicationId,
        actor: input.user,
        title: `Interview deadline ${current.deadline && current.deadline < deadline ? 'extended' : 'set'} to ${formatDeadline(deadline)}`,
      });
    }
    const accommodation = input.body.accommodation;
    if (accommodation && accommodation !== current.accommodation) {
      changes.accommodation = accommodation;
      await recordInterviewEvent(tx, {
        applicationId: current.applicationId,
        actor: input.user,
        title: `Interview time: ${ACCOMMODATION_LABEL[accommodation]}`,
      });
    }
    const [saved] = await tx
      .update(interviewSessions)
      .set(changes)
      .where(eq(interviewSessions.id, current.id))
      .returning();
    return saved!;
  });
  return presentSession(ctx, { row, userId: input.user.id, scope: input.scope });
}

/**
 * Re-opens one answered question for this candidate: the answer is kept (superseded, with its ratings) and the
 * question starts afresh (preparation, retakes); a completed interview must be completed again.
 */
export async function reopenQuestion(
  ctx: TCtx,
  input: { scope: TCompanyScope; user: TAuthUser; jobId: string; applicationId: string; questionId: string },
) {
  assertCanManageCandidate(input.scope);
  const now = new Date();
  const row = await ctx.db.transaction(async (tx) => {
    const { row: current } = await findCandidateSession(tx, { ...input, lock: true });
    const index = current.questions.findIndex((q) => q.id === input.questionId);
    if (index < 0) throw new AppError('NOT_FOUND', interviewMessages.notAnswered);
    const [answer] = await tx
      .update(interviewAnswers)
      .set({ supersededAt: now })
      .where(
        and(
          eq(interviewAnswers.sessionId, current.id),
          eq(interviewAnswers.questionId, input.questionId),
          isNull(interviewAnswers.supersededAt),
          sql`${interviewAnswers.status} in ('answered', 'skipped')`,
        ),
      )
      .returning({ id: interviewAnswers.id });
    if (!answer) throw new AppError('CONFLICT', interviewMessages.notAnswered);
    await refreshAnsweredCount(tx, current.id);
    await refreshSessionScore(tx, current.id);
    const [saved] = await tx
      .update(interviewSessions)
      .set({ completedAt: null, updatedAt: now })
      .where(eq(interviewSessions.id, current.id))
      .returning();
    await recordInterviewEvent(tx, {
      applicationId: current.applicationId,
      actor: input.user,
      title: `Interview question ${index + 1} re-opened`,
    });
    return saved!;
  });
  return presentSession(ctx, { row, userId: input.user.id, scope: input.scope });
}

/** The session's score: the average of its current answers' average ratings. */
export async function refreshSessionScore(db: TDb | TTx, sessionId: string) {
  await db
    .update(interviewSessions)
    .set({
      score: sql`(select round(avg(${interviewAnswers.ratingAvg})::numeric, 2)::real from ${interviewAnswers}
        where ${interviewAnswers.sessionId} = ${sessionId} and ${interviewAnswers.supersededAt} is null)`,
    })
    .where(eq(interviewSessions.id, sessionId));
}
