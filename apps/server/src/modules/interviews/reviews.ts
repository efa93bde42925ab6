import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  applications,
  companies,
  interviewAnswers,
  interviewRatings,
  interviewSessions,
  interviewShares,
  jobs,
  users,
  transcripts,
} from '@hirecast/db/schema';
import type { TDb, TTx } from '@hirecast/db/client';
import {
  INTERVIEW_LIMITS,
  interviewMessages,
  neutralFileName,
  type TInterviewAnswer,
  type TInterviewShare,
  type ZCreateShareRequest,
  type ZGuestRateRequest,
  type ZRateRequest,
} from '@hirecast/domain/interview';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { TAuthUser, TCompanyScope } from '../../plugins/auth.ts';
import { ROLES } from '@hirecast/domain/constants';
import { memberName } from '../applications/index.ts';
import { findJob } from '../jobs/index.ts';
import { currentAnswers, presentAnswers, signMedia, type TRatingView } from './answers-view.ts';
import { assertCanManageCandidate } from './policy.ts';
import { presentQuestions } from './question-set.ts';
import { findCandidateSession, refreshSessionScore, type TSessionRow } from './sessions.ts';
import { isLinkToken, linkToken, newLinkToken, reviewLink } from './tokens.ts';
import { recordEvent } from '../../lib/webhooks/outbox.ts';

// Issue 25 item 4: ratings (1–5 stars and a comment per member per answer; viewers may rate), the compare view
// and share links for a reviewer outside the team.

type TCtx = Pick<TContext, 'db' | 'storage' | 'config'>;
type TRateBody = z.output<typeof ZRateRequest>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const answerNotFound = () => new AppError('NOT_FOUND', interviewMessages.notAnswered);

/** A current, answered answer of the session. */
async function findRateableAnswer(db: TDb | TTx, session: TSessionRow, answerId: string) {
  if (!UUID.test(answerId)) throw answerNotFound();
  const [row] = await db
    .select()
    .from(interviewAnswers)
    .where(
      and(
        eq(interviewAnswers.id, answerId),
        eq(interviewAnswers.sessionId, session.id),
        isNull(interviewAnswers.supersededAt),
        eq(interviewAnswers.status, 'answered'),
      ),
    )
    .limit(1);
  if (!row) throw answerNotFound();
  return row;
}

/** Keeps the answer's average and the session's score in step with its ratings. */
async function refreshAverages(
  db: TDb | TTx,
  { answerId, sessionId }: { answerId: string; sessionId: string },
) {
  await db
    .update(interviewAnswers)
    .set({
      ratingAvg: sql`(select round(avg(${interviewRatings.stars})::numeric, 2)::real from ${interviewRatings}
        where ${interviewRatings.answerId} = ${answerId})`,
    })
    .where(eq(interviewAnswers.id, answerId));
  await refreshSessionScore(db, sessionId);
  const [session] = await db
    .select({
      applicationId: interviewSessions.applicationId,
      score: interviewSessions.score,
      completedAt: interviewSessions.completedAt,
    })
    .from(interviewSessions)
    .where(eq(interviewSessions.id, sessionId));
  if (session)
    await recordEvent(db, {
      type: 'interview.rated',
      applicationId: session.applicationId,
      interview: {
        id: sessionId,
        applicationId: session.applicationId,
        status: session.completedAt ? 'completed' : 'open',
        rating: session.score,
      },
    });
}

async function presentOne(ctx: TCtx, session: TSessionRow, answerId: string, view: TRatingView) {
  const [row] = await ctx.db.select().from(interviewAnswers).where(eq(interviewAnswers.id, answerId));
  const presented = await presentAnswers(ctx, { answers: [row!], questions: session.questions, view });
  return presented.get(answerId)!;
}

