import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, ne, notExists, sql } from 'drizzle-orm';
import { imageAssets, users, videoAssets, videoTemplates } from '@hirecast/db/schema';
import type { TTemplateData, TTemplateSection, TTemplateStatus } from '@hirecast/domain/video-template';
import type { TContext } from '../../lib/context.ts';
import { renderEmail } from '../../lib/email-layout.ts';
import type { TJobContext } from '../../lib/queue/queue.ts';
import { InvalidVideoError, probeVideo } from '../../lib/video/probe.ts';
import { removeStoredFiles } from '../assets/index.ts';
import { storedKeys } from '../assets/index.ts';
import { processVideoAsset, type TVideoProcessingDeps } from '../video-processing/index.ts';
import { captionRenderedVideo } from '../transcripts/index.ts';
import { publishTemplateStatus } from './events.ts';
import { videoMessages } from './messages.ts';
import { readTemplateData } from './rules.ts';
import { TemplateRenderError } from '../video-render/index.ts';
import { companyLogoKey, samplesCompanyId } from './service.ts';
import { keyFromUrl } from '../../lib/storage/keys.ts';

type TVideoSection = Extract<TTemplateSection, { type: 'video' }>;

/** The renderer (modules/video-render): draws the template's frames and encodes the MP4 into `outFile`. */
export type TRenderTemplate = (input: {
  type: TTemplateData['type'];
  data: TTemplateData;
  clipFile: (section: TVideoSection) => string;
  logoFile?: string;
  soundtrackFile?: string;
  outFile: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}) => Promise<{ durationMs: number }>;

export type TRenderDeps = TVideoProcessingDeps &
  Pick<TContext, 'mail' | 'config'> & {
    render: TRenderTemplate;
    /** The file of a soundtrack id, or null when it has none. */
    soundtrackFile: (id: string) => string | null | Promise<string | null>;
  };
export type TRenderStep = 'prepared' | 'rendered' | 'stored' | 'processed';
/** Test seam: runs after each step (a test throws here to simulate a worker dying mid-render). */
export type TRenderHooks = { afterStep?: (step: TRenderStep, job: TJobContext) => void | Promise<void> };
export type TRenderResult =
  | { outcome: 'skipped' }
  | { outcome: 'rendered'; assetId: string; notified: boolean }
  | { outcome: 'failed'; reason: string };

/** A failure no retry can mend (a clip missing or unreadable): the template ends in error at once. */
export { TemplateRenderError };

