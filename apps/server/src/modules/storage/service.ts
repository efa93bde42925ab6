import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { memberships } from '@hirecast/db/schema';
import { messages } from '@hirecast/domain/messages';
import { IMAGE_LIMITS, type TImageType, type TVerifyUploadResponse } from '@hirecast/domain/storage';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { EXTENSION_BY_TYPE, newUploadKey, parseKey, variantKeys } from '../../lib/storage/keys.ts';
import { detectType, type TDetectedType } from '../../lib/storage/verify.ts';

type TCtx = Pick<TContext, 'db' | 'storage' | 'log'>;

// spec 3 §7: variants for responsive images, produced once the upload is verified.
export const VARIANT_WIDTHS = { desktop: 1280, mobile: 640 } as const;

// Every image of the product can appear on a public page (logos, banners, thumbnails, the image library),
// so image uploads get public keys (docs/decisions/004-storage-urls.md).
export async function signImageUpload(
  ctx: TCtx,
  { ownerId, contentType }: { ownerId: string; contentType: string },
) {
  const ext = EXTENSION_BY_TYPE[contentType];
  if (!ext) throw new AppError('VALIDATION', messages.imageWrongType);
  const key = newUploadKey({ ownerId, ext, isPublic: true });
  const [url, accessUrl] = await Promise.all([
    ctx.storage.signPut({ key, contentType }),
    ctx.storage.signGet({ key }),
  ]);
  return { key, url, accessUrl };
}

export async function signResizedImageUpload(ctx: TCtx, input: { ownerId: string; contentType: string }) {
  const { key, url, accessUrl } = await signImageUpload(ctx, input);
  const variants = variantKeys(key);
  const [desktopImageAccessUrl, mobileImageAccessUrl] = await Promise.all([
    ctx.storage.signGet({ key: variants.desktop }),
    ctx.storage.signGet({ key: variants.mobile }),
  ]);
  return { key, url, originalAccessUrl: accessUrl, desktopImageAccessUrl, mobileImageAccessUrl };
}

/** The key's owner is the user or one of the user's companies; anything else is not theirs to use. */
export async function assertKeyOwner(ctx: TCtx, { key, userId }: { key: string; userId: string }) {
  const parsed = parseKey(key);
  if (!parsed || parsed.variant) throw new AppError('VALIDATION', messages.fileInvalid);
  if (parsed.ownerId === userId) return parsed;
  const [member] = await ctx.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.companyId, parsed.ownerId), eq(memberships.userId, userId)))
    .limit(1);
  if (!member) throw new AppError('NOT_FOUND', messages.notFound);
  return parsed;
}

const TYPE_BY_EXTENSION = Object.fromEntries(Object.entries(EXTENSION_BY_TYPE).map(([t, e]) => [e, t]));

/**
 * ARCHITECTURE.md Uploads: size and real type from the stored bytes before a file becomes usable.
 * A file that fails is deleted. With `variants`, the desktop and mobile webp variants are written too.
 */
export async function checkStoredImage(
  ctx: TCtx,
  { key, imageType, variants }: { key: string; imageType: TImageType; variants: boolean },
): Promise<{ size: number; contentType: TDetectedType }> {
  const parsed = parseKey(key);
  if (!parsed) throw new AppError('VALIDATION', messages.fileInvalid);
  const head = await ctx.storage.head(key);
  if (!head) throw new AppError('VALIDATION', messages.fileInvalid);
  const reject = async (error: AppError) => {
    await ctx.storage.remove(key);
    ctx.log.info({ key, size: head.size, reason: error.message }, 'upload rejected');
    return error;
  };
  const limit = IMAGE_LIMITS[imageType];
  if (head.size > limit.maxBytes) throw await reject(new AppError('PAYLOAD_TOO_LARGE', limit.tooLarge));
  const detected = head.size > 0 ? detectType(head.firstBytes) : null;
  if (detected?.kind === 'other')
    throw await reject(new AppError('UNSUPPORTED_MEDIA_TYPE', messages.imageWrongType));
  if (!detected) throw await reject(new AppError('VALIDATION', messages.fileInvalid));
  const contentType = detected.contentType;
  if (!variants) return { size: head.size, contentType };

  const bytes = await ctx.storage.read(key);
  if (!bytes) throw new AppError('VALIDATION', messages.fileInvalid);
  const resize = (width: number) =>
    sharp(bytes).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
  let desktop: Buffer;
  let mobile: Buffer;
  try {
    // Decoding fully proves the file is an image and not only a good first few bytes.
    [desktop, mobile] = await Promise.all([resize(VARIANT_WIDTHS.desktop), resize(VARIANT_WIDTHS.mobile)]);
  } catch (err) {
    ctx.log.info({ key, err }, 'upload could not be decoded');
    throw await reject(new AppError('VALIDATION', messages.fileInvalid));
  }
  const keys = variantKeys(key);
  await Promise.all([
    ctx.storage.put({ key: keys.desktop, body: desktop, contentType: 'image/webp' }),
    ctx.storage.put({ key: keys.mobile, body: mobile, contentType: 'image/webp' }),
    // The key's extension came from the declared type; store the real one when they differ.
    TYPE_BY_EXTENSION[parsed.ext] !== contentType
      ? ctx.storage.put({ key, body: bytes, contentType })
      : Promise.resolve(),
  ]);
  return { size: head.size, contentType };
}

export async function verifyUpload(
  ctx: TCtx,
  { key, imageType, userId }: { key: string; imageType: TImageType; userId: string },
): Promise<TVerifyUploadResponse> {
  await assertKeyOwner(ctx, { key, userId });
  const { size, contentType } = await checkStoredImage(ctx, { key, imageType, variants: true });
  const keys = variantKeys(key);
  const [accessUrl, desktopImageAccessUrl, mobileImageAccessUrl] = await Promise.all([
    ctx.storage.signGet({ key }),
    ctx.storage.signGet({ key: keys.desktop }),
    ctx.storage.signGet({ key: keys.mobile }),
  ]);
  return { key, size, contentType, accessUrl, desktopImageAccessUrl, mobileImageAccessUrl };
}