/** PUT …/answers/{answerId}/rating (a member's own rating; viewers too). */
export async function rateAnswer(
  ctx: TCtx,
  input: {
    scope: TCompanyScope;
    user: TAuthUser;
    jobId: string;
    applicationId: string;
    answerId: string;
    body: TRateBody;
  },
): Promise<TInterviewAnswer> {
  const { row: session } = await findCandidateSession(ctx.db, input);
  await ctx.db.transaction(async (tx) => {
    const answer = await findRateableAnswer(tx, session, input.answerId);
    const now = new Date();
    const values = {
      stars: input.body.stars,
      comment: input.body.comment ?? null,
      raterName: memberName(input.user),
      updatedAt: now,
    };
    await tx
      .insert(interviewRatings)
      .values({ ...values, companyId: session.companyId, answerId: answer.id, userId: input.user.id })
      .onConflictDoUpdate({
        target: [interviewRatings.answerId, interviewRatings.userId],
        targetWhere: sql`${interviewRatings.userId} is not null`,
        set: values,
      });
    await refreshAverages(tx, { answerId: answer.id, sessionId: session.id });
  });
  return presentOne(ctx, session, input.answerId, { userId: input.user.id, shareId: null });
}

export async function deleteRating(
  ctx: TCtx,
  input: { scope: TCompanyScope; user: TAuthUser; jobId: string; applicationId: string; answerId: string },
): Promise<TInterviewAnswer> {
  const { row: session } = await findCandidateSession(ctx.db, input);
  await ctx.db.transaction(async (tx) => {
    const answer = await findRateableAnswer(tx, session, input.answerId);
    await tx
      .delete(interviewRatings)
      .where(and(eq(interviewRatings.answerId, answer.id), eq(interviewRatings.userId, input.user.id)));
    await refreshAverages(tx, { answerId: answer.id, sessionId: session.id });
  });
  return presentOne(ctx, session, input.answerId, { userId: input.user.id, shareId: null });
}

