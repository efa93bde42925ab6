import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { assetEngagement, companyQuestions, videoAssets } from '@hirecast/db/schema';
import {
  assetMessages,
  leadingNumber,
  type TAssetStatistic,
  type TDownloadQuality,
  type ZAssetListQuery,
  type ZCreateAssetRequest,
  type ZUpdateAssetRequest,
} from '@hirecast/domain/asset';
import { UUID } from '@hirecast/domain/uuid';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { captionStates } from '../../lib/caption-states.ts';
import { keyFromUrl, parseKey } from '../../lib/storage/keys.ts';
import type { TContext } from '../../lib/context.ts';
import { escapeLike } from '../../lib/escape-like.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';
import type { TTusUploads } from '../uploads/index.ts';
import { checkVideoKey, takeTusUpload } from '../uploads/index.ts';
import { assertCanChange, assertCanSetStory } from './policy.ts';
import { requestVideoProcessing } from './queue.ts';
import { removeStoredFiles } from './files.ts';
import { publicUrl, storedKeys, toVideoAsset, type TVideoAssetRow } from './serialize.ts';
import { isShownOnPublicPage } from './public-visibility.ts';

const notFound = () => new AppError('NOT_FOUND', assetMessages.notFound);

async function questionText(ctx: TContext, questionId: string | null) {
  if (!questionId) return null;
  const [q] = await ctx.db
    .select({ text: companyQuestions.text })
    .from(companyQuestions)
    .where(eq(companyQuestions.id, questionId));
  return q?.text ?? null;
}

const present = async (ctx: TContext, row: TVideoAssetRow) =>
  toVideoAsset(ctx, row, await questionText(ctx, row.questionId));

/** The company's asset, or 404 (another company's asset is never revealed). */
export async function findAssetRow(ctx: TContext, scope: TCompanyScope, id: string) {
  if (!UUID.test(id)) throw notFound();
  const [row] = await ctx.db
    .select()
    .from(videoAssets)
    .where(and(eq(videoAssets.id, id), eq(videoAssets.companyId, scope.companyId)));
  if (!row) throw notFound();
  return row;
}

export const getAsset = async (ctx: TContext, scope: TCompanyScope, id: string) =>
  present(ctx, await findAssetRow(ctx, scope, id));

// spec 3 §7: a custom question text is first created (or found) as a company question.
async function questionId(
  ctx: TContext,
  { companyId, userId, text }: { companyId: string; userId: string; text: string },
) {
  await ctx.db.insert(companyQuestions).values({ companyId, text, createdBy: userId }).onConflictDoNothing();
  const [q] = await ctx.db
    .select({ id: companyQuestions.id })
    .from(companyQuestions)
    .where(
      and(
        eq(companyQuestions.companyId, companyId),
        eq(sql`lower(${companyQuestions.text})`, text.toLowerCase()),
      ),
    );
  return q!.id;
}

// Custom thumbnails are stored as storage keys, signed on the way out (serialize.ts): a signed URL saved as is
// would stop loading when it expires. One of our URLs becomes its key; an outside URL passes through.
// The file must be the company's own (its uploads through X-Company-Id and the thumbnails taken from its
// videos) or the caller's (uploaded before choosing a company): any other key would be a way to read
// another company's files.
function ownThumbnailRef(
  { companyId, userId }: { companyId: string; userId: string },
  ref: string | null | undefined,
): string | null | undefined {
  if (!ref) return ref;
  const key = ref.startsWith('uploads/') ? ref : keyFromUrl(ref);
  if (key === null) return ref;
  const owner = parseKey(key)?.ownerId;
  if (owner !== companyId && owner !== userId) throw new AppError('VALIDATION', 'Invalid file address');
  return key;
}

const uniqueTags = (tags: string[]) => [...new Map(tags.map((t) => [t.toLowerCase(), t])).values()];

