import { inArray } from 'drizzle-orm';
import { imageAssets, videoAssets, type videoTemplates } from '@hirecast/db/schema';
import type { TTemplateData, TVideoTemplate } from '@hirecast/domain/video-template';
import type { TContext } from '../../lib/context.ts';
import { publicUrl } from '../assets/index.ts';
import { readTemplateData } from './rules.ts';

export type TVideoTemplateRow = typeof videoTemplates.$inferSelect;
type TAssetRow = typeof videoAssets.$inferSelect;

/** The file a clip plays from in the browser: the 720p, else the 480p, else the original. */
const playableKey = (asset: TAssetRow) =>
  asset.data.videoMp4Url_720p ?? asset.data.videoMp4Url ?? asset.originalKey ?? null;

// Stored clip and logo URLs may be signed URLs that have expired: each clip and logo that names its asset
// gets a fresh URL of that asset on the way out, so the editor and the preview always load.
async function freshData(
  ctx: Pick<TContext, 'storage'>,
  data: TTemplateData,
  assets: Map<string, TAssetRow>,
) {
  const sections = await Promise.all(
    data.sections.map(async (s) => {
      if (s.type !== 'video' || !s.video.assetId) return s;
      const asset = assets.get(s.video.assetId);
      const key = asset && playableKey(asset);
      if (!key) return s;
      return {
        ...s,
        video: {
          ...s.video,
          url: (await publicUrl(ctx, key)) ?? s.video.url,
          transcoded: Boolean(asset.data.videoMp4Url),
        },
      };
    }),
  );
  return { ...data, sections };
}

/** Rows to answers, reading every clip, logo and rendered asset they name in one query each. */
export async function toVideoTemplates(
  ctx: Pick<TContext, 'storage' | 'db'>,
  rows: TVideoTemplateRow[],
): Promise<TVideoTemplate[]> {
  const datas = rows.map((r) => readTemplateData(r.data));
  const assetIds = new Set<string>();
  const imageIds = new Set<string>();
  for (const [i, d] of datas.entries()) {
    if (rows[i]!.fileId) assetIds.add(rows[i]!.fileId!);
    for (const s of d.sections) if (s.type === 'video' && s.video.assetId) assetIds.add(s.video.assetId);
    if (d.logo?.imageId) imageIds.add(d.logo.imageId);
  }
  const assets = new Map<string, TAssetRow>();
  if (assetIds.size > 0)
    for (const a of await ctx.db
      .select()
      .from(videoAssets)
      .where(inArray(videoAssets.id, [...assetIds])))
      assets.set(a.id, a);
  const images = new Map<string, string>();
  if (imageIds.size > 0)
    for (const img of await ctx.db
      .select({ id: imageAssets.id, key: imageAssets.key, url: imageAssets.url })
      .from(imageAssets)
      .where(inArray(imageAssets.id, [...imageIds])))
      images.set(img.id, img.key ?? img.url);

  return Promise.all(
    rows.map(async (row, i) => {
      let data = await freshData(ctx, datas[i]!, assets);
      if (data.logo?.imageId && images.has(data.logo.imageId))
        data = {
          ...data,
          logo: { ...data.logo, url: (await publicUrl(ctx, images.get(data.logo.imageId))) ?? data.logo.url },
        };
      const file = row.fileId ? assets.get(row.fileId) : undefined;
      const thumbnail =
        row.thumbnail ??
        file?.data.customThumbnailUrl ??
        file?.data.thumbnailUrl ??
        file?.data.image640 ??
        null;
      return {
        _id: row.id,
        title: row.title,
        cover: await publicUrl(ctx, row.cover),
        coverMobile: await publicUrl(ctx, row.coverMobile),
        data,
        status: row.status as TVideoTemplate['status'],
        isSample: row.isSample,
        updatedAt: row.updatedAt.toISOString(),
        _owner: row.ownerId,
        _file: row.fileId,
        dimension: row.type as TVideoTemplate['dimension'],
        errorReason: row.errorReason,
        progress: row.progress,
        videoMp4Url: file ? await publicUrl(ctx, file.data.videoMp4Url) : null,
        videoMp4Url_720p: file ? await publicUrl(ctx, file.data.videoMp4Url_720p) : null,
        thumbnail: await publicUrl(ctx, thumbnail),
      };
    }),
  );
}

export async function toVideoTemplate(ctx: Pick<TContext, 'storage' | 'db'>, row: TVideoTemplateRow) {
  return (await toVideoTemplates(ctx, [row]))[0]!;
}
