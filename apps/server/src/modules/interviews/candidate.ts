import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  applications,
  companies,
  interviewAnswers,
  interviewSessions,
  interviewTakes,
  jobs,
  videoAssets,
  type TInterviewQuestionJson,
} from '@hirecast/db/schema';
import type { TDb, TTx } from '@hirecast/db/client';
import {
  INTERVIEW_LIMITS,
  interviewMessages,
  storedAnswerValue,
  stretchSeconds,
  type TAccommodation,
  type TCandidateInterview,
  type TCandidateQuestion,
  type TCandidateTake,
  type TStoredAnswerValue,
} from '@hirecast/domain/interview';
import { assertNever } from '@hirecast/domain/assert-never';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { hashToken } from '../../lib/tokens.ts';
import { publicUrl } from '../assets/index.ts';
import { closedScreen, closureOf, closureText, InterviewClosedError } from './closure.ts';
import { formatDeadline, recordInterviewEvent } from './history.ts';
import { promptVideos } from './question-set.ts';
import { loadCaptions } from '../transcripts/index.ts';
import { cuesToVtt } from '@hirecast/domain/captions';
import { sessionState, type TSessionRow } from './sessions.ts';
import { isLinkToken } from './tokens.ts';

// Issue 25 item 3: the candidate's side, reached with the private link's token alone. Everything that limits
// the candidate (preparation start, takes used, the deadline, the answers given) is kept here, on the server,
// so a reload, another device or a direct API call finds the same state and cannot buy time or takes.

type TCtx = Pick<TContext, 'db' | 'storage'>;
export type TTakeRow = typeof interviewTakes.$inferSelect;
export type TAnswerRow = typeof interviewAnswers.$inferSelect;

export type TOpenSession = {
  session: TSessionRow;
  application: typeof applications.$inferSelect;
  job: { id: string; title: string; shortId: string; status: string; createdBy: string | null };
  company: { name: string; logo: string | null };
};

const invalidLink = () => new AppError('NOT_FOUND', interviewMessages.linkInvalid);

/**
 * The session of a token (404 for an unknown token or a deleted application). A withdrawn application's or a
 * closed job's link answers 410 with what happened, unless `closed: 'return'` (the first screen, which says so
 * with whom to ask). The deadline is the writes' own check (assertWritable: a take begun in time may finish).
 */
export async function findByToken(
  db: TDb | TTx,
  token: string,
  lock = false,
  { closed = 'refuse' }: { closed?: 'refuse' | 'return' } = {},
): Promise<TOpenSession> {
  if (!isLinkToken(token)) throw invalidLink();
  const query = db
    .select({ session: interviewSessions, application: applications, job: jobs, company: companies })
    .from(interviewSessions)
    .innerJoin(applications, eq(applications.id, interviewSessions.applicationId))
    .innerJoin(jobs, eq(jobs.id, interviewSessions.jobId))
    .innerJoin(companies, eq(companies.id, interviewSessions.companyId))
    .where(eq(interviewSessions.tokenHash, hashToken(token)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: interviewSessions }) : await query;
  if (!row) throw invalidLink();
  const open: TOpenSession = {
    session: row.session,
    application: row.application,
    job: {
      id: row.job.id,
      title: row.job.title,
      shortId: row.job.shortId,
      status: row.job.status,
      createdBy: row.job.createdBy,
    },
    company: { name: row.company.name, logo: row.company.logo },
  };
  const closure = closed === 'refuse' ? closureOf(open, new Date()) : null;
  if (closure && closure.reason !== 'expired') throw new AppError('GONE', closureText(open, closure));
  return open;
}

/**
 * Whether the candidate may still write. After the deadline only the finishing and choosing of a take that
 * started before it is allowed, for a short while (a slow upload must not lose an answer).
 */