export async function createAsset(
  ctx: TContext,
  {
    scope,
    userId,
    body,
    tus,
  }: { scope: TCompanyScope; userId: string; body: z.output<typeof ZCreateAssetRequest>; tus: TTusUploads },
) {
  if (body.isStory) assertCanSetStory(scope);
  const owner = { companyId: scope.companyId, userId };
  const customThumbnailUrl = ownThumbnailRef(owner, body.data?.customThumbnailUrl);
  const customMobileThumbnailUrl = ownThumbnailRef(owner, body.data?.customMobileThumbnailUrl);
  const file = body.uploadId
    ? await takeTusUpload(ctx, { tus, uploadId: body.uploadId, companyId: scope.companyId })
    : await checkVideoKey(ctx, { key: body.key!, companyId: scope.companyId });
  const qId = body._question
    ? await questionId(ctx, { companyId: scope.companyId, userId, text: body._question })
    : null;
  const [row] = await ctx.db
    .insert(videoAssets)
    .values({
      companyId: scope.companyId,
      ownerId: userId,
      title: body.title,
      fileName: body.fileName,
      status: body.status ?? 'new',
      originalKey: file.key,
      data: {
        videoUrl: file.key,
        customThumbnailUrl: customThumbnailUrl ?? null,
        customMobileThumbnailUrl: customMobileThumbnailUrl ?? null,
      },
      dimension: body.dimension ?? null,
      width: body.width ?? null,
      height: body.height ?? null,
      duration: body.duration ?? null,
      isStory: body.isStory ?? false,
      exclude: body.exclude ?? false,
      questionId: qId,
      tags: uniqueTags(body._tags ?? []),
    })
    .returning();
  await requestVideoProcessing(ctx, row!.id);
  return present(ctx, row!);
}

export async function updateAsset(
  ctx: TContext,
  {
    scope,
    userId,
    id,
    body,
  }: { scope: TCompanyScope; userId: string; id: string; body: z.output<typeof ZUpdateAssetRequest> },
) {
  const row = await findAssetRow(ctx, scope, id);
  assertCanChange(scope, userId, row.ownerId);
  if (body.isStory !== undefined) assertCanSetStory(scope);
  const owner = { companyId: scope.companyId, userId };
  const customThumbnailUrl = ownThumbnailRef(owner, body.customThumbnailUrl);
  const customMobileThumbnailUrl = ownThumbnailRef(owner, body.customMobileThumbnailUrl);
  const data = { ...row.data };
  if (customThumbnailUrl !== undefined) data.customThumbnailUrl = customThumbnailUrl;
  if (customMobileThumbnailUrl !== undefined) data.customMobileThumbnailUrl = customMobileThumbnailUrl;
  const [updated] = await ctx.db
    .update(videoAssets)
    .set({
      title: body.title ?? row.title,
      data,
      isStory: body.isStory ?? row.isStory,
      tags: body._tags ? uniqueTags(body._tags) : row.tags,
      updatedAt: new Date(),
    })
    .where(eq(videoAssets.id, row.id))
    .returning();
  return present(ctx, updated!);
}

export async function deleteAsset(
  ctx: TContext,
  { scope, userId, id }: { scope: TCompanyScope; userId: string; id: string },
) {
  const row = await findAssetRow(ctx, scope, id);
  assertCanChange(scope, userId, row.ownerId);
  await ctx.db.delete(videoAssets).where(eq(videoAssets.id, row.id));
  await removeStoredFiles(ctx, storedKeys(row));
}

export async function listAssets(
  ctx: TContext,
  scope: TCompanyScope,
  query: z.output<typeof ZAssetListQuery>,
) {
  const where: SQL[] = [eq(videoAssets.companyId, scope.companyId), eq(videoAssets.exclude, false)];
  if (query.search) where.push(ilike(videoAssets.title, `%${escapeLike(query.search)}%`));
  if (query.dimension) where.push(eq(videoAssets.dimension, query.dimension));
  if (query.status) where.push(eq(videoAssets.status, query.status));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(videoAssets)
      .where(and(...where))
      .orderBy(desc(videoAssets.updatedAt), desc(videoAssets.id))
      .offset(query.skip)
      .limit(query.limit),
    ctx.db
      .select({ n: count() })
      .from(videoAssets)
      .where(and(...where)),
  ]);
  const [assets, states] = await Promise.all([
    Promise.all(rows.map((r) => present(ctx, r))),
    captionStates(
      ctx.db,
      rows.map((r) => r.id),
    ),
  ]);
  return {
    assets: assets.map((a) => ({ ...a, captionState: states.get(a._id) ?? 'none' })),
    count: total?.n ?? 0,
  };
}

