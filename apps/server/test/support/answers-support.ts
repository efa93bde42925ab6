import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  interviewAnswers,
  interviewSessions,
  interviewTakes,
  transcripts,
  videoAssets,
} from '@hirecast/db/schema';
import type { TDb } from '@hirecast/db/client';
import type { TTranscriptSegment } from '@hirecast/domain/transcript';
import { createApplication } from './applicants-support.ts';

// Issue 34 items 4–6: a candidate's answered video interview question whose transcript is done, written straight
// to the tables (the interview flow and the transcription job have their own tests), for the search, summary and
// data-rights tests.

export const line = (start: number, end: number, text: string): TTranscriptSegment => ({ start, end, text });

export async function answeredVideo(
  db: TDb,
  job: { id: string; companyId: string },
  {
    firstName = 'Grace',
    lastName = 'Hopper',
    prompt = 'Tell us about yourself',
    segments,
    language = 'en',
    applicationId,
  }: {
    firstName?: string;
    lastName?: string;
    prompt?: string;
    segments: TTranscriptSegment[];
    language?: string;
    /** Another answer of the same application. */
    applicationId?: string;
  },
) {
  const application = applicationId
    ? { id: applicationId }
    : await createApplication(db, job, { firstName, lastName });
  const questionId = randomUUID();
  const [asset] = await db
    .insert(videoAssets)
    .values({
      companyId: job.companyId,
      title: 'Answer',
      fileName: 'answer.webm',
      status: 'ready',
      duration: 60,
      originalKey: `test/${randomUUID()}.webm`,
    })
    .returning();
  const question = {
    id: questionId,
    prompt,
    promptVideoId: null,
    answerType: 'video' as const,
    options: [],
    prepSeconds: 30,
    limitSeconds: 120,
    maxChars: null,
    retakes: 1,
    required: true,
  };
  const [session] = await db
    .insert(interviewSessions)
    .values({
      companyId: job.companyId,
      jobId: job.id,
      applicationId: application.id,
      via: 'invitation',
      questions: [question],
      tokenSalt: randomUUID(),
      tokenHash: randomUUID(),
    })
    .onConflictDoNothing()
    .returning();
  const sessionId =
    session?.id ??
    (
      await db
        .select({ id: interviewSessions.id })
        .from(interviewSessions)
        .where(eq(interviewSessions.applicationId, application.id))
    )[0]!.id;
  const [answer] = await db
    .insert(interviewAnswers)
    .values({ companyId: job.companyId, sessionId, questionId, status: 'answered', submittedAt: new Date() })
    .returning();
  const [take] = await db
    .insert(interviewTakes)
    .values({
      companyId: job.companyId,
      answerId: answer!.id,
      n: 1,
      status: 'saved',
      videoAssetId: asset!.id,
      duration: 60,
      savedAt: new Date(),
    })
    .returning();
  await db.update(interviewAnswers).set({ takeId: take!.id }).where(eq(interviewAnswers.id, answer!.id));
  const [transcript] = await db
    .insert(transcripts)
    .values({
      assetId: asset!.id,
      companyId: job.companyId,
      status: 'done',
      language,
      model: 'whisper-test',
      segments,
      durationSeconds: 60,
      startedAt: new Date(),
      finishedAt: new Date(),
    })
    .returning();
  return {
    applicationId: application.id,
    questionId,
    answerId: answer!.id,
    assetId: asset!.id,
    transcript: transcript!,
  };
}
