import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { assetMessages } from '@hirecast/domain/asset';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { newUploadKey, parseKey } from '../../lib/storage/keys.ts';
import { commitUpload } from '../../lib/storage/local-disk.ts';
import { uploadCompany, type TTusUploads } from './tus.ts';
import { detectVideoType, VIDEO_EXTENSION, type TVideoType } from './video-type.ts';

type TCtx = Pick<TContext, 'storage' | 'config' | 'log'>;
const wrongType = () => new AppError('UNSUPPORTED_MEDIA_TYPE', assetMessages.videoWrongType);

async function firstBytes(file: string) {
  const handle = await open(file, 'r');
  try {
    const buffer = new Uint8Array(64);
    const { bytesRead } = await handle.read(buffer, 0, 64, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Moves a finished tus upload of the company into storage as uploads/<companyId>/<uuid>.<ext>, after checking
 * its real type from the bytes. A file of the wrong type is deleted and answers 415 (spec 3 §5).
 */
export async function takeTusUpload(
  ctx: TCtx,
  { tus, uploadId, companyId }: { tus: TTusUploads; uploadId: string; companyId: string },
): Promise<{ key: string; contentType: TVideoType; size: number }> {
  const missing = new AppError('NOT_FOUND', assetMessages.uploadMissing);
  if (!/^[0-9a-f-]{36}_[0-9a-f-]{36}$/.test(uploadId) || uploadCompany(uploadId) !== companyId) throw missing;
  const upload = await tus.store.getUpload(uploadId).catch(() => null);
  if (!upload || upload.size === undefined || upload.offset !== upload.size) throw missing;
  const file = join(tus.directory, uploadId);
  const discard = () => Promise.all([rm(file, { force: true }), rm(`${file}.json`, { force: true })]);
  const contentType = detectVideoType(await firstBytes(file));
  if (!contentType) {
    await discard();
    throw wrongType();
  }
  const key = newUploadKey({ ownerId: companyId, ext: VIDEO_EXTENSION[contentType], isPublic: false });
  if (ctx.storage.driver === 'local') {
    // Same disk: a rename, not a copy of up to 500 MB.
    await commitUpload(ctx.config.storage.localDir, key, file, contentType);
  } else {
    // Streamed: a video of up to 500 MB never sits in the API process's memory.
    await ctx.storage.putFile({ key, file, contentType });
  }
  await discard();
  return { key, contentType, size: upload.size };
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
