import type { videoAssets } from '@hirecast/db/schema';
import type { TVideoAsset, TVideoAssetData } from '@hirecast/domain/asset';
import type { TContext } from '../../lib/context.ts';
import { keyFromUrl, parseKey } from '../../lib/storage/keys.ts';
import { allOutputKeys } from '../video-processing/index.ts';

export type TVideoAssetRow = typeof videoAssets.$inferSelect;

// Stored media references are storage keys (signed on the way out) or outside URLs (passed through). Rows
// saved before keys were stored may hold one of our own (expired) URLs: its key is signed afresh.
export async function publicUrl(ctx: Pick<TContext, 'storage'>, value: string | null | undefined) {
  if (!value) return value ?? null;
  const key = parseKey(value) ? value : keyFromUrl(value);
  return key ? ctx.storage.signGet({ key, expiresIn: 6 * 3600 }) : value;
}

const DATA_FIELDS = [
  'videoUrl',
  'thumbnailUrl',
  'customThumbnailUrl',
  'customMobileThumbnailUrl',
  'videoMp4Url',
  'videoMp4Url_720p',
  'image400',
  'image640',
] as const;

export async function toVideoAsset(
  ctx: Pick<TContext, 'storage'>,
  row: TVideoAssetRow,
  question: string | null,
): Promise<TVideoAsset> {
  const data: TVideoAssetData = {};
  for (const field of DATA_FIELDS) {
    const value = row.data[field];
    if (value !== undefined) data[field] = await publicUrl(ctx, value);
  }
  const thumbnails = await Promise.all(row.thumbnails.map(async (t) => (await publicUrl(ctx, t)) ?? t));
  return {
    _id: row.id,
    _company: row.companyId,
    _owner: row.ownerId,
    type: 0,
    title: row.title,
    fileName: row.fileName,
    status: row.status as TVideoAsset['status'],
    statusReason: row.statusReason,
    data,
    thumbnails,
    _tags: row.tags,
    _question: question,
    isStory: row.isStory,
    dimension: (row.dimension as TVideoAsset['dimension']) ?? null,
    width: row.width,
    height: row.height,
    duration: row.duration,
    exclude: row.exclude,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Every storage key an asset holds (the original, renditions, thumbnails), for deletion; with the keys the
 * pipeline writes that are not on the row yet, so a deletion during processing leaves no rendition behind.
 */
export function storedKeys(row: TVideoAssetRow): string[] {
  const values = [
    row.originalKey,
    ...DATA_FIELDS.map((f) => row.data[f]),
    ...row.thumbnails,
    ...allOutputKeys(row),
  ];
  return [...new Set(values.filter((v): v is string => typeof v === 'string' && parseKey(v) !== null))];
}
