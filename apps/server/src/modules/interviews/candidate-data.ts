import { asc, eq, inArray } from 'drizzle-orm';
import { interviewAnswers, interviewSessions, interviewTakes, videoAssets } from '@hirecast/db/schema';
import { parseKey } from '../../lib/storage/keys.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { storedKeys } from '../assets/index.ts';
import type { TCandidateDataContributor, TCandidateFile } from '../privacy/index.ts';

// Issue 26 × issue 25: a candidate's interview answers are part of what Hirecast holds about them. This
// contributor puts them in the data export (each answer with its question, the submitted recording and files)
// and erases them with the application: the recordings and answer files leave storage, the answers (and with
// them their takes and the team's ratings) are deleted; on anonymising, the session keeps only its dates and
// score for statistics and its private link stops working.

const iso = (d: Date | null) => d?.toISOString() ?? null;
const extOf = (key: string) => parseKey(key)?.ext ?? 'bin';

export const interviewCandidateData: TCandidateDataContributor = {
  name: 'interview',
  async collect(ctx, application) {
    const [session] = await ctx.db
      .select()
      .from(interviewSessions)
      .where(eq(interviewSessions.applicationId, application.id));
    if (!session) return { data: null, files: [] };
    const answers = await ctx.db
      .select({
        answer: interviewAnswers,
        take: { videoAssetId: interviewTakes.videoAssetId, duration: interviewTakes.duration },
      })
      .from(interviewAnswers)
      .leftJoin(interviewTakes, eq(interviewTakes.id, interviewAnswers.takeId))
      .where(eq(interviewAnswers.sessionId, session.id))
      .orderBy(asc(interviewAnswers.createdAt));
    const assetIds = answers.flatMap((a) => (a.take?.videoAssetId ? [a.take.videoAssetId] : []));
    const assets =
      assetIds.length > 0
        ? await ctx.db.select().from(videoAssets).where(inArray(videoAssets.id, assetIds))
        : [];
    const files: TCandidateFile[] = [];
    const data = answers.map(({ answer, take }, i) => {
      const question = session.questions.find((q) => q.id === answer.questionId);
      const n = i + 1;
      const asset = assets.find((a) => a.id === take?.videoAssetId);
      const videoKey = asset
        ? [asset.data.videoMp4Url_720p, asset.data.videoMp4Url, asset.originalKey].find(
            (k): k is string => typeof k === 'string' && parseKey(k) !== null,
          )
        : undefined;
      if (videoKey) files.push({ path: `interview/answer-${n}.${extOf(videoKey)}`, key: videoKey });
      if (answer.fileKey)
        files.push({
          path: `interview/answer-${n}-${answer.fileName ?? `file.${extOf(answer.fileKey)}`}`,
          key: answer.fileKey,
        });
      return {
        question: question?.prompt ?? null,
        answerType: question?.answerType ?? null,
        status: answer.status,
        submittedAt: iso(answer.submittedAt),
        replaced: answer.supersededAt !== null,
        text: answer.text,
        choice:
          answer.choiceIndex !== null ? (question?.options[answer.choiceIndex] ?? answer.choiceIndex) : null,
        fileName: answer.fileName,
        videoSeconds: take?.duration ?? null,
      };
    });
    return {
      data: {
        invitedAt: iso(session.invitedAt),
        startedAt: iso(session.startedAt),
        completedAt: iso(session.completedAt),
        deadline: iso(session.deadline),
        answers: data,
      },
      files,
    };
  },
  async erase(tx, { application, mode }) {
    const [session] = await tx
      .select({ id: interviewSessions.id })
      .from(interviewSessions)
      .where(eq(interviewSessions.applicationId, application.id));
    if (!session) return [];
    const held = await tx
      .select({ assetId: interviewTakes.videoAssetId, fileKey: interviewAnswers.fileKey })
      .from(interviewAnswers)
      .leftJoin(interviewTakes, eq(interviewTakes.answerId, interviewAnswers.id))
      .where(eq(interviewAnswers.sessionId, session.id));
    const assetIds = [...new Set(held.flatMap((h) => (h.assetId ? [h.assetId] : [])))];
    const assets =
      assetIds.length > 0
        ? await tx.delete(videoAssets).where(inArray(videoAssets.id, assetIds)).returning()
        : [];
    const fileKeys = [...new Set(held.flatMap((h) => (h.fileKey ? [h.fileKey] : [])))];
    // Takes and ratings go with their answers (foreign keys cascade).
    await tx.delete(interviewAnswers).where(eq(interviewAnswers.sessionId, session.id));
    if (mode === 'anonymise')
      await tx
        .update(interviewSessions)
        .set({ tokenHash: hashToken(newToken()), answeredCount: 0 })
        .where(eq(interviewSessions.id, session.id));
    return [...assets.flatMap(storedKeys), ...fileKeys];
  },
};
