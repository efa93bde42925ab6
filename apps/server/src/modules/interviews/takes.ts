import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { interviewAnswers, interviewTakes, videoAssets } from '@hirecast/db/schema';
import { APPLY_LIMITS } from '@hirecast/domain/application';
import {
  INTERVIEW_LIMITS,
  interviewMessages,
  TAKE_CONTENT_TYPES,
  takeMaxBytes,
} from '@hirecast/domain/interview';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { VideoToolMissingError } from '../../lib/video/ffmpeg.ts';
import { InvalidVideoError, probeVideo } from '../../lib/video/probe.ts';
import { videoToolsFrom } from '../../lib/video/tools.ts';
import { requestVideoProcessing } from '../assets/index.ts';
import {
  createTusServer,
  isUploadId,
  takeTusUpload,
  uploadCompany,
  type TTusUploads,
  type TUploadScope,
} from '../uploads/index.ts';
import {
  allowedTakes,
  assertWritable,
  ensureAnswerRow,
  findByToken,
  findQuestion,
  markStarted,
  takeLimitSeconds,
  type TTakeRow,
} from './candidate.ts';
import type { TAccommodation } from '@hirecast/domain/interview';

// Issue 25 item 3 "Nothing is lost": a video answer is recorded in takes. A take is counted when it starts (so
// a reload mid-recording cannot buy another), its chunks go up while it records through a tus upload (resumed
// after going offline), and finishing it checks the bytes and the duration against the limit before it is
// kept. The chosen take becomes the answer (answers.ts).

type TCtx = Pick<TContext, 'db' | 'storage' | 'config' | 'log' | 'queue'>;

export const TAKE_UPLOADS_PATH = '/api/public/interview/uploads';
/** Set by the server on a take's upload (whatever the client sent): the take's id. */
export const TAKE_METADATA = 'hirecastTake';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const takeUnknown = () => new AppError('NOT_FOUND', interviewMessages.takeUnknown);

/** POST /public/interview/{token}/questions/{questionId}/takes: counts and opens one recording. */
export async function createTake(ctx: TCtx, { token, questionId }: { token: string; questionId: string }) {
  const now = new Date();
  const take = await ctx.db.transaction(async (tx) => {
    const { session } = await findByToken(tx, token, true);
    assertWritable(session, now);
    const { question } = findQuestion(session, questionId);
    if (question.answerType !== 'video') throw new AppError('VALIDATION', interviewMessages.notVideo);
    const answer = await ensureAnswerRow(tx, { session, question, now });
    if (answer.status !== 'open') throw new AppError('CONFLICT', interviewMessages.answered);
    const allowed = allowedTakes(question);
    if (allowed !== null && answer.takesUsed >= allowed)
      throw new AppError('CONFLICT', interviewMessages.noTakesLeft);
    const limit = takeLimitSeconds(question, session.accommodation as TAccommodation);
    await tx
      .update(interviewAnswers)
      .set({ takesUsed: answer.takesUsed + 1 })
      .where(eq(interviewAnswers.id, answer.id));
    const [take] = await tx
      .insert(interviewTakes)
      .values({
        companyId: session.companyId,
        answerId: answer.id,
        n: answer.takesUsed + 1,
        status: 'recording',
        startedAt: now,
        stopBy: new Date(now.getTime() + limit * 1000),
      })
      .returning();
    await markStarted(tx, session, now);
    return take!;
  });
  return {
    take: presentNewTake(take),
    upload: { endpoint: TAKE_UPLOADS_PATH, metadata: { take: take.id } },
  };
}

const presentNewTake = (t: TTakeRow) => ({
  _id: t.id,
  n: t.n,
  status: t.status as 'recording' | 'saved' | 'failed',
  startedAt: t.startedAt.toISOString(),
  stopBy: t.stopBy?.toISOString() ?? null,
  url: null,
  duration: t.duration,
});

/** A take of the token's session, with its (current) answer. */
async function findTake(db: TContext['db'], { sessionId, takeId }: { sessionId: string; takeId: string }) {
  if (!UUID.test(takeId)) throw takeUnknown();
  const [row] = await db
    .select({ take: interviewTakes, answer: interviewAnswers })
    .from(interviewTakes)
    .innerJoin(interviewAnswers, eq(interviewAnswers.id, interviewTakes.answerId))
    .where(
      and(
        eq(interviewTakes.id, takeId),
        eq(interviewAnswers.sessionId, sessionId),
        isNull(interviewAnswers.supersededAt),
      ),
    )
    .limit(1);
  if (!row) throw takeUnknown();
  return row;
}

