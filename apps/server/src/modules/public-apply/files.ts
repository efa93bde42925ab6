import { and, eq } from 'drizzle-orm';
import { applications, videoAssets } from '@hirecast/db/schema';
import { APPLY_LIMITS, applyMessages, VIDEO_CONTENT_TYPES } from '@hirecast/domain/application';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { parseKey } from '../../lib/storage/keys.ts';
import { isUploadId, uploadCompany, type TTusUploads } from '../uploads/index.ts';
import { takeTusUpload } from '../uploads/index.ts';
import { detectVideoType } from '../uploads/index.ts';
import { CV_EXTENSIONS, PUBLIC_JOB_METADATA, VIDEO_EXTENSIONS } from './uploads.ts';

// Issue 5 item 6: the CV and the video an application refers to are checked from their stored bytes before
// anything is written; a file that can never be used (too large, wrong type) is deleted.

type TCtx = Pick<TContext, 'db' | 'storage' | 'config' | 'log'>;
const refuse = (field: 'cv' | 'video', message: string) =>
  new AppError('VALIDATION', message, { [field]: message });

const startsWith = (bytes: Uint8Array, text: string) =>
  bytes.length >= text.length && [...text].every((c, i) => bytes[i] === c.charCodeAt(0));
const isPdf = (bytes: Uint8Array) => startsWith(bytes, '%PDF-');
const isZip = (bytes: Uint8Array) => startsWith(bytes, 'PK\x03\x04');
const isAllowedVideo = (type: string | null) =>
  type !== null && (VIDEO_CONTENT_TYPES as readonly string[]).includes(type);

/** Whether an application (its CV) or a video (its original) of the company already holds the key. */
async function isKeyHeld(ctx: TCtx, { key, companyId }: { key: string; companyId: string }) {
  const [cv] = await ctx.db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.companyId, companyId), eq(applications.cvKey, key)))
    .limit(1);
  if (cv) return true;
  const [video] = await ctx.db
    .select({ id: videoAssets.id })
    .from(videoAssets)
    .where(and(eq(videoAssets.companyId, companyId), eq(videoAssets.originalKey, key)))
    .limit(1);
  return Boolean(video);
}

/**
 * A key the candidate may attach: made by the public signed URL for this job's company (private, not a
 * variant) and not already held by an application or a video, so that deleting one application's data can
 * never remove a file something else uses.
 */
async function assertFreshKey(
  ctx: TCtx,
  { key, companyId, field }: { key: string; companyId: string; field: 'cv' | 'video' },
) {
  const parsed = parseKey(key);
  if (!parsed || parsed.isPublic || parsed.variant || parsed.ownerId !== companyId)
    throw refuse(field, applyMessages.uploadMissing);
  const allowed = field === 'cv' ? CV_EXTENSIONS : VIDEO_EXTENSIONS;
  if (!allowed.includes(parsed.ext))
    throw refuse(field, field === 'cv' ? applyMessages.cvWrongType : applyMessages.videoWrongType);
  if (await isKeyHeld(ctx, { key, companyId })) throw refuse(field, applyMessages.uploadMissing);
  return parsed;
}

async function discardKey(ctx: TCtx, key: string, error: AppError) {
  await ctx.storage.remove(key);
  ctx.log.info({ key, reason: error.message }, 'candidate upload rejected');
  return error;
}

export type TCheckedCv = { key: string; fileName: string; size: number };

/** The CV: ≤ 20 MB and really a PDF (%PDF-) or a DOCX (a zip holding word/ parts). */
export async function checkCv(
  ctx: TCtx,
  { companyId, cv }: { companyId: string; cv: { key: string; fileName: string } },
): Promise<TCheckedCv> {
  const { ext } = await assertFreshKey(ctx, { key: cv.key, companyId, field: 'cv' });
  const head = await ctx.storage.head(cv.key);
  if (!head) throw refuse('cv', applyMessages.uploadMissing);
  if (head.size > APPLY_LIMITS.cvMaxBytes)
    throw await discardKey(ctx, cv.key, refuse('cv', applyMessages.cvTooLarge));
  let real = ext === 'pdf' ? isPdf(head.firstBytes) : isZip(head.firstBytes);
  if (real && ext === 'docx') {
    // A DOCX is a zip whose entry names (stored uncompressed) include word/document.xml.
    const bytes = await ctx.storage.read(cv.key);
    real = bytes !== null && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('word/');
  }
  if (!real) throw await discardKey(ctx, cv.key, refuse('cv', applyMessages.cvWrongType));
  const fileName = cv.fileName || `cv.${ext}`;
  return { key: cv.key, fileName, size: head.size };
}