export function assertWritable(
  session: TSessionRow,
  now: Date,
  { takeStartedAt }: { takeStartedAt?: Date } = {},
) {
  if (session.completedAt) throw new AppError('CONFLICT', interviewMessages.completed);
  if (!session.deadline || now.getTime() < session.deadline.getTime()) return;
  if (
    takeStartedAt &&
    takeStartedAt.getTime() < session.deadline.getTime() &&
    now.getTime() < session.deadline.getTime() + INTERVIEW_LIMITS.deadlineGraceMinutes * 60_000
  )
    return;
  throw new AppError('GONE', interviewMessages.closed(formatDeadline(session.deadline)));
}

export function findQuestion(session: TSessionRow, questionId: string) {
  const index = session.questions.findIndex((q) => q.id === questionId);
  if (index < 0) throw new AppError('NOT_FOUND', interviewMessages.linkInvalid);
  return { question: session.questions[index]!, index };
}

/** The current answer row of a question (the one not superseded by a re-opening). */
export async function currentAnswer(db: TDb | TTx, sessionId: string, questionId: string, lock = false) {
  const query = db
    .select()
    .from(interviewAnswers)
    .where(
      and(
        eq(interviewAnswers.sessionId, sessionId),
        eq(interviewAnswers.questionId, questionId),
        isNull(interviewAnswers.supersededAt),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Marks the interview started (once) and records it in the history. */
export async function markStarted(db: TDb | TTx, session: TSessionRow, now: Date) {
  const [started] = await db
    .update(interviewSessions)
    .set({ startedAt: now, updatedAt: now })
    .where(and(eq(interviewSessions.id, session.id), isNull(interviewSessions.startedAt)))
    .returning({ id: interviewSessions.id });
  if (started)
    await recordInterviewEvent(db, {
      applicationId: session.applicationId,
      actor: 'candidate',
      title: 'Interview started',
    });
}

/**
 * Starts a question's preparation: the first call records the time, every later one (a reload, another
 * device) answers the same, so the countdown goes on from where it was.
 */
export async function startQuestion(ctx: TCtx, { token, questionId }: { token: string; questionId: string }) {
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const { session } = await findByToken(tx, token, true);
    assertWritable(session, now);
    const { question } = findQuestion(session, questionId);
    await ensureAnswerRow(tx, { session, question, now });
    await markStarted(tx, session, now);
  });
  return questionOf(ctx, { token, questionId });
}

export async function ensureAnswerRow(
  db: TDb | TTx,
  { session, question, now }: { session: TSessionRow; question: TInterviewQuestionJson; now: Date },
) {
  await db
    .insert(interviewAnswers)
    .values({
      companyId: session.companyId,
      sessionId: session.id,
      questionId: question.id,
      status: 'open',
      prepStartedAt: now,
    })
    .onConflictDoNothing();
  return (await currentAnswer(db, session.id, question.id, true))!;
}

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

async function presentTakes(ctx: TCtx, takes: TTakeRow[]): Promise<Map<string, TCandidateTake[]>> {
  const assetIds = takes.flatMap((t) => (t.videoAssetId ? [t.videoAssetId] : []));
  const assets =
    assetIds.length === 0
      ? []
      : await ctx.db.select().from(videoAssets).where(inArray(videoAssets.id, assetIds));
  const assetById = new Map(assets.map((a) => [a.id, a]));
  const result = new Map<string, TCandidateTake[]>();
  for (const t of takes) {
    const asset = t.videoAssetId ? assetById.get(t.videoAssetId) : undefined;
    const list = result.get(t.answerId) ?? [];
    list.push({
      _id: t.id,
      n: t.n,
      status: t.status as TCandidateTake['status'],
      startedAt: t.startedAt.toISOString(),
      stopBy: iso(t.stopBy),
      url: asset ? ((await publicUrl(ctx, asset.data.videoMp4Url ?? asset.originalKey)) ?? null) : null,
      duration: t.duration,
    });
    result.set(t.answerId, list);
  }
  return result;
}

export function allowedTakes(question: TInterviewQuestionJson) {
  return question.retakes === null ? null : question.retakes + 1;
}

/** A question's answer time, retakes and takes left, for the candidate (only a video answer is recorded). */
function recordingOf(question: TInterviewQuestionJson, accommodation: TAccommodation, used: number) {
  switch (question.answerType) {
    case 'video': {
      const allowed = allowedTakes(question);
      return {
        limitSeconds: stretchSeconds(question.limitSeconds, accommodation),
        retakes: question.retakes,
        takesLeft: allowed === null ? null : Math.max(0, allowed - used),
      };
    }
    case 'text':
    case 'choice':
    case 'file':
      return { limitSeconds: null, retakes: 0, takesLeft: 0 };
    default:
      return assertNever(question, 'answer type');
  }
}

/** What the candidate sees of their own answer: the chosen take, the text, the option's index, the file's name. */
function candidateAnswerOf(value: TStoredAnswerValue | null): NonNullable<TCandidateQuestion['answer']> {
  switch (value?.answerType) {
    case undefined:
      return {};
    case 'video':
      return { takeId: value.takeId };
    case 'text':
      return { text: value.text };
    case 'choice':
      return { choice: value.choiceIndex };
    case 'file':
      return value.fileName ? { file: { name: value.fileName } } : {};
    default:
      return assertNever(value, 'answer type');
  }
}

/** A video take's time limit after the accommodation (no limits: the storage cap). */
export function takeLimitSeconds(question: TInterviewQuestionJson, accommodation: TAccommodation) {
  return stretchSeconds(question.limitSeconds, accommodation) ?? INTERVIEW_LIMITS.unlimitedVideoMaxSeconds;
}

function presentQuestion(
  session: TSessionRow,
  question: TInterviewQuestionJson,
  position: number,
  extra: {
    answer: TAnswerRow | undefined;
    takes: TCandidateTake[];
    promptVideo: {
      url: string | null;
      poster: string | null;
      duration: number | null;
      captions: { language: string | null; vtt: string } | null;
    } | null;
  },
): TCandidateQuestion {
  const accommodation = session.accommodation as TAccommodation;
  const { answer, takes } = extra;
  const prepSeconds = stretchSeconds(question.prepSeconds, accommodation);
  // Watching the prompt video does not eat the preparation time: the window is lengthened by the video's length
  // (issue 25 item 1: the candidate plays the prompt video, then prepares).
  const watchSeconds = Math.ceil(extra.promptVideo?.duration ?? 0);
  const used = answer?.takesUsed ?? 0;
  const recording = recordingOf(question, accommodation, used);
  let status: TCandidateQuestion['status'] = 'new';
  if (answer?.status === 'answered') status = 'answered';
  else if (answer?.status === 'skipped') status = 'skipped';
  else if (answer) status = takes.some((t) => t.status === 'recording') ? 'recording' : 'preparing';
  const given = answer?.status === 'answered' ? storedAnswerValue(question.answerType, answer) : null;
  // The question is shown once it is opened (its preparation has started): the prompt is never read ahead.
  const opened = answer !== undefined;
  return {
    _id: question.id,
    position,
    prompt: opened ? question.prompt : null,
    promptVideo:
      opened && extra.promptVideo
        ? {
            url: extra.promptVideo.url,
            poster: extra.promptVideo.poster,
            duration: extra.promptVideo.duration,
            captions: extra.promptVideo.captions,
          }
        : null,
    answerType: question.answerType,
    options: opened ? question.options : [],
    required: question.required,
    prepSeconds,
    limitSeconds: recording.limitSeconds,
    maxChars: question.maxChars,
    retakes: recording.retakes,
    takesUsed: used,
    takesLeft: recording.takesLeft,
    status,
    prepStartedAt: iso(answer?.prepStartedAt),
    prepEndsAt:
      answer && prepSeconds !== null
        ? new Date(answer.prepStartedAt.getTime() + (prepSeconds + watchSeconds) * 1000).toISOString()
        : null,
    takes,
    answer: answer?.status === 'answered' ? candidateAnswerOf(given) : null,
  };
}

async function loadQuestions(ctx: TCtx, session: TSessionRow): Promise<TCandidateQuestion[]> {
  const answers = await ctx.db
    .select()
    .from(interviewAnswers)
    .where(and(eq(interviewAnswers.sessionId, session.id), isNull(interviewAnswers.supersededAt)));
  const takes =
    answers.length === 0
      ? []
      : await ctx.db
          .select()
          .from(interviewTakes)
          .where(
            inArray(
              interviewTakes.answerId,
              answers.map((a) => a.id),
            ),
          )
          .orderBy(asc(interviewTakes.n));
  const takesByAnswer = await presentTakes(ctx, takes);
  const videos = await promptVideos(ctx, {
    companyId: session.companyId,
    ids: session.questions.flatMap((q) => (q.promptVideoId ? [q.promptVideoId] : [])),
  });
  // Issue 34 item 2: the prompt videos' captions (reviewed, else generated), as the public pages have them.
  const captionsOf = new Map(
    await Promise.all(
      [...videos.keys()].map(async (id) => {
        const loaded = await loadCaptions(ctx.db, id);
        const captions = loaded.cues.length
          ? { language: loaded.language, vtt: cuesToVtt(loaded.cues) }
          : null;
        return [id, captions] as const;
      }),
    ),
  );
  const answerByQuestion = new Map(answers.map((a) => [a.questionId, a]));
  return session.questions.map((q, i) => {
    const answer = answerByQuestion.get(q.id);
    const video = q.promptVideoId ? videos.get(q.promptVideoId) : undefined;
    return presentQuestion(session, q, i, {
      answer,
      takes: answer ? (takesByAnswer.get(answer.id) ?? []) : [],
      promptVideo: video
        ? {
            url: video.url,
            poster: video.poster,
            duration: video.duration,
            captions: captionsOf.get(video._id) ?? null,
          }
        : null,
    });
  });
}

/** GET /public/interview/{token}: everything the candidate's page needs to resume where they left off. */
export async function getCandidateInterview(ctx: TCtx, token: string): Promise<TCandidateInterview> {
  const now = new Date();
  const open = await findByToken(ctx.db, token, false, { closed: 'return' });
  // Issue 33 item 2: a link that no longer takes answers says so on the first screen (410), never an intro
  // with "Start" and a practice round that would be refused at the first question.
  const closure = closureOf(open, now);
  if (closure) throw new InterviewClosedError(await closedScreen(ctx, open, closure));
  return presentInterview(ctx, open, now);
}

/** The interview as the candidate sees it (after a write, too: a take finished in the deadline's grace). */
async function presentInterview(
  ctx: TCtx,
  { session, application, job, company }: TOpenSession,
  now: Date,
): Promise<TCandidateInterview> {
  const questions = await loadQuestions(ctx, session);
  const state = sessionState(session, now);
  const current = questions.find((q) => q.status !== 'answered' && q.status !== 'skipped');
  return {
    job: {
      title: job.title,
      companyName: company.name,
      companyLogo: (await publicUrl(ctx, company.logo)) ?? null,
    },
    firstName: application.firstName,
    state,
    deadline: iso(session.deadline),
    accommodation: session.accommodation as TAccommodation,
    practiceQuestion: session.practiceQuestion,
    serverNow: now.toISOString(),
    currentQuestionId: current?._id ?? null,
    questions,
  };
}

/** The interview after a write (no closure check: the write itself was allowed). */
export async function interviewAfterWrite(ctx: TCtx, token: string) {
  return presentInterview(ctx, await findByToken(ctx.db, token, false, { closed: 'return' }), new Date());
}

export async function questionOf(ctx: TCtx, { token, questionId }: { token: string; questionId: string }) {
  const interview = await interviewAfterWrite(ctx, token);
  return interview.questions.find((q) => q._id === questionId)!;
}
