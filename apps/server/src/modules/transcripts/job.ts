import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '@hirecast/db/client';
import { transcripts, videoAssets } from '@hirecast/db/schema';
import {
  languageCode,
  pieceRanges,
  stitchPieces,
  TRANSCRIBE_PIECES,
  transcriptMessages,
  type TTranscribedPiece,
} from '@hirecast/domain/transcript';
import type { TStorage } from '../../lib/context.ts';
import type { TJobContext } from '../../lib/queue/queue.ts';
import { TranscribeError, type TTranscriber } from '../../lib/transcribe/openai-transcriber.ts';
import { extractSpeechAudio, SPEECH_AUDIO } from '../../lib/video/audio.ts';
import { VideoToolError, type TVideoTools } from '../../lib/video/ffmpeg.ts';
import { InvalidVideoError, probeVideo } from '../../lib/video/probe.ts';
import { DEFAULT_RETRY, withEngineRetries, type TRetryPolicy } from './engine-retry.ts';
import { usedSecondsThisMonth } from './usage.ts';

export type TTranscriptionDeps = {
  db: TDb;
  storage: TStorage;
  log: FastifyBaseLogger;
  tools: () => TVideoTools;
  /** Undefined when no engine is configured: a job that still runs (queued before) fails with the reason. */
  transcriber: TTranscriber | undefined;
  /** Minutes per company and calendar month (UTC); 0: no cap. */
  monthlyMinutes: number;
  /** Test seams: shorter waits, shorter pieces. */
  retry?: TRetryPolicy;
  pieces?: { pieceSeconds: number; overlapSeconds: number };
};

export type TTranscriptResult =
  | { outcome: 'missing' | 'skipped' }
  | { outcome: 'done'; pieces: number; segments: number }
  | { outcome: 'failed'; reason: string };

/** A failure that will not heal by running the job again: stored with its reason, for "Try again". */
class PermanentFailure extends Error {}

// Decision 034: queued → running → done or failed. The video's sound is taken with ffmpeg (mono, 16 kHz MP3),
// cut into overlapping pieces when long, each piece sent to the engine (its transient failures retried with
// back-off), and the pieces' segments stitched back on the video's time line.
export async function transcribeAsset(
  deps: TTranscriptionDeps,
  { assetId, job }: { assetId: string; job: TJobContext },
): Promise<TTranscriptResult> {
  const { db, log } = deps;
  const [row] = await db.select().from(transcripts).where(eq(transcripts.assetId, assetId));
  if (!row) return { outcome: 'missing' };
  if (row.status === 'done' || row.status === 'failed') return { outcome: 'skipped' };
  const [asset] = await db.select().from(videoAssets).where(eq(videoAssets.id, assetId));
  if (!asset) return { outcome: 'missing' };
  await db
    .update(transcripts)
    .set({
      status: 'running',
      failureReason: null,
      attempts: sql`${transcripts.attempts} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(transcripts.id, row.id));

  const fail = async (reason: string): Promise<TTranscriptResult> => {
    await db
      .update(transcripts)
      .set({ status: 'failed', failureReason: reason, finishedAt: new Date(), updatedAt: new Date() })
      .where(eq(transcripts.id, row.id));
    log.warn({ assetId, reason }, 'transcript failed');
    return { outcome: 'failed', reason };
  };

  const dir = await mkdtemp(join(tmpdir(), 'hirecast-transcript-'));
  try {
    const transcriber = deps.transcriber;
    if (!transcriber) throw new PermanentFailure(transcriptMessages.noEngine);
    if (!asset.originalKey) throw new PermanentFailure(transcriptMessages.noVideo);
    const source = join(dir, 'original');
    if (!(await deps.storage.download(asset.originalKey, source)))
      throw new PermanentFailure(transcriptMessages.noVideo);
    const tools = deps.tools();
    const probe = await probeVideo(tools, source, job.signal);
    const duration = Math.round(probe.duration * 1000) / 1000;

    // A video without sound has nothing to send: an empty transcript, on no one's minutes.
    if (probe.hasAudio && !(await reserveMinutes(deps, { id: row.id, companyId: row.companyId, duration })))
      throw new PermanentFailure(transcriptMessages.capReached);

    const pieces: TTranscribedPiece[] = [];
    let language = row.language;
    let detected: string | null = null;
    if (probe.hasAudio)
      for (const [i, range] of pieceRanges(duration, deps.pieces ?? TRANSCRIBE_PIECES).entries()) {
        const file = join(dir, `piece${i}.mp3`);
        await extractSpeechAudio(tools.ffmpeg, { source, output: file, ...range }, job.signal);
        const answer = await withEngineRetries(
          () =>
            transcriber.transcribe(file, {
              language,
              contentType: SPEECH_AUDIO.contentType,
              signal: job.signal,
            }),
          { policy: deps.retry ?? DEFAULT_RETRY, signal: job.signal, log, assetId },
        );
        await rm(file, { force: true });
        // The language heard in the first piece is the hint for the next ones, so all pieces read alike.
        detected ??= languageCode(answer.language);
        language ??= detected;
        pieces.push({ ...range, segments: answer.segments });
      }
    const segments = stitchPieces(pieces);
    await db
      .update(transcripts)
      .set({
        status: 'done',
        segments,
        language: detected ?? row.language,
        model: transcriber.model,
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(transcripts.id, row.id));
    log.info({ assetId, pieces: pieces.length, seconds: duration }, 'transcript made');
    return { outcome: 'done', pieces: pieces.length, segments: segments.length };
  } catch (err) {
    if (job.signal.aborted) throw err;
    if (err instanceof PermanentFailure) return fail(err.message);
    if (err instanceof TranscribeError && !err.transient) return fail(err.message);
    if (err instanceof InvalidVideoError) return fail(err.message);
    if (err instanceof VideoToolError) {
      log.warn({ assetId, err: err.message }, 'the sound could not be taken from the video');
      return fail(transcriptMessages.failed);
    }
    // Anything else (the database, storage, a missing ffmpeg): pg-boss runs the job again; its last try stores it.
    if (!job.isLastAttempt) {
      log.warn({ err, assetId, attempt: job.attempt }, 'transcript job failed; it will be retried');
      throw err;
    }
    return fail(err instanceof Error ? err.message.slice(0, 300) : String(err));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Books `duration` seconds on the company's month, unless that would pass its cap (usage.ts). A per-company advisory lock makes two workers
 * count one after the other.
 */
async function reserveMinutes(
  deps: TTranscriptionDeps,
  { id, companyId, duration }: { id: string; companyId: string; duration: number },
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    if (deps.monthlyMinutes > 0) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`hirecast:transcribe:${companyId}`}))`);
      const used = await usedSecondsThisMonth(tx, { companyId, except: id });
      if (used + duration > deps.monthlyMinutes * 60) return false;
    }
    await tx
      .update(transcripts)
      .set({ durationSeconds: duration, startedAt: new Date(), updatedAt: new Date() })
      .where(eq(transcripts.id, id));
    return true;
  });
}