export async function listTags(ctx: TContext, scope: TCompanyScope) {
  const rows = await ctx.db
    .selectDistinct({ tag: sql<string>`unnest(${videoAssets.tags})` })
    .from(videoAssets)
    .where(eq(videoAssets.companyId, scope.companyId));
  return rows.map((r) => r.tag).sort((a, b) => a.localeCompare(b));
}

// spec 3 §2 Onboarding videos: sorted by the number their titles start with.
export async function listOnboarding(ctx: TContext) {
  const rows = await ctx.db
    .select()
    .from(videoAssets)
    .where(eq(videoAssets.onboarding, true))
    .orderBy(asc(videoAssets.title));
  rows.sort((a, b) => leadingNumber(a.title) - leadingNumber(b.title));
  return Promise.all(rows.map((r) => present(ctx, r)));
}

const RENDITION = { original: null, '480p': 'videoMp4Url', '720p': 'videoMp4Url_720p' } as const;

export async function downloadUrl(
  ctx: TContext,
  { scope, id, quality }: { scope: TCompanyScope; id: string; quality: TDownloadQuality },
) {
  const row = await findAssetRow(ctx, scope, id);
  const field = RENDITION[quality];
  const value = field ? row.data[field] : (row.originalKey ?? row.data.videoUrl);
  if (!value) throw new AppError('CONFLICT', assetMessages.qualityProcessing);
  return { url: (await publicUrl(ctx, value))! };
}

/**
 * Public player beacon: keeps the furthest second each viewing session reached, one row per video and session
 * (its primary key), so a session counts once for each second however often it reports. Only a video that a
 * public page shows is counted: any other id answers 404, so no one can fill a library video's statistic.
 */
export async function recordEngagement(
  ctx: TContext,
  { id, second, sessionId }: { id: string; second: number; sessionId: string },
) {
  if (!UUID.test(id) || !(await isShownOnPublicPage(ctx.db, id))) throw notFound();
  const [row] = await ctx.db
    .select({ duration: videoAssets.duration })
    .from(videoAssets)
    .where(eq(videoAssets.id, id));
  if (!row) throw notFound();
  // Issue 23 item 1: the position as reported (to the millisecond), never past the video's end.
  const reached = Math.round(second * 1000) / 1000;
  const capped = row.duration ? Math.min(reached, row.duration) : reached;
  await ctx.db
    .insert(assetEngagement)
    .values({ assetId: id, sessionId, maxSecond: capped })
    .onConflictDoUpdate({
      target: [assetEngagement.assetId, assetEngagement.sessionId],
      set: {
        maxSecond: sql`greatest(${assetEngagement.maxSecond}, excluded.max_second)`,
        updatedAt: new Date(),
      },
    });
}

// spec 3 §3 Other: videoEngagement, for each second how many sessions watched at least that far.
export async function assetStatistic(
  ctx: TContext,
  scope: TCompanyScope,
  id: string,
): Promise<TAssetStatistic> {
  const row = await findAssetRow(ctx, scope, id);
  const sessions = await ctx.db
    .select({ max: assetEngagement.maxSecond })
    .from(assetEngagement)
    .where(eq(assetEngagement.assetId, row.id));
  if (sessions.length === 0) return { videoEngagement: [] };
  // One point per whole second: a session counts at every second it reached (3.2 s: seconds 0 to 3).
  const last = Math.floor(Math.max(...sessions.map((s) => s.max)));
  const videoEngagement = [];
  for (let second = 0; second <= last; second++) {
    const viewers = sessions.filter((s) => s.max >= second).length;
    videoEngagement.push({
      second,
      viewers,
      percentage: Math.round((viewers / sessions.length) * 10000) / 100,
    });
  }
  return { videoEngagement };
}
