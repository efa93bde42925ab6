import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  companies,
  companyPageBlocks,
  imageAssets,
  jobs,
  videoAssets,
  videoTemplates,
} from '@hirecast/db/schema';
import type {
  TTemplateData,
  TTemplateStatusEvent,
  ZCreateVideoTemplateBody,
  ZListVideoTemplatesQuery,
  ZPatchVideoTemplateBody,
} from '@hirecast/domain/video-template';
import { TEMPLATE_MESSAGES } from '@hirecast/domain/video-template-rules';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { keyFromUrl, parseKey } from '../../lib/storage/keys.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';
import { removeStoredFiles } from '../assets/index.ts';
import { storedKeys } from '../assets/index.ts';
import { publishTemplateStatus } from './events.ts';
import { assertRenderRoom, STALE_RENDER_MS } from './render-queue.ts';
import { videoMessages } from './messages.ts';
import { assertCanChangeTemplate, isWorking } from './policy.ts';
import { checkTemplateComplete, checkTemplateLimits, readTemplateData } from './rules.ts';
import { toVideoTemplate, toVideoTemplates, type TVideoTemplateRow } from './serialize.ts';

/** Hirecast ships three samples; the bound keeps the answer small whatever the samples company holds. */
const SAMPLES_LISTED = 24;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('NOT_FOUND', videoMessages.notFound);

/** The company that holds the sample templates and their clips (no members; seeded at first start). */
export const SAMPLES_COMPANY = { name: 'Hirecast samples', slug: 'hirecast-samples' };

export async function samplesCompanyId(ctx: Pick<TContext, 'db'>): Promise<string | null> {
  const [found] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.slug, SAMPLES_COMPANY.slug));
  return found?.id ?? null;
}

/** The storage key of the company's own logo (companies.logo), or null. */
export async function companyLogoKey(ctx: Pick<TContext, 'db'>, companyId: string): Promise<string | null> {
  const [found] = await ctx.db
    .select({ logo: companies.logo })
    .from(companies)
    .where(eq(companies.id, companyId));
  return found?.logo ? keyFromUrl(found.logo) : null;
}

/** The template if the company may see it (its own, or a sample), else 404: others are never revealed. */
export async function findTemplateRow(ctx: TContext, scope: TCompanyScope, id: string) {
  if (!UUID.test(id)) throw notFound();
  const [row] = await ctx.db
    .select()
    .from(videoTemplates)
    .where(
      and(
        eq(videoTemplates.id, id),
        or(eq(videoTemplates.companyId, scope.companyId), eq(videoTemplates.isSample, true)),
      ),
    );
  if (!row) throw notFound();
  return row;
}

// A stored reference to one of our files must be the company's own, the caller's, or a sample's: any other key
// would be a way to read another company's files through the signed URLs the answers carry.
function checkRef(
  owners: Set<string>,
  ref: string | null | undefined,
  field: string,
  alsoAllowed: string | null = null,
) {
  if (!ref) return;
  const key = ref.startsWith('uploads/') ? ref : keyFromUrl(ref);
  if (key === null) {
    if (ref.startsWith('uploads/'))
      throw new AppError('VALIDATION', 'Invalid file address', { [field]: ref });
    return;
  }
  if (alsoAllowed !== null && key === alsoAllowed) return;
  const owner = parseKey(key)?.ownerId;
  if (!owner || !owners.has(owner))
    throw new AppError('VALIDATION', 'Invalid file address', { [field]: ref });
}

/** Clips must be videos of the company (or of the samples); their files likewise. */
async function checkReferences(
  ctx: TContext,
  {
    scope,
    userId,
    data,
    cover,
  }: { scope: TCompanyScope; userId: string; data?: TTemplateData; cover: (string | null | undefined)[] },
) {
  const samples = await samplesCompanyId(ctx);
  const owners = new Set([scope.companyId, userId, ...(samples ? [samples] : [])]);
  for (const c of cover) checkRef(owners, c, 'cover');
  if (!data) return;
  checkRef(owners, data.cover, 'data.cover');
  // The logo: an image of the company's library (imageId), or the company's own logo ("make one like this"
  // starts with it), whoever of the team uploaded it.
  checkRef(owners, data.logo?.url, 'data.logo', await companyLogoKey(ctx, scope.companyId));
  if (data.logo?.imageId) {
    const [image] = await ctx.db
      .select({ id: imageAssets.id })
      .from(imageAssets)
      .where(and(eq(imageAssets.id, data.logo.imageId), eq(imageAssets.companyId, scope.companyId)));
    if (!image)
      throw new AppError('VALIDATION', TEMPLATE_MESSAGES.logoForeign, {
        'data.logo': TEMPLATE_MESSAGES.logoForeign,
      });
  }
  const ids = new Set<string>();
  for (const s of data.sections) {
    if (s.type !== 'video') continue;
    checkRef(owners, s.video.url, 'data.sections');
    if (s.video.assetId) ids.add(s.video.assetId.toLowerCase());
  }
  if (ids.size === 0) return;
  const found = await ctx.db
    .select({ id: videoAssets.id })
    .from(videoAssets)
    .where(
      and(
        inArray(videoAssets.id, [...ids]),
        inArray(videoAssets.companyId, [scope.companyId, ...(samples ? [samples] : [])]),
      ),
    );
  if (found.length !== ids.size)
    throw new AppError('VALIDATION', videoMessages.clipForeign, {
      'data.sections': videoMessages.clipForeign,
    });
}

