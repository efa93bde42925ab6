import { cuesToVtt } from '@hirecast/domain/captions';
import { UUID } from '@hirecast/domain/uuid';
import type { TContext } from '../../lib/context.ts';
import { isCandidateVideo, loadCaptions } from '../transcripts/index.ts';
import { loadPublicCompanyPage } from './company-page.ts';
import { loadPreviewJob, loadPublicJob } from './job.ts';

type TPublicContext = Pick<TContext, 'db' | 'storage'>;

/** The asset ids of the hosted videos anywhere in what a public page shows. */
function shownVideoIds(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) shownVideoIds(item, into);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (record.kind === 'hosted' && typeof record.assetId === 'string') into.add(record.assetId);
    for (const item of Object.values(record)) shownVideoIds(item, into);
  }
  return into;
}

/**
 * Issue 34 item 2: the WebVTT captions of a video a public page shows (a job page, or a career page and its
 * stories), for anyone; null when the page is not public, does not show that video, or it has no captions.
 * What the page shows is what its own loader returns, so a draft job's, an unpublished block's or a
 * candidate's video is never served here.
 */
export async function publicCaptionsVtt(
  ctx: TPublicContext,
  { page, key, assetId }: { page: 'job' | 'company'; key: string; assetId: string },
): Promise<{ vtt: string; language: string | null } | null> {
  if (!UUID.test(assetId)) return null;
  const shown =
    page === 'job'
      ? (await loadPublicJob(ctx, { shortId: key }))?.job
      : (await loadPublicCompanyPage(ctx, key))?.page;
  return shownCaptionsVtt(ctx, shown, assetId);
}

/**
 * The WebVTT captions of a video a job's preview page (/preview/{id}) shows, for the job's team only (as
 * loadPreviewJob decides), whether or not the job was ever published; null to anyone else.
 */
export async function previewCaptionsVtt(
  ctx: TPublicContext,
  { jobId, assetId, userId }: { jobId: string; assetId: string; userId: string },
) {
  if (!UUID.test(assetId)) return null;
  return shownCaptionsVtt(ctx, (await loadPreviewJob(ctx, { jobId, userId }))?.job, assetId);
}

async function shownCaptionsVtt(
  ctx: TPublicContext,
  shown: unknown,
  assetId: string,
): Promise<{ vtt: string; language: string | null } | null> {
  if (!shown || !shownVideoIds(shown).has(assetId)) return null;
  if (await isCandidateVideo(ctx.db, assetId)) return null;
  const captions = await loadCaptions(ctx.db, assetId);
  if (captions.cues.length === 0) return null;
  return { vtt: cuesToVtt(captions.cues), language: captions.language };
}
