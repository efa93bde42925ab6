import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { interviews, videoAssets, type TInterviewQuestionJson } from '@hirecast/db/schema';
import type { TDb } from '@hirecast/db/client';
import {
  INTERVIEW_LIMITS,
  interviewMessages,
  storedSettings,
  type TInterview,
  type TInterviewQuestion,
  type ZPutInterviewRequest,
} from '@hirecast/domain/interview';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import type { TAuthUser, TCompanyScope } from '../../plugins/auth.ts';
import { publicUrl } from '../assets/index.ts';
import { findJob } from '../jobs/index.ts';
import { assertCanEditInterview } from './policy.ts';

// Issue 25 item 1: a job's question set, 1–10 ordered questions. GET, PUT (replace, keeping the identity of
// the questions sent with their _id), DELETE.

type TPutBody = z.output<typeof ZPutInterviewRequest>;
export type TInterviewRow = typeof interviews.$inferSelect;
type TCtx = Pick<TContext, 'db' | 'storage'>;

export type TPromptVideo = {
  _id: string;
  title: string;
  url: string | null;
  poster: string | null;
  /** Seconds, once processed: the candidate's preparation time is lengthened by it (candidate.ts). */
  duration: number | null;
};

/** The library videos (not candidates' recordings) among `ids`, presented for playing. */
export async function promptVideos(
  ctx: TCtx,
  { companyId, ids }: { companyId: string; ids: string[] },
): Promise<Map<string, TPromptVideo>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await ctx.db
    .select()
    .from(videoAssets)
    .where(
      and(
        eq(videoAssets.companyId, companyId),
        eq(videoAssets.exclude, false),
        inArray(videoAssets.id, wanted),
      ),
    );
  const result = new Map<string, TPromptVideo>();
  for (const row of rows) {
    result.set(row.id, {
      _id: row.id,
      title: row.title,
      url:
        (await publicUrl(ctx, row.data.videoMp4Url_720p ?? row.data.videoMp4Url ?? row.originalKey)) ?? null,
      poster: (await publicUrl(ctx, row.data.image640 ?? row.data.thumbnailUrl)) ?? null,
      duration: row.duration,
    });
  }
  return result;
}

const presentPromptVideo = (video: TPromptVideo | undefined) =>
  video ? { _id: video._id, title: video.title, url: video.url, poster: video.poster } : null;

export async function presentQuestions(
  ctx: TCtx,
  { companyId, questions }: { companyId: string; questions: TInterviewQuestionJson[] },
): Promise<TInterviewQuestion[]> {
  const videos = await promptVideos(ctx, {
    companyId,
    ids: questions.flatMap((q) => (q.promptVideoId ? [q.promptVideoId] : [])),
  });
  return questions.map((q, position) => ({
    _id: q.id,
    position,
    prompt: q.prompt,
    promptVideoId: q.promptVideoId,
    promptVideo: presentPromptVideo(q.promptVideoId ? videos.get(q.promptVideoId) : undefined),
    answerType: q.answerType,
    options: q.options,
    prepSeconds: q.prepSeconds,
    limitSeconds: q.limitSeconds,
    maxChars: q.maxChars,
    retakes: q.retakes,
    required: q.required,
  }));
}

async function presentInterview(ctx: TCtx, row: TInterviewRow): Promise<TInterview> {
  return {
    _id: row.id,
    jobId: row.jobId,
    inApply: row.inApply,
    asStage: row.asStage,
    practiceQuestion: row.practiceQuestion,
    questions: await presentQuestions(ctx, { companyId: row.companyId, questions: row.questions }),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findInterviewOfJob(db: TDb, jobId: string): Promise<TInterviewRow | null> {
  const [row] = await db.select().from(interviews).where(eq(interviews.jobId, jobId)).limit(1);
  return row ?? null;
}

export async function getInterview(ctx: TCtx, { scope, jobId }: { scope: TCompanyScope; jobId: string }) {
  const job = await findJob(ctx.db, scope, jobId);
  const row = await findInterviewOfJob(ctx.db, job.id);
  return row ? presentInterview(ctx, row) : null;
}

/** Every prompt video must be a video of the company's library; the message sits on the question's field. */
async function assertPromptVideos(ctx: TCtx, { companyId, body }: { companyId: string; body: TPutBody }) {
  const ids = body.questions.flatMap((q) => (q.promptVideoId ? [q.promptVideoId] : []));
  const found = await promptVideos(ctx, { companyId, ids });
  const fields: Record<string, string> = {};
  body.questions.forEach((q, i) => {
    if (q.promptVideoId && !found.has(q.promptVideoId))
      fields[`questions.${i}.promptVideoId`] = interviewMessages.promptVideo;
  });
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', interviewMessages.promptVideo, fields);
}

/**
 * A question saved to the library with a prompt video (issue 33 item 9): the video must be one of the company's
 * library videos, as in the question set; another company's video id or a candidate's recording is refused (400).
 */
export async function assertLibraryPromptVideo(
  ctx: TCtx,
  { companyId, id, field }: { companyId: string; id: string; field: string },
) {
  const found = await promptVideos(ctx, { companyId, ids: [id] });
  if (!found.has(id))
    throw new AppError('VALIDATION', interviewMessages.promptVideo, {
      [field]: interviewMessages.promptVideo,
    });
}

/** The stored form of one question; a question's _id is kept only when the set already holds it. */
export function toQuestionJson(
  q: TPutBody['questions'][number],
  known: ReadonlySet<string>,
): TInterviewQuestionJson {
  const settings = storedSettings(q);
  return {
    id: q._id && known.has(q._id) ? q._id : randomUUID(),
    prompt: q.prompt,
    // A text question of the set always has its limit (the library may keep none).
    ...(settings.answerType === 'text'
      ? { ...settings, maxChars: settings.maxChars ?? INTERVIEW_LIMITS.textMaxChars }
      : settings),
  };
}

export async function putInterview(
  ctx: TCtx,
  { scope, user, jobId, body }: { scope: TCompanyScope; user: TAuthUser; jobId: string; body: TPutBody },
) {
  assertCanEditInterview(scope);
  const job = await findJob(ctx.db, scope, jobId);
  await assertPromptVideos(ctx, { companyId: job.companyId, body });
  const row = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(interviews)
      .where(eq(interviews.jobId, job.id))
      .for('update')
      .limit(1);
    const known = new Set(current?.questions.map((q) => q.id) ?? []);
    const values = {
      inApply: body.inApply,
      asStage: body.asStage,
      practiceQuestion: body.practiceQuestion,
      questions: body.questions.map((q) => toQuestionJson(q, known)),
      updatedBy: user.id,
      updatedAt: new Date(),
    };
    const [saved] = current
      ? await tx.update(interviews).set(values).where(eq(interviews.id, current.id)).returning()
      : await tx
          .insert(interviews)
          .values({ ...values, companyId: job.companyId, jobId: job.id })
          .onConflictDoUpdate({ target: interviews.jobId, set: values })
          .returning();
    return saved!;
  });
  return presentInterview(ctx, row);
}

export async function deleteInterview(ctx: TCtx, { scope, jobId }: { scope: TCompanyScope; jobId: string }) {
  assertCanEditInterview(scope);
  const job = await findJob(ctx.db, scope, jobId);
  await ctx.db.delete(interviews).where(eq(interviews.jobId, job.id));
}