export async function createTemplate(
  ctx: TContext,
  {
    scope,
    userId,
    body,
  }: { scope: TCompanyScope; userId: string; body: z.output<typeof ZCreateVideoTemplateBody> },
) {
  checkTemplateLimits(body.data, body.title || body.data.title);
  await checkReferences(ctx, { scope, userId, data: body.data, cover: [body.cover, body.coverMobile] });
  const [row] = await ctx.db
    .insert(videoTemplates)
    .values({
      companyId: scope.companyId,
      ownerId: userId,
      type: body.data.type,
      title: body.title || body.data.title,
      data: { ...body.data, title: body.title || body.data.title },
      cover: body.cover ?? body.data.cover ?? null,
      coverMobile: body.coverMobile ?? null,
    })
    .returning();
  return toVideoTemplate(ctx, row!);
}

export async function listTemplates(
  ctx: TContext,
  scope: TCompanyScope,
  query: z.output<typeof ZListVideoTemplatesQuery>,
) {
  // spec 3 §2 "Same paging as the video library": the company's own templates page in 12s and videosCount counts
  // only them; the samples ("make one like this") come beside them, never taking a page's places. The media
  // chooser asks for status=rendered and gets only the company's own finished videos (a job uses its asset):
  // a sample is another company's and is never rendered for it.
  const own = and(eq(videoTemplates.companyId, scope.companyId), eq(videoTemplates.isSample, false));
  const where: SQL | undefined = query.status ? and(own, eq(videoTemplates.status, query.status)) : own;
  const [rows, [total], sampleRows] = await Promise.all([
    ctx.db
      .select()
      .from(videoTemplates)
      .where(where)
      .orderBy(desc(videoTemplates.updatedAt), desc(videoTemplates.id))
      .offset(query.skip)
      .limit(query.limit),
    ctx.db.select({ n: count() }).from(videoTemplates).where(where),
    query.status
      ? Promise.resolve([])
      : ctx.db
          .select()
          .from(videoTemplates)
          .where(eq(videoTemplates.isSample, true))
          .orderBy(desc(videoTemplates.updatedAt), desc(videoTemplates.id))
          .limit(SAMPLES_LISTED),
  ]);
  const [videos, samples] = await Promise.all([
    toVideoTemplates(ctx, rows),
    toVideoTemplates(ctx, sampleRows),
  ]);
  return { videos, videosCount: total?.n ?? 0, samples };
}

/** A template's status as the live stream carries it. */
export const statusEvent = (row: TVideoTemplateRow): TTemplateStatusEvent => ({
  _id: row.id,
  status: row.status as TTemplateStatusEvent['status'],
  progress: row.progress,
  errorReason: row.errorReason,
});

export const getTemplate = async (ctx: TContext, scope: TCompanyScope, id: string) =>
  toVideoTemplate(ctx, await findTemplateRow(ctx, scope, id));

