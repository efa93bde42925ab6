import type { TContext } from '../../lib/context.ts';
import type { TQueue } from '../../lib/queue/queue.ts';
import { createOpenAiTranscriber } from '../../lib/transcribe/openai-transcriber.ts';
import type { TVideoTools } from '../../lib/video/ffmpeg.ts';
import { summarizeAnswer, type TSummaryDeps } from './summaries.ts';
import { transcribeAsset, type TTranscriptionDeps, type TTranscriptResult } from './job.ts';

/** The job's dependencies from the configuration: the engine of TRANSCRIBE_BASE_URL, when one is set. */
export function transcriptionDeps(ctx: TContext, tools: () => TVideoTools): TTranscriptionDeps {
  const engine = ctx.config.transcribe;
  return {
    db: ctx.db,
    storage: ctx.storage,
    log: ctx.log,
    tools,
    transcriber: engine ? createOpenAiTranscriber(engine) : undefined,
    monthlyMinutes: engine?.monthlyMinutes ?? 0,
  };
}

/**
 * Registers 'transcript.make' (decision 034). `summaries`: an interview answer's transcript that is done is
 * summarised when its company has summaries on (decision 038); a summary that fails leaves the transcript done.
 * `onResult` is for tests.
 */
export async function registerTranscription(
  queue: TQueue,
  deps: TTranscriptionDeps,
  options: {
    summaries?: TSummaryDeps;
    onResult?: (assetId: string, result: TTranscriptResult) => void;
  } = {},
) {
  await queue.work('transcript.make', async ({ assetId }, job) => {
    const result = await transcribeAsset(deps, { assetId, job });
    if (result.outcome === 'done' && options.summaries) await summarizeAnswer(options.summaries, assetId);
    options.onResult?.(assetId, result);
    return result;
  });
}