/** GET /job/{jobId}/interview/questions/{questionId}/answers: every candidate's answer to one question. */
export async function compareAnswers(
  ctx: TCtx,
  {
    scope,
    user,
    jobId,
    questionId,
  }: { scope: TCompanyScope; user: TAuthUser; jobId: string; questionId: string },
) {
  const job = await findJob(ctx.db, scope, jobId);
  if (!UUID.test(questionId)) return [];
  const rows = await ctx.db
    .select({ answer: interviewAnswers, session: interviewSessions, application: applications })
    .from(interviewAnswers)
    .innerJoin(interviewSessions, eq(interviewSessions.id, interviewAnswers.sessionId))
    .innerJoin(applications, eq(applications.id, interviewSessions.applicationId))
    .where(
      and(
        eq(interviewSessions.jobId, job.id),
        eq(interviewSessions.companyId, scope.companyId),
        eq(interviewAnswers.questionId, questionId),
        isNull(interviewAnswers.supersededAt),
        eq(interviewAnswers.status, 'answered'),
      ),
    )
    .orderBy(sql`${interviewAnswers.ratingAvg} desc nulls last`, asc(applications.sentAt));
  const result = [];
  for (const r of rows) {
    const presented = await presentAnswers(ctx, {
      answers: [r.answer],
      questions: r.session.questions,
      view: { userId: user.id, shareId: null },
    });
    result.push({
      applicationId: r.application.id,
      firstName: r.application.firstName,
      lastName: r.application.lastName,
      answer: presented.get(r.answer.id)!,
    });
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// Share links

type TShareRow = typeof interviewShares.$inferSelect;

/**
 * A share as the team reads it. The link itself only for those who may make links (issue 33: a viewer sees who
 * shared and when, never a working link to the candidate's interview).
 */
const presentShare = (
  config: TContext['config'],
  row: TShareRow,
  { canManage, createdByName }: { canManage: boolean; createdByName: string | null },
): TInterviewShare => ({
  _id: row.id,
  url: canManage ? reviewLink(config.publicUrl, linkToken(config.secret, 'review', row.tokenSalt)) : null,
  createdByName,
  expiresAt: row.expiresAt.toISOString(),
  hideName: row.hideName,
  hideEmail: row.hideEmail,
  hideCv: row.hideCv,
  createdAt: row.createdAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

export async function createShare(
  ctx: TCtx,
  input: {
    scope: TCompanyScope;
    user: TAuthUser;
    jobId: string;
    applicationId: string;
    body: z.output<typeof ZCreateShareRequest>;
  },
) {
  assertCanManageCandidate(input.scope);
  const { row: session } = await findCandidateSession(ctx.db, input);
  const now = new Date();
  const expiresAt = input.body.expiresAt
    ? new Date(input.body.expiresAt)
    : new Date(now.getTime() + input.body.days! * 24 * 3600_000);
  if (
    expiresAt.getTime() <= now.getTime() ||
    expiresAt.getTime() > now.getTime() + INTERVIEW_LIMITS.shareDaysMax * 24 * 3600_000
  )
    throw new AppError('VALIDATION', interviewMessages.shareExpiry, {
      expiresAt: interviewMessages.shareExpiry,
    });
  const { tokenSalt, tokenHash } = newLinkToken(ctx.config.secret, 'review');
  const [row] = await ctx.db
    .insert(interviewShares)
    .values({
      companyId: session.companyId,
      sessionId: session.id,
      tokenSalt,
      tokenHash,
      expiresAt,
      hideName: input.body.hideName,
      hideEmail: input.body.hideEmail,
      hideCv: input.body.hideCv,
      createdBy: input.user.id,
      createdAt: now,
    })
    .returning();
  return presentShare(ctx.config, row!, { canManage: true, createdByName: memberName(input.user) });
}

export async function listShares(
  ctx: TCtx,
  input: { scope: TCompanyScope; jobId: string; applicationId: string },
) {
  const { row: session } = await findCandidateSession(ctx.db, input);
  const rows = await ctx.db
    .select({ share: interviewShares, firstName: users.firstName, lastName: users.lastName })
    .from(interviewShares)
    .leftJoin(users, eq(users.id, interviewShares.createdBy))
    .where(eq(interviewShares.sessionId, session.id))
    .orderBy(desc(interviewShares.createdAt));
  const canManage = input.scope.role >= ROLES.jobManager;
  return rows.map((r) =>
    presentShare(ctx.config, r.share, {
      canManage,
      createdByName:
        r.firstName === null ? null : memberName({ firstName: r.firstName, lastName: r.lastName ?? '' }),
    }),
  );
}

export async function revokeShare(
  ctx: TCtx,
  input: { scope: TCompanyScope; jobId: string; applicationId: string; shareId: string },
) {
  assertCanManageCandidate(input.scope);
  const { row: session } = await findCandidateSession(ctx.db, input);
  if (!UUID.test(input.shareId)) throw new AppError('NOT_FOUND', interviewMessages.shareExpired);
  const [row] = await ctx.db
    .update(interviewShares)
    .set({ revokedAt: new Date() })
    .where(and(eq(interviewShares.id, input.shareId), eq(interviewShares.sessionId, session.id)))
    .returning({ id: interviewShares.id });
  if (!row) throw new AppError('NOT_FOUND', interviewMessages.shareExpired);
}

/** The share of a review token: 404 when unknown, 410 once revoked or expired (each saying which). */
async function findShare(db: TDb, token: string) {
  if (!isLinkToken(token)) throw new AppError('NOT_FOUND', interviewMessages.shareUnknown);
  const [row] = await db
    .select({ share: interviewShares, session: interviewSessions })
    .from(interviewShares)
    .innerJoin(interviewSessions, eq(interviewSessions.id, interviewShares.sessionId))
    .where(eq(interviewShares.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', interviewMessages.shareUnknown);
  if (row.share.revokedAt) throw new AppError('GONE', interviewMessages.shareRevoked);
  if (row.share.expiresAt.getTime() <= Date.now()) throw new AppError('GONE', interviewMessages.shareExpired);
  return row;
}

/** What an outside reviewer sees: their own ratings, media signed for minutes, maybe neutral file names. */
const guestView = (share: TShareRow): TRatingView => ({
  userId: null,
  shareId: share.id,
  onlyShare: true,
  mediaSeconds: INTERVIEW_LIMITS.reviewMediaSeconds,
  hideName: share.hideName,
});

/** GET /public/interview-review/{token}: the interview as the outside reviewer sees it (maybe anonymised). */
export async function getGuestReview(ctx: TCtx, token: string) {
  const { share, session } = await findShare(ctx.db, token);
  const [row] = await ctx.db
    .select({ application: applications, jobTitle: jobs.title, companyName: companies.name })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(companies, eq(companies.id, applications.companyId))
    .where(eq(applications.id, session.applicationId));
  if (!row) throw new AppError('NOT_FOUND', interviewMessages.shareUnknown);
  const answers = await currentAnswers(ctx.db, [session.id]);
  const view = guestView(share);
  const presented = await presentAnswers(ctx, { answers, questions: session.questions, view });
  const questions = await presentQuestions(ctx, {
    companyId: session.companyId,
    questions: session.questions,
  });
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  const a = row.application;
  const cv = share.hideCv || !a.cvKey ? null : a.cvKey;
  // Issue 33: a hidden name hides it from file names too (the CV is often named after the candidate).
  const cvName = !cv
    ? null
    : share.hideName
      ? neutralFileName({ kind: 'cv' }, a.cvFileName ?? cv)
      : (a.cvFileName ?? neutralFileName({ kind: 'cv' }, cv));
  // Issue 34 item 4: what was said in each video answer, to read beside it (words' own times left out).
  const videoIds = [...presented.values()].flatMap((p) => (p.video ? [p.video.assetId] : []));
  const said = videoIds.length
    ? await ctx.db
        .select({
          assetId: transcripts.assetId,
          language: transcripts.language,
          segments: transcripts.segments,
        })
        .from(transcripts)
        .where(
          and(
            inArray(transcripts.assetId, videoIds),
            eq(transcripts.companyId, session.companyId),
            eq(transcripts.status, 'done'),
          ),
        )
    : [];
  return {
    transcripts: said.map((t) => ({
      assetId: t.assetId,
      language: t.language,
      segments: t.segments.map(({ start, end, text }) => ({ start, end, text })),
    })),
    job: { title: row.jobTitle, companyName: row.companyName },
    candidate: {
      name: share.hideName ? null : `${a.firstName} ${a.lastName}`.trim(),
      email: share.hideEmail ? null : a.email,
      cvUrl: cv && cvName ? await signMedia(ctx, cv, view, cvName) : null,
      cvName,
    },
    expiresAt: share.expiresAt.toISOString(),
    mediaSeconds: INTERVIEW_LIMITS.reviewMediaSeconds,
    questions: questions.map((q) => {
      const answer = byQuestion.get(q._id);
      return { ...q, answer: answer ? (presented.get(answer.id) ?? null) : null, reopenedAt: null };
    }),
  };
}

/** PUT /public/interview-review/{token}/answers/{answerId}/rating: recorded under the name the reviewer gives. */
export async function rateAsGuest(
  ctx: TCtx,
  { token, answerId, body }: { token: string; answerId: string; body: z.output<typeof ZGuestRateRequest> },
) {
  const { share, session } = await findShare(ctx.db, token);
  await ctx.db.transaction(async (tx) => {
    const answer = await findRateableAnswer(tx, session, answerId);
    const values = {
      stars: body.stars,
      comment: body.comment ?? null,
      raterName: body.reviewerName,
      updatedAt: new Date(),
    };
    await tx
      .insert(interviewRatings)
      .values({ ...values, companyId: session.companyId, answerId: answer.id, shareId: share.id })
      .onConflictDoUpdate({
        target: [interviewRatings.answerId, interviewRatings.shareId],
        targetWhere: sql`${interviewRatings.shareId} is not null`,
        set: values,
      });
    await refreshAverages(tx, { answerId: answer.id, sessionId: session.id });
  });
  return presentOne(ctx, session, answerId, guestView(share));
}