// spec 3 §4: draft → preparing (clips fetched) → rendering (progress %) → rendered | error. The render's MP4
// becomes a video asset whose id is the render's id, stored at a key fixed by it, so a retried job overwrites
// rather than duplicates and finds the asset when only the pipeline was left to do (decision 010). Becoming
// rendered is one compare-and-set: exactly one attempt wins and sends the email. A re-render's files move into
// the template's first asset (jobs keep naming it) and the previous render's files are removed (finishRender);
// a render that fails for good removes its own asset and files.
export async function renderVideoTemplate(
  deps: TRenderDeps,
  input: { templateId: string; renderId: string; job: TJobContext; hooks?: TRenderHooks },
): Promise<TRenderResult> {
  const { db, storage, log } = deps;
  const { templateId, renderId, job, hooks } = input;
  const [template] = await db.select().from(videoTemplates).where(eq(videoTemplates.id, templateId));
  // Deleted, rendered again since, or already finished: nothing to do.
  if (
    !template ||
    template.renderId !== renderId ||
    template.status === 'rendered' ||
    template.status === 'error'
  )
    return { outcome: 'skipped' };
  const companyId = template.companyId;

  let lastProgress = -1;
  let lastAt = 0;
  const setStatus = async (status: TTemplateStatus, progress: number | null, force = true) => {
    const now = Date.now();
    if (!force && (progress === lastProgress || now - lastAt < 500)) return;
    lastProgress = progress ?? -1;
    lastAt = now;
    const moved = await db
      .update(videoTemplates)
      .set({ status, progress, updatedAt: new Date() })
      .where(
        and(
          eq(videoTemplates.id, templateId),
          eq(videoTemplates.renderId, renderId),
          inArray(videoTemplates.status, ['preparing', 'rendering']),
        ),
      )
      .returning({ id: videoTemplates.id });
    if (moved.length > 0)
      await publishTemplateStatus(db, {
        companyId,
        event: { _id: templateId, status, progress, errorReason: null },
      });
  };

  // Progress writes run one after another, so a late one never moves the bar back.
  let updates = Promise.resolve();
  const dir = await mkdtemp(join(tmpdir(), 'hirecast-render-'));
  try {
    const [existing] = await db
      .select({ id: videoAssets.id })
      .from(videoAssets)
      .where(eq(videoAssets.id, renderId));
    if (!existing) {
      await setStatus('preparing', 0);
      const data = readTemplateData(template.data);
      const files = await fetchInputs(deps, { data, companyId, dir, job });
      await hooks?.afterStep?.('prepared', job);

      await setStatus('rendering', 0);
      const outFile = join(dir, 'render.mp4');
      await deps.render({
        type: data.type,
        data,
        clipFile: (section) => {
          const file = files.clips.get(section.id);
          if (!file) throw new TemplateRenderError(`The clip of "${section.title || section.id}" is missing`);
          return file;
        },
        logoFile: files.logo,
        soundtrackFile: files.soundtrack,
        outFile,
        signal: job.signal,
        onProgress: (fraction) => {
          const progress = Math.min(90, Math.round(fraction * 90));
          updates = updates.then(() => setStatus('rendering', progress, false)).catch(() => {});
        },
      });
      await updates;
      await hooks?.afterStep?.('rendered', job);

      const key = `uploads/${companyId}/${renderId}.mp4`;
      await storage.putFile({ key, file: outFile, contentType: 'video/mp4' });
      // The rendered video belongs to the company (a job shows it) but stays out of the recorded videos tab.
      await db
        .insert(videoAssets)
        .values({
          id: renderId,
          companyId,
          ownerId: template.ownerId,
          title: template.title,
          fileName: `${template.title.replace(/[^\w -]+/g, '').trim() || 'animated-video'}.mp4`,
          originalKey: key,
          data: { videoUrl: key },
          dimension: template.type,
          exclude: true,
        })
        .onConflictDoNothing();
      await hooks?.afterStep?.('stored', job);
    }

    await setStatus('rendering', 90);
    // The steps' order depends on the path (a copied render makes its 480p after the thumbnails): progress
    // only ever moves forward.
    const STEP_PROGRESS = {
      probe: 92,
      remux: 95,
      '480p': 95,
      poster: 96,
      thumbnails: 97,
      '720p': 99,
    } as const;
    let stepProgress = 90;
    const processed = await processVideoAsset(deps, {
      assetId: renderId,
      job,
      hooks: {
        afterStep: (step) => {
          stepProgress = Math.max(stepProgress, STEP_PROGRESS[step]);
          return setStatus('rendering', stepProgress);
        },
      },
    });
    if (processed.outcome === 'failed') throw new TemplateRenderError(processed.reason);
    if (processed.outcome === 'missing') throw new Error('The rendered video is missing');
    const [asset] = await db.select().from(videoAssets).where(eq(videoAssets.id, renderId));
    if (!asset?.data.videoMp4Url)
      throw new TemplateRenderError(asset?.statusReason ?? 'The rendered video could not be processed');
    await hooks?.afterStep?.('processed', job);

    const finished = await finishRender(deps, { templateId, renderId, rendered: asset });
    if (!finished) {
      // Another render took over (finalized again, or restarted as stale) or this one already finished: this
      // attempt's own asset, unless the template shows it, is nobody's, and its files go with it.
      await removeRenderAsset(deps, { templateId, renderId }).catch((cleanup: unknown) =>
        log.warn({ err: cleanup, templateId, renderId }, 'the superseded render was not removed'),
      );
      return { outcome: 'skipped' };
    }
    const { template: won, assetId } = finished;
    // Issue 34 item 2: its captions come from the plan it was rendered from, exactly.
    await captionRenderedVideo(db, { assetId, companyId, data: readTemplateData(won.data) });
    await publishTemplateStatus(db, {
      companyId,
      event: { _id: templateId, status: 'rendered', progress: 100, errorReason: null },
    });
    const notified = await notifyAuthor(deps, won);
    log.info({ templateId, renderId, attempt: job.attempt }, 'animated video rendered');
    return { outcome: 'rendered', assetId, notified };
  } catch (err) {
    // A stopped worker (the job's signal aborted) fails in whatever way the cut-off ffmpeg fails: never final.
    if (job.signal.aborted) throw err;
    const permanent = err instanceof TemplateRenderError || err instanceof InvalidVideoError;
    const message = err instanceof Error ? err.message : String(err);
    if (!permanent && !job.isLastAttempt) {
      log.warn({ err, templateId, attempt: job.attempt }, 'animated video render failed; it will be retried');
      throw err;
    }
    log.warn({ err, templateId, attempt: job.attempt }, 'animated video render failed');
    const reason = videoMessages.renderError(message.slice(0, 400));
    const [failed] = await db
      .update(videoTemplates)
      .set({ status: 'error', errorReason: reason, progress: null, updatedAt: new Date() })
      .where(
        and(
          eq(videoTemplates.id, templateId),
          eq(videoTemplates.renderId, renderId),
          ne(videoTemplates.status, 'rendered'),
        ),
      )
      .returning({ id: videoTemplates.id });
    if (failed) {
      await publishTemplateStatus(db, {
        companyId,
        event: { _id: templateId, status: 'error', progress: null, errorReason: reason },
      });
      // The failed render's own asset (stored, maybe half processed) is nobody's: its files go with it.
      await removeRenderAsset(deps, { templateId, renderId }).catch((cleanup: unknown) =>
        log.warn({ err: cleanup, templateId, renderId }, 'the failed render was not removed'),
      );
    }
    if (permanent) return { outcome: 'failed', reason };
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

type TAssetRow = typeof videoAssets.$inferSelect;

/**
 * Makes the template rendered, in one transaction with a compare-and-set on its render (exactly one attempt
 * wins). The first render's asset becomes the template's (`_file`). A re-render keeps that asset, the one a job,
 * the company page or the analytics name, and moves the new render's files into it: its own asset row goes, and
 * once committed the previous render's files (MP4, renditions, thumbnails, posters) are removed from storage, so
 * a job showing the animated video plays the new render and nothing of the old one is left behind.
 */
async function finishRender(
  deps: TRenderDeps,
  { templateId, renderId, rendered }: { templateId: string; renderId: string; rendered: TAssetRow },
) {
  const done = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(videoTemplates)
      .where(
        and(
          eq(videoTemplates.id, templateId),
          eq(videoTemplates.renderId, renderId),
          ne(videoTemplates.status, 'rendered'),
        ),
      )
      .for('update');
    if (!current) return null;
    let assetId = renderId;
    let swapped: { before: TAssetRow; after: TAssetRow } | null = null;
    if (current.fileId && current.fileId !== renderId) {
      const [before] = await tx
        .select()
        .from(videoAssets)
        .where(eq(videoAssets.id, current.fileId))
        .for('update');
      if (before) {
        const [after] = await tx
          .update(videoAssets)
          .set({
            title: current.title,
            fileName: rendered.fileName,
            status: rendered.status,
            statusReason: rendered.statusReason,
            originalKey: rendered.originalKey,
            // A thumbnail the company chose for the video stays; everything made from the render is the new one.
            data: {
              ...rendered.data,
              customThumbnailUrl: before.data.customThumbnailUrl ?? rendered.data.customThumbnailUrl,
              customMobileThumbnailUrl:
                before.data.customMobileThumbnailUrl ?? rendered.data.customMobileThumbnailUrl,
            },
            thumbnails: rendered.thumbnails,
            dimension: rendered.dimension,
            width: rendered.width,
            height: rendered.height,
            duration: rendered.duration,
            updatedAt: new Date(),
          })
          .where(eq(videoAssets.id, before.id))
          .returning();
        await tx.delete(videoAssets).where(eq(videoAssets.id, renderId));
        assetId = before.id;
        swapped = { before, after: after! };
      }
    }
    const [template] = await tx
      .update(videoTemplates)
      .set({
        status: 'rendered',
        progress: 100,
        fileId: assetId,
        errorReason: null,
        renderedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(videoTemplates.id, templateId))
      .returning();
    return { template: template!, assetId, swapped };
  });
  // Files go after the commit: a failed removal leaves an orphan file, never a video without its file.
  if (done?.swapped) {
    const kept = new Set(storedKeys(done.swapped.after));
    await removeStoredFiles(
      deps,
      storedKeys(done.swapped.before).filter((key) => !kept.has(key)),
    );
  }
  return done;
}

/** Removes a render's own asset and its files, unless it is the template's video (it never is when it failed). */
async function removeRenderAsset(
  deps: TRenderDeps,
  { templateId, renderId }: { templateId: string; renderId: string },
) {
  const [removed] = await deps.db
    .delete(videoAssets)
    .where(
      and(
        eq(videoAssets.id, renderId),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(videoTemplates)
            .where(and(eq(videoTemplates.id, templateId), eq(videoTemplates.fileId, renderId))),
        ),
      ),
    )
    .returning();
  if (removed) await removeStoredFiles(deps, storedKeys(removed));
}

