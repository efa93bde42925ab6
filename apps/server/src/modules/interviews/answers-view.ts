import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  interviewAnswers,
  interviewRatings,
  interviewTakes,
  videoAssets,
  type TInterviewQuestionJson,
} from '@hirecast/db/schema';
import { assertNever } from '@hirecast/domain/assert-never';
import {
  neutralFileName,
  storedAnswerValue,
  type TInterviewAnswer,
  type TRating,
} from '@hirecast/domain/interview';
import type { TContext } from '../../lib/context.ts';
import { keyFromUrl, parseKey } from '../../lib/storage/keys.ts';
import { publicUrl } from '../assets/index.ts';

// One answer as a reviewer reads it (a member, the compare view, an outside reviewer): the text, the choice,
// the file or the chosen take's video, with its ratings and their average.

export type TAnswerRow = typeof interviewAnswers.$inferSelect;
type TCtx = Pick<TContext, 'db' | 'storage'>;
/**
 * Whose ratings are shown, and which is "mine". An outside reviewer's view (issue 33) signs its media for
 * `mediaSeconds` only (the page renews them, so a revoked link stops its media too) and, with `hideName`, offers
 * files under neutral names.
 */
export type TRatingView = {
  userId: string | null;
  shareId: string | null;
  onlyShare?: boolean;
  mediaSeconds?: number;
  hideName?: boolean;
};

/** A stored file's read URL: the usual one, or for an outside reviewer a short-lived one. */
export async function signMedia(
  ctx: TCtx,
  value: string | null | undefined,
  view: Pick<TRatingView, 'mediaSeconds'>,
  download?: string,
): Promise<string | null> {
  if (!value) return null;
  if (!view.mediaSeconds && !download) return (await publicUrl(ctx, value)) ?? null;
  const key = parseKey(value) ? value : keyFromUrl(value);
  if (!key) return value;
  return ctx.storage.signGet({ key, expiresIn: view.mediaSeconds ?? 6 * 3600, download });
}

/** The current (not re-opened) answered or skipped answers of the sessions. */
export async function currentAnswers(db: TContext['db'], sessionIds: string[]): Promise<TAnswerRow[]> {
  if (sessionIds.length === 0) return [];
  return db
    .select()
    .from(interviewAnswers)
    .where(and(inArray(interviewAnswers.sessionId, sessionIds), isNull(interviewAnswers.supersededAt)))
    .orderBy(asc(interviewAnswers.createdAt));
}

function prepUsed(a: TAnswerRow, firstTake: Date | undefined) {
  const end = firstTake ?? (a.status === 'answered' ? a.submittedAt : null);
  return end ? Math.max(0, Math.round((end.getTime() - a.prepStartedAt.getTime()) / 1000)) : null;
}

export async function presentAnswers(
  ctx: TCtx,
  {
    answers,
    questions,
    view,
  }: { answers: TAnswerRow[]; questions: TInterviewQuestionJson[]; view: TRatingView },
): Promise<Map<string, TInterviewAnswer>> {
  const done = answers.filter((a) => a.status === 'answered' || a.status === 'skipped');
  const result = new Map<string, TInterviewAnswer>();
  if (done.length === 0) return result;
  const ids = done.map((a) => a.id);
  const takeIds = done.flatMap((a) => (a.takeId ? [a.takeId] : []));
  const [ratings, takes] = await Promise.all([
    ctx.db
      .select()
      .from(interviewRatings)
      .where(
        and(
          inArray(interviewRatings.answerId, ids),
          view.onlyShare && view.shareId ? eq(interviewRatings.shareId, view.shareId) : undefined,
        ),
      )
      .orderBy(asc(interviewRatings.createdAt)),
    takeIds.length === 0
      ? Promise.resolve([])
      : ctx.db
          .select({ take: interviewTakes, asset: videoAssets })
          .from(interviewTakes)
          .leftJoin(videoAssets, eq(videoAssets.id, interviewTakes.videoAssetId))
          .where(inArray(interviewTakes.id, takeIds)),
  ]);
  const takeById = new Map(takes.map((t) => [t.take.id, t]));
  const firstTakes = await ctx.db
    .select({ answerId: interviewTakes.answerId, startedAt: interviewTakes.startedAt })
    .from(interviewTakes)
    .where(and(inArray(interviewTakes.answerId, ids), eq(interviewTakes.n, 1)));
  const firstTakeAt = new Map(firstTakes.map((f) => [f.answerId, f.startedAt]));
  const byQuestion = new Map(questions.map((q) => [q.id, q]));
  const sign = (value: string | null | undefined, download?: string) => signMedia(ctx, value, view, download);
  for (const a of done) {
    const question = byQuestion.get(a.questionId);
    const own = ratings.filter((r) => r.answerId === a.id);
    const presented: TRating[] = own.map((r) => ({
      _id: r.id,
      raterName: r.shareId ? `${r.raterName} (guest)` : r.raterName,
      isMine: view.userId ? r.userId === view.userId : view.shareId ? r.shareId === view.shareId : false,
      isGuest: r.shareId !== null,
      stars: r.stars,
      comment: r.comment,
      updatedAt: r.updatedAt.toISOString(),
    }));
    const average =
      own.length === 0 ? null : Math.round((own.reduce((s, r) => s + r.stars, 0) / own.length) * 100) / 100;
    const answer: TInterviewAnswer = {
      _id: a.id,
      questionId: a.questionId,
      status: a.status as 'answered' | 'skipped',
      submittedAt: (a.submittedAt ?? a.createdAt).toISOString(),
      takesUsed: a.takesUsed,
      prepUsedSeconds: prepUsed(a, firstTakeAt.get(a.id)),
      ratings: presented,
      average,
    };
    const value = question ? storedAnswerValue(question.answerType, a) : null;
    switch (value?.answerType) {
      case undefined:
        break;
      case 'video': {
        const chosen = takeById.get(value.takeId);
        if (!chosen) break;
        const asset = chosen.asset;
        answer.video = {
          assetId: chosen.take.videoAssetId ?? '',
          status: asset?.status ?? 'error',
          url: asset ? await sign(asset.data.videoMp4Url ?? asset.data.videoUrl ?? asset.originalKey) : null,
          poster: asset ? await sign(asset.data.image640 ?? asset.data.thumbnailUrl) : null,
          duration: chosen.take.duration ?? asset?.duration ?? null,
        };
        break;
      }
      case 'text':
        answer.text = value.text;
        break;
      case 'choice':
        answer.choice = { index: value.choiceIndex, label: question?.options[value.choiceIndex] ?? '' };
        break;
      case 'file': {
        const position = questions.findIndex((q) => q.id === a.questionId) + 1;
        const name = view.hideName
          ? neutralFileName({ kind: 'answer', position }, value.fileName ?? value.fileKey)
          : (value.fileName ?? 'file');
        answer.file = {
          name,
          url: (await sign(value.fileKey, view.mediaSeconds ? name : undefined)) ?? '',
          contentType: value.fileType ?? 'application/octet-stream',
        };
        break;
      }
      default:
        return assertNever(value, 'answer type');
    }
    result.set(a.id, answer);
  }
  return result;
}