export async function updateTemplate(
  ctx: TContext,
  {
    scope,
    userId,
    id,
    body,
  }: { scope: TCompanyScope; userId: string; id: string; body: z.output<typeof ZPatchVideoTemplateBody> },
) {
  const row = await findTemplateRow(ctx, scope, id);
  assertCanChangeTemplate(scope, userId, row);
  if (isWorking(row.status)) throw new AppError('CONFLICT', videoMessages.busy);
  if (body.data) checkTemplateLimits(body.data, body.title ?? row.title);
  await checkReferences(ctx, { scope, userId, data: body.data, cover: [body.cover, body.coverMobile] });
  const title = body.title ?? row.title;
  const set: Partial<TVideoTemplateRow> = { title, updatedAt: new Date() };
  if (body.cover !== undefined) set.cover = body.cover;
  if (body.coverMobile !== undefined) set.coverMobile = body.coverMobile;
  if (body.data) {
    // The type is chosen once (the format chooser); changed content makes a finished video a draft again.
    set.data = { ...body.data, type: row.type, title };
    if (row.status !== 'draft') set.status = 'draft';
  } else if (body.title !== undefined) {
    set.data = sql`jsonb_set(${videoTemplates.data}, '{title}', ${JSON.stringify(title)}::jsonb)`;
  }
  const [updated] = await ctx.db
    .update(videoTemplates)
    .set(set)
    .where(eq(videoTemplates.id, row.id))
    .returning();
  return toVideoTemplate(ctx, updated!);
}

export async function deleteTemplate(
  ctx: TContext,
  { scope, userId, id }: { scope: TCompanyScope; userId: string; id: string },
) {
  const row = await findTemplateRow(ctx, scope, id);
  assertCanChangeTemplate(scope, userId, row);
  if (isWorking(row.status)) throw new AppError('CONFLICT', videoMessages.busy);
  await ctx.db.delete(videoTemplates).where(eq(videoTemplates.id, row.id));
  if (row.fileId) await removeUnusedRender(ctx, row.fileId);
}

/**
 * A deleted template's rendered video goes with it, asset and files, unless something still shows it: a job (its
 * video or one of its additional videos, even a draft's) or the company page. Then it stays, as a video of the
 * company outside the library, and the job goes on playing it. One statement checks and deletes.
 */
async function removeUnusedRender(ctx: TContext, assetId: string) {
  const [removed] = await ctx.db
    .delete(videoAssets)
    .where(
      and(
        eq(videoAssets.id, assetId),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(jobs)
            .where(
              or(
                eq(jobs.videoAssetId, assetId),
                sql`${jobs.additionalVideos} @> jsonb_build_array(jsonb_build_object('assetId', ${assetId}::text))`,
              ),
            ),
        ),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(companyPageBlocks)
            .where(
              or(eq(companyPageBlocks.videoAssetId, assetId), eq(companyPageBlocks.storyVideoId, assetId)),
            ),
        ),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(videoTemplates)
            .where(eq(videoTemplates.fileId, assetId)),
        ),
      ),
    )
    .returning();
  if (removed) await removeStoredFiles(ctx, storedKeys(removed));
}

/**
 * spec 3 §4 Finalize: checks the required fields, moves the template to preparing and queues its render. A
 * template already preparing or rendering is answered as it is (a double click starts one render).
 */
export async function requestRender(
  ctx: TContext,
  { scope, userId, id }: { scope: TCompanyScope; userId: string; id: string },
) {
  const row = await findTemplateRow(ctx, scope, id);
  assertCanChangeTemplate(scope, userId, row);
  // A render whose last attempt died with its worker leaves the template working with no job behind it: after
  // the job's expiry (30 min, and every progress step touches the row) Finalize may start a new one.
  const stale = Date.now() - row.updatedAt.getTime() > STALE_RENDER_MS;
  if (isWorking(row.status) && !stale) return toVideoTemplate(ctx, row);
  checkTemplateComplete(readData(row), row.title);
  await checkReferences(ctx, { scope, userId, data: readData(row), cover: [] });
  const renderId = randomUUID();
  const updated = await ctx.db.transaction(async (tx) => {
    // At most 3 renders of a company queued or running (429 past it); the queue serves companies in turn.
    await assertRenderRoom(tx, { companyId: row.companyId, templateId: row.id });
    const now = new Date();
    const [moved] = await tx
      .update(videoTemplates)
      .set({
        status: 'preparing',
        progress: 0,
        errorReason: null,
        renderId,
        renderQueuedAt: now,
        renderJobId: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(videoTemplates.id, row.id),
          // Compare-and-set on what was read: two Finalize clicks start one render.
          eq(videoTemplates.status, row.status),
          row.renderId ? eq(videoTemplates.renderId, row.renderId) : isNull(videoTemplates.renderId),
        ),
      )
      .returning();
    return moved;
  });
  if (!updated) return getTemplate(ctx, scope, id);
  await ctx.queue.send('video.render', { templateId: row.id, renderId });
  await publishTemplateStatus(ctx.db, {
    companyId: updated.companyId,
    event: { _id: updated.id, status: 'preparing', progress: 0, errorReason: null },
  });
  return toVideoTemplate(ctx, updated);
}

const readData = (row: TVideoTemplateRow) => readTemplateData(row.data);