export type TCheckedVideo =
  | { kind: 'upload'; uploadId: string; fileName: string; size: number }
  | { kind: 'key'; key: string; fileName: string; size: number };

async function checkTusVideo(
  ctx: TCtx,
  {
    tus,
    uploadId,
    companyId,
    shortId,
  }: { tus: TTusUploads; uploadId: string; companyId: string; shortId: string },
): Promise<TCheckedVideo> {
  const missing = refuse('video', applyMessages.uploadMissing);
  if (!isUploadId(uploadId) || uploadCompany(uploadId) !== companyId) throw missing;
  const upload = await tus.store.getUpload(uploadId).catch(() => null);
  if (!upload || upload.metadata?.[PUBLIC_JOB_METADATA] !== shortId) throw missing;
  if (upload.size === undefined || upload.offset !== upload.size) throw missing;
  const discard = async (error: AppError) => {
    await tus.discard(uploadId);
    ctx.log.info({ uploadId, reason: error.message }, 'candidate upload rejected');
    return error;
  };
  if (upload.size > APPLY_LIMITS.videoMaxBytes)
    throw await discard(refuse('video', applyMessages.videoTooLarge));
  if (!isAllowedVideo(detectVideoType(await tus.firstBytes(uploadId))))
    throw await discard(refuse('video', applyMessages.videoWrongType));
  const fileName = upload.metadata?.filename || 'video';
  return { kind: 'upload', uploadId, fileName, size: upload.size };
}

async function checkKeyVideo(
  ctx: TCtx,
  { key, companyId }: { key: string; companyId: string },
): Promise<TCheckedVideo> {
  const { ext } = await assertFreshKey(ctx, { key, companyId, field: 'video' });
  const head = await ctx.storage.head(key);
  if (!head) throw refuse('video', applyMessages.uploadMissing);
  if (head.size > APPLY_LIMITS.videoMaxBytes)
    throw await discardKey(ctx, key, refuse('video', applyMessages.videoTooLarge));
  if (!isAllowedVideo(detectVideoType(head.firstBytes)))
    throw await discardKey(ctx, key, refuse('video', applyMessages.videoWrongType));
  return { kind: 'key', key, fileName: `recording.${ext}`, size: head.size };
}

/** The video introduction: a finished tus upload opened for this job, or a key from the signed URL. */
export function checkVideo(
  ctx: TCtx,
  input: {
    tus: TTusUploads;
    companyId: string;
    shortId: string;
    video: { uploadId: string } | { key: string };
  },
): Promise<TCheckedVideo> {
  const { video, ...rest } = input;
  return 'uploadId' in video
    ? checkTusVideo(ctx, { ...rest, uploadId: video.uploadId })
    : checkKeyVideo(ctx, { key: video.key, companyId: rest.companyId });
}

/**
 * Moves a checked tus upload into storage (the last step before the database writes); a key is already there.
 * A concurrent submission that claimed the same upload first leaves this one with uploadMissing.
 */
export async function claimVideo(
  ctx: TCtx,
  { tus, companyId, video }: { tus: TTusUploads; companyId: string; video: TCheckedVideo },
): Promise<{ key: string; fileName: string; moved: boolean }> {
  if (video.kind === 'key') return { key: video.key, fileName: video.fileName, moved: false };
  try {
    const { key } = await takeTusUpload(ctx, { tus, uploadId: video.uploadId, companyId });
    return { key, fileName: video.fileName, moved: true };
  } catch (err) {
    const stillThere = await tus.store.getUpload(video.uploadId).then(
      () => true,
      () => false,
    );
    if (err instanceof AppError || !stillThere) throw refuse('video', applyMessages.uploadMissing);
    throw err;
  }
}

/** Removes a stored file unless an application or a video holds it (used when saving fails). */
export async function removeIfUnused(ctx: TCtx, { key, companyId }: { key: string; companyId: string }) {
  if (await isKeyHeld(ctx, { key, companyId })) return;
  await ctx.storage
    .remove(key)
    .catch((err: unknown) => ctx.log.warn({ err, key }, 'candidate file not removed'));
}
