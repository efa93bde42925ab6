import type { TContext } from '../lib/context.ts';
import { videoToolsFrom } from '../lib/video/tools.ts';
import { registerScreening, registerUploadSweep } from '../modules/applications/index.ts';
import { registerCompanyJobs } from '../modules/companies/index.ts';
import { registerDigests } from '../modules/digests/index.ts';
import { registerInterviewJobs } from '../modules/interviews/index.ts';
import { registerJobLetters } from '../modules/job-letters/index.ts';
import { registerPrivacyJobs } from '../modules/privacy/index.ts';
import { registerVideoProcessing } from '../modules/video-processing/index.ts';
import {
  registerTranscription,
  requestTranscription,
  summaryDeps,
  transcriptionDeps,
} from '../modules/transcripts/index.ts';
import { registerVideoRender, videoRenderDeps } from '../modules/video/index.ts';
import { registerWebhookDelivery, webhookDeliveryDeps } from '../modules/webhooks/index.ts';

/**
 * Every job handler, for the API process (QUEUE_INPROCESS) and for `npm run worker`. The composition root is
 * the one place that knows every module with a queue job: a new job type adds its `register…` call here
 * (exported from its module's index.ts), never in plugins/queue.ts.
 */
export async function registerJobHandlers(ctx: TContext) {
  const tools = videoToolsFrom(ctx.config);
  await registerVideoProcessing(
    ctx.queue,
    { db: ctx.db, storage: ctx.storage, log: ctx.log, tools },
    {
      lanes: ctx.config.video.lanes,
      // Issue 34: a processed video's transcript is queued (nothing without a transcription engine).
      afterPlayable: (assetId) => requestTranscription(ctx, assetId).then(() => undefined),
    },
  );
  // Without an engine no transcript is queued, and no worker polls for one (jobs left from when one was set
  // wait for it to be set again).
  if (ctx.config.transcribe)
    await registerTranscription(ctx.queue, transcriptionDeps(ctx, tools), { summaries: summaryDeps(ctx) });
  await registerScreening(ctx.queue, ctx);
  await registerCompanyJobs(ctx);
  await registerJobLetters(ctx);
  await registerDigests(ctx.queue, ctx);
  await registerVideoRender(ctx.queue, videoRenderDeps(ctx));
  await registerInterviewJobs(ctx.queue, ctx);
  await registerPrivacyJobs(ctx.queue, ctx);
  await registerUploadSweep(ctx.queue, ctx);
  await registerWebhookDelivery(ctx.queue, webhookDeliveryDeps(ctx));
}
