import { assetMessages } from '@hirecast/domain/asset';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { newUploadKey, parseKey } from '../../lib/storage/keys.ts';
import type { TTusUploads } from './tus.ts';
import { isUploadId, uploadCompany } from './tus-endpoint.ts';
import { detectVideoType, VIDEO_EXTENSION, type TVideoType } from './video-type.ts';

type TCtx = Pick<TContext, 'storage' | 'config' | 'log'>;
const wrongType = () => new AppError('UNSUPPORTED_MEDIA_TYPE', assetMessages.videoWrongType);

/**
 * Moves a finished tus upload of the company into storage as uploads/<companyId>/<uuid>.<ext>, after checking
 * its real type from the bytes. A file of the wrong type is deleted and answers 415 (spec 3 §5).
 */
export async function takeTusUpload(
  ctx: TCtx,
  { tus, uploadId, companyId }: { tus: TTusUploads; uploadId: string; companyId: string },
): Promise<{ key: string; contentType: TVideoType; size: number }> {
  const missing = new AppError('NOT_FOUND', assetMessages.uploadMissing);
  if (!isUploadId(uploadId) || uploadCompany(uploadId) !== companyId) throw missing;
  // Under the upload's lock: two claims of one upload at once (a double submit, on two processes) make one
  // stored file, and the other finds the upload gone.
  const lock = tus.locker.newLock(uploadId);
  await lock.lock(new AbortController().signal, () => {});
  try {
    const upload = await tus.store.getUpload(uploadId).catch(() => null);
    if (!upload || upload.size === undefined || upload.offset !== upload.size) throw missing;
    const contentType = detectVideoType(await tus.firstBytes(uploadId));
    if (!contentType) {
      await tus.discard(uploadId);
      throw wrongType();
    }
    const key = newUploadKey({ ownerId: companyId, ext: VIDEO_EXTENSION[contentType], isPublic: false });
    // A rename on local disk, a server-side copy on S3: a video of up to 500 MB never sits in our memory.
    await tus.claim(uploadId, key, contentType);
    return { key, contentType, size: upload.size };
  } finally {
    await lock.unlock();
  }
}

/** A key uploaded through a signed URL: it must be the company's and really a video. */
export async function checkVideoKey(ctx: TCtx, { key, companyId }: { key: string; companyId: string }) {
  const parsed = parseKey(key);
  if (!parsed || parsed.variant || parsed.ownerId !== companyId)
    throw new AppError('NOT_FOUND', assetMessages.uploadMissing);
  const head = await ctx.storage.head(key);
  if (!head) throw new AppError('NOT_FOUND', assetMessages.uploadMissing);
  const contentType = detectVideoType(head.firstBytes);
  if (!contentType) {
    await ctx.storage.remove(key);
    throw wrongType();
  }
  return { key, contentType, size: head.size };
}
