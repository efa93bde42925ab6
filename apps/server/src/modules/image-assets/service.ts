import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import { imageAssets } from '@hirecast/db/schema';
import {
  assetMessages,
  type TImageAsset,
  type ZCreateImageAssetRequest,
  type ZImageAssetListQuery,
} from '@hirecast/domain/asset';
import { messages } from '@hirecast/domain/messages';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { keyFromUrl, parseKey, variantKeys } from '../../lib/storage/keys.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';
import { assertCanChange } from '../assets/index.ts';
import { escapeLike } from '../assets/index.ts';
import { checkStoredImage } from '../storage/index.ts';

type TImageRow = typeof imageAssets.$inferSelect;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('NOT_FOUND', assetMessages.imageNotFound);
const w400Key = (key: string) => key.replace(/\.[a-z0-9]+$/, '-w400.webp');

export async function toImageAsset(ctx: Pick<TContext, 'storage'>, row: TImageRow): Promise<TImageAsset> {
  const sign = (key: string) => (parseKey(key) ? ctx.storage.signGet({ key, expiresIn: 6 * 3600 }) : key);
  const [url, image400, image640] = await Promise.all([
    sign(row.url),
    sign(row.data.image400 ?? row.url),
    sign(row.data.image640 ?? row.url),
  ]);
  return {
    _id: row.id,
    _company: row.companyId,
    _owner: row.ownerId,
    title: row.title,
    fileName: row.fileName,
    url,
    data: { image400: { url: image400 }, image640: { url: image640 } },
    dimension: (row.dimension as TImageAsset['dimension']) ?? null,
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function findImageRow(ctx: TContext, scope: TCompanyScope, id: string) {
  if (!UUID.test(id)) throw notFound();
  const [row] = await ctx.db
    .select()
    .from(imageAssets)
    .where(and(eq(imageAssets.id, id), eq(imageAssets.companyId, scope.companyId)));
  if (!row) throw notFound();
  return row;
}

// spec 3 §7: POST /image-asset {title, url, fileName}. The file must be the company's upload (through
// /signed-url with X-Company-Id) and a real image; its size comes from decoding it.
export async function createImageAsset(
  ctx: TContext,
  {
    scope,
    userId,
    body,
  }: { scope: TCompanyScope; userId: string; body: z.output<typeof ZCreateImageAssetRequest> },
) {
  const key = body.key ?? (body.url ? keyFromUrl(body.url) : null);
  const parsed = key ? parseKey(key) : null;
  if (!key || !parsed || parsed.variant || parsed.ownerId !== scope.companyId)
    throw new AppError('VALIDATION', messages.fileInvalid);
  await checkStoredImage(ctx, { key, imageType: 'image', variants: true });
  const bytes = await ctx.storage.read(key);
  if (!bytes) throw new AppError('VALIDATION', messages.fileInvalid);
  const image = sharp(bytes).rotate();
  const [meta, small] = await Promise.all([
    sharp(bytes).metadata(),
    image.resize({ width: 400, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
  ]);
  // EXIF orientations 5-8 swap width and height once rotated.
  const swap = (meta.orientation ?? 1) >= 5;
  const width = (swap ? meta.height : meta.width) ?? null;
  const height = (swap ? meta.width : meta.height) ?? null;
  await ctx.storage.put({ key: w400Key(key), body: small, contentType: 'image/webp' });
  const [row] = await ctx.db
    .insert(imageAssets)
    .values({
      companyId: scope.companyId,
      ownerId: userId,
      title: body.title,
      fileName: body.fileName,
      url: key,
      key,
      data: { image400: w400Key(key), image640: variantKeys(key).mobile },
      width,
      height,
      dimension: width && height ? (width >= height ? 'landscape' : 'portrait') : null,
    })
    .returning();
  return toImageAsset(ctx, row!);
}

export async function renameImageAsset(
  ctx: TContext,
  { scope, userId, id, title }: { scope: TCompanyScope; userId: string; id: string; title: string },
) {
  const row = await findImageRow(ctx, scope, id);
  assertCanChange(scope, userId, row.ownerId);
  const [updated] = await ctx.db
    .update(imageAssets)
    .set({ title, updatedAt: new Date() })
    .where(eq(imageAssets.id, row.id))
    .returning();
  return toImageAsset(ctx, updated!);
}

export async function deleteImageAsset(
  ctx: TContext,
  { scope, userId, id }: { scope: TCompanyScope; userId: string; id: string },
) {
  const row = await findImageRow(ctx, scope, id);
  assertCanChange(scope, userId, row.ownerId);
  await ctx.db.delete(imageAssets).where(eq(imageAssets.id, row.id));
  if (!row.key) return;
  const variants = variantKeys(row.key);
  for (const key of [row.key, variants.desktop, variants.mobile, w400Key(row.key)]) {
    await ctx.storage
      .remove(key)
      .catch((err: unknown) => ctx.log.warn({ err, key }, 'image file not removed'));
  }
}

export async function listImageAssets(
  ctx: TContext,
  scope: TCompanyScope,
  query: z.output<typeof ZImageAssetListQuery>,
) {
  const where: SQL[] = [eq(imageAssets.companyId, scope.companyId)];
  if (query.search) where.push(ilike(imageAssets.title, `%${escapeLike(query.search)}%`));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(imageAssets)
      .where(and(...where))
      .orderBy(desc(imageAssets.updatedAt), desc(imageAssets.id))
      .offset(query.skip)
      .limit(query.limit),
    ctx.db
      .select({ n: count() })
      .from(imageAssets)
      .where(and(...where)),
  ]);
  return { assets: await Promise.all(rows.map((r) => toImageAsset(ctx, r))), count: total?.n ?? 0 };
}