// Clips are read through their assets (the transcoded 720p or 480p, else the original), never through the URL
// the editor saved: only the company's own clips and the samples' are used.
async function fetchInputs(
  deps: TRenderDeps,
  { data, companyId, dir, job }: { data: TTemplateData; companyId: string; dir: string; job: TJobContext },
) {
  const samples = await samplesCompanyId(deps);
  const sections = data.sections.filter((s): s is TVideoSection => s.type === 'video');
  const ids = [...new Set(sections.map((s) => s.video.assetId).filter((id): id is string => Boolean(id)))];
  const assets = ids.length
    ? await deps.db
        .select()
        .from(videoAssets)
        .where(
          and(
            inArray(videoAssets.id, ids),
            inArray(videoAssets.companyId, [companyId, ...(samples ? [samples] : [])]),
          ),
        )
    : [];
  const byId = new Map(assets.map((a) => [a.id, a]));
  const tools = deps.tools();
  const clips = new Map<string, string>();
  const downloaded = new Map<string, string>();
  for (const [i, section] of sections.entries()) {
    const name = section.title || `clip ${i + 1}`;
    const asset = section.video.assetId ? byId.get(section.video.assetId) : undefined;
    if (!asset) throw new TemplateRenderError(`The clip of "${name}" is not in the library`);
    if (asset.status === 'error')
      throw new TemplateRenderError(`The clip of "${name}" could not be processed`);
    let file = downloaded.get(asset.id);
    if (!file) {
      const key = asset.data.videoMp4Url_720p ?? asset.data.videoMp4Url ?? asset.originalKey;
      file = join(dir, `clip-${downloaded.size}.mp4`);
      if (!key || !(await deps.storage.download(key, file)))
        throw new TemplateRenderError(`The clip of "${name}" is missing from storage`);
      try {
        await probeVideo(tools, file, job.signal);
      } catch (err) {
        if (err instanceof InvalidVideoError)
          throw new TemplateRenderError(`The clip of "${name}" could not be read (${err.message})`);
        throw err;
      }
      downloaded.set(asset.id, file);
    }
    clips.set(section.id, file);
  }

  // The logo: an image of the company's library, or the company's own logo (a copy of a sample starts with it).
  let logo: string | undefined;
  let logoKey: string | null = null;
  if (data.logo?.imageId) {
    const [image] = await deps.db
      .select({ key: imageAssets.key })
      .from(imageAssets)
      .where(and(eq(imageAssets.id, data.logo.imageId), eq(imageAssets.companyId, companyId)));
    logoKey = image?.key ?? null;
  } else if (data.logo?.url) {
    const key = keyFromUrl(data.logo.url);
    if (key && key === (await companyLogoKey(deps, companyId))) logoKey = key;
  }
  const target = join(dir, 'logo');
  if (logoKey && (await deps.storage.download(logoKey, target))) logo = target;
  const soundtrack = data.soundtrack
    ? ((await deps.soundtrackFile(data.soundtrack)) ?? undefined)
    : undefined;
  return { clips, logo, soundtrack };
}

// spec 3 §4: "An email notice is sent (its content is not shown)". Once, by the attempt that made it rendered.
async function notifyAuthor(deps: TRenderDeps, template: typeof videoTemplates.$inferSelect) {
  if (!template.ownerId) return false;
  const [owner] = await deps.db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, template.ownerId));
  if (!owner) return false;
  const { text, html } = renderEmail({
    heading: 'Your animated video is ready',
    paragraphs: [
      `Hi ${owner.firstName},`,
      `"${template.title}" has finished rendering. You can watch it and add it to a job.`,
    ],
    action: { label: 'View your animated videos', url: `${deps.config.publicUrl}/content?tab=animated` },
  });
  try {
    await deps.mail.send({
      to: owner.email,
      subject: `Your animated video "${template.title}" is ready`,
      text,
      html,
    });
    return true;
  } catch (err) {
    deps.log.warn({ err, templateId: template.id }, 'the video-ready email was not sent');
    return false;
  }
}