/**
 * How long the stored recording lasts (WebM from MediaRecorder carries no duration: it is measured). 'invalid'
 * when it is not a readable video; 'unknown' on an installation without ffprobe (README: video processing then
 * ends in error too), where the take is kept rather than lost and the limit is left to the recorder.
 */
async function measureTake(ctx: TCtx, key: string): Promise<number | 'invalid' | 'unknown'> {
  const dir = await mkdtemp(join(tmpdir(), 'hirecast-take-'));
  try {
    const file = join(dir, 'take');
    if (!(await ctx.storage.download(key, file))) return 'invalid';
    return (await probeVideo(videoToolsFrom(ctx.config)(), file)).duration;
  } catch (err) {
    if (err instanceof InvalidVideoError) return 'invalid';
    if (err instanceof VideoToolMissingError) {
      ctx.log.warn({ err }, 'interview take kept without a duration check: ffprobe is missing');
      return 'unknown';
    }
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * POST /public/interview/{token}/takes/{takeId}/finish {uploadId}: the take's upload is complete. Its bytes must
 * be an MP4 or WebM video no longer than the limit (after the accommodation) plus a small grace; then it is
 * kept as a video of the company (out of the library) and processed like the video introduction. Repeating the
 * call answers the saved take.
 */
export async function finishTake(
  ctx: TCtx,
  { tus, token, takeId, uploadId }: { tus: TTusUploads; token: string; takeId: string; uploadId: string },
) {
  const now = new Date();
  const { session, application, job } = await findByToken(ctx.db, token);
  const { take, answer } = await findTake(ctx.db, { sessionId: session.id, takeId });
  if (take.status === 'saved' && take.uploadId === uploadId) return presentNewTake(take);
  if (take.status !== 'recording') throw new AppError('CONFLICT', interviewMessages.takeSaved);
  assertWritable(session, now, { takeStartedAt: take.startedAt });
  const missing = () =>
    new AppError('VALIDATION', interviewMessages.uploadMissing, {
      uploadId: interviewMessages.uploadMissing,
    });
  if (!isUploadId(uploadId) || uploadCompany(uploadId) !== session.companyId) throw missing();
  const upload = await tus.store.getUpload(uploadId).catch(() => null);
  if (!upload || upload.metadata?.[TAKE_METADATA] !== take.id) throw missing();
  if (take.uploadId !== null && take.uploadId !== uploadId) throw missing();
  if (upload.size === undefined || upload.offset !== upload.size) throw missing();

  let stored: { key: string; contentType: string };
  try {
    stored = await takeTusUpload(ctx, { tus, uploadId, companyId: session.companyId });
  } catch (err) {
    // A second finish of the same take (a retried request) may find the upload already claimed.
    const again = await findTake(ctx.db, { sessionId: session.id, takeId });
    if (again.take.status === 'saved' && again.take.uploadId === uploadId) return presentNewTake(again.take);
    if (err instanceof AppError && err.code === 'UNSUPPORTED_MEDIA_TYPE')
      throw new AppError('VALIDATION', interviewMessages.takeNotVideo);
    if (err instanceof AppError) throw missing();
    throw err;
  }
  const refuse = async (message: string) => {
    await ctx.storage.remove(stored.key);
    await ctx.db
      .update(interviewTakes)
      .set({ status: 'failed', uploadId })
      .where(and(eq(interviewTakes.id, take.id), eq(interviewTakes.status, 'recording')));
    return new AppError('VALIDATION', message);
  };
  if (!(TAKE_CONTENT_TYPES as readonly string[]).includes(stored.contentType))
    throw await refuse(interviewMessages.takeNotVideo);
  const measured = await measureTake(ctx, stored.key);
  if (measured === 'invalid') throw await refuse(interviewMessages.takeNotVideo);
  const duration = measured === 'unknown' ? null : measured;
  const { question, index } = findQuestion(session, answer.questionId);
  const limit = takeLimitSeconds(question, session.accommodation as TAccommodation);
  if (duration !== null && duration > limit + INTERVIEW_LIMITS.graceSeconds)
    throw await refuse(interviewMessages.takeTooLong);

  const saved = await ctx.db.transaction(async (tx) => {
    const [asset] = await tx
      .insert(videoAssets)
      .values({
        companyId: session.companyId,
        ownerId: null,
        title: `${application.firstName} ${application.lastName} — ${job.title} — question ${index + 1}, take ${take.n}`,
        fileName:
          upload.metadata?.filename ||
          `take-${take.n}.${stored.contentType === 'video/webm' ? 'webm' : 'mp4'}`,
        status: 'new',
        originalKey: stored.key,
        data: { videoUrl: stored.key },
        exclude: true,
      })
      .returning({ id: videoAssets.id });
    const [row] = await tx
      .update(interviewTakes)
      .set({
        status: 'saved',
        uploadId,
        videoAssetId: asset!.id,
        duration: duration === null ? null : Math.round(duration * 100) / 100,
        savedAt: now,
      })
      .where(and(eq(interviewTakes.id, take.id), eq(interviewTakes.status, 'recording')))
      .returning();
    if (!row) throw new AppError('CONFLICT', interviewMessages.takeSaved);
    return row;
  });
  try {
    await requestVideoProcessing(ctx, saved.videoAssetId!);
  } catch (err) {
    ctx.log.error({ err, takeId: saved.id }, 'interview take not queued for processing');
  }
  return presentNewTake(saved);
}

// ---------------------------------------------------------------------------------------------------------
// tus at /api/public/interview/uploads: scoped by the take named in the metadata (creation) or by the upload
// id's company (resume), resolved by the route before the tus server sees the request.

export function createTakeTusServer(ctx: Pick<TContext, 'db'>, tus: TTusUploads) {
  return createTusServer(tus, {
    path: TAKE_UPLOADS_PATH,
    maxSize: APPLY_LIMITS.videoMaxBytes,
    unscoped: { status: 404, body: 'Not found' },
    required: ['filename', 'filetype', 'take'],
    types: { accept: TAKE_CONTENT_TYPES, refusal: interviewMessages.takeNotVideo },
    mark: { key: TAKE_METADATA, from: 'take' },
    claim: ({ id, metadata }) => claimTakeUpload(ctx, { takeId: metadata.take ?? '', uploadId: id }),
  });
}

/**
 * Issue 33 item 9: one upload per take. The first upload opened for a recording take is its own (kept on the
 * take at once, in one statement, so two at the same time cannot both be); another is refused with 409.
 */
async function claimTakeUpload(
  ctx: Pick<TContext, 'db'>,
  { takeId, uploadId }: { takeId: string; uploadId: string },
) {
  const [claimed] = await ctx.db
    .update(interviewTakes)
    .set({ uploadId })
    .where(
      and(
        eq(interviewTakes.id, takeId),
        eq(interviewTakes.status, 'recording'),
        isNull(interviewTakes.uploadId),
      ),
    )
    .returning({ id: interviewTakes.id });
  return claimed ? null : { status: 409, body: interviewMessages.takeUploadOpened };
}

/**
 * The scope of a take upload request (creation names the take in its metadata; a resume names the upload):
 * 404 for anything that is not a recording take's upload, 410 once the take's stop time plus the upload grace
 * has passed, and the largest upload its time limit allows (takeMaxBytes).
 */
export async function takeUploadScope(
  ctx: Pick<TContext, 'db'>,
  { tus, uploadId, takeId }: { tus: TTusUploads; uploadId?: string; takeId?: string },
): Promise<TUploadScope> {
  const notFound = () => new AppError('NOT_FOUND', interviewMessages.takeUnknown);
  let id = takeId;
  if (uploadId !== undefined) {
    if (!isUploadId(uploadId)) throw notFound();
    const upload = await tus.store.getUpload(uploadId).catch(() => null);
    id = upload?.metadata?.[TAKE_METADATA] ?? undefined;
  }
  if (!id || !UUID.test(id)) throw notFound();
  const [take] = await ctx.db.select().from(interviewTakes).where(eq(interviewTakes.id, id)).limit(1);
  if (!take || take.status !== 'recording') throw notFound();
  // (A take opened before uploads were claimed has none kept: its upload is known by the metadata alone.)
  const ownUpload = take.uploadId === null || take.uploadId === uploadId;
  if (uploadId !== undefined && (!ownUpload || uploadCompany(uploadId) !== take.companyId)) throw notFound();
  if (!take.stopBy) return { companyId: take.companyId };
  if (Date.now() > take.stopBy.getTime() + INTERVIEW_LIMITS.takeUploadGraceSeconds * 1000)
    throw new AppError('GONE', interviewMessages.takeUploadClosed);
  const limitSeconds = (take.stopBy.getTime() - take.startedAt.getTime()) / 1000;
  return { companyId: take.companyId, maxSize: takeMaxBytes(limitSeconds) };
}
