import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { transcriptMessages } from '@hirecast/domain/transcript';
import { TranscribeError } from '../../lib/transcribe/openai-transcriber.ts';

export type TRetryPolicy = {
  /** Requests per piece before giving up. */
  tries: number;
  /** The wait after the first failure, doubled after each next one (unless the engine says how long). */
  baseDelayMs: number;
  /** The longest wait: an engine asking (Retry-After) for more is given up on, and the team can try again later. */
  maxWaitMs: number;
};
export const DEFAULT_RETRY: TRetryPolicy = { tries: 5, baseDelayMs: 2_000, maxWaitMs: 120_000 };

/** The words stored when a transient failure did not heal within the policy. */
function gaveUp(err: TranscribeError, tries: number) {
  if (err.timedOut) return transcriptMessages.timedOut(tries);
  if (err.status !== null) return transcriptMessages.kept(err.status, tries);
  return transcriptMessages.unreachable(tries);
}

/**
 * Runs one engine request until it answers, waiting between tries: the engine's Retry-After when it sends one,
 * else 2 s, 4 s, 8 s... A failure that will not heal (413, an unreadable answer, a refusal) is thrown at once; a
 * transient one that outlasts the policy is thrown as a permanent TranscribeError with the reason to store.
 */
export async function withEngineRetries<T>(
  run: () => Promise<T>,
  {
    policy,
    signal,
    log,
    assetId,
  }: { policy: TRetryPolicy; signal: AbortSignal; log: FastifyBaseLogger; assetId: string },
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!(err instanceof TranscribeError) || !err.transient) throw err;
      const backoff = policy.baseDelayMs * 2 ** (attempt - 1);
      const wait = err.retryAfterMs ?? backoff;
      if (attempt >= policy.tries || wait > policy.maxWaitMs)
        throw new TranscribeError(gaveUp(err, attempt), {
          transient: false,
          status: err.status ?? undefined,
        });
      // The status and the wait only: never the key, the request or the sound.
      log.warn(
        { assetId, status: err.status, timedOut: err.timedOut, attempt, waitMs: wait },
        'transcription engine failed; trying again',
      );
      await sleep(wait, undefined, { signal });
    }
  }
}
