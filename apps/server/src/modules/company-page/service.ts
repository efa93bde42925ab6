import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { companies, companyPageBlocks, companyPages, imageAssets, videoAssets } from '@hirecast/db/schema';
import type { TDb, TTx } from '@hirecast/db/client';
import type {
  ZCreateDynamicElementRequest,
  ZCreatePageAssetRequest,
  ZCreateQuoteRequest,
  ZCreateTextAreaRequest,
  ZReorderRequest,
  ZUpdateCompanyPageRequest,
  ZUpdateQuoteRequest,
  ZUpdateTextAreaRequest,
} from '@hirecast/domain/company-page';
import {
  COMPANY_PAGE_LIMITS,
  companyPageMessages,
  type TBlockType,
  type TPageType,
} from '@hirecast/domain/company-page-rules';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';
import { loadPageData, type TBlockRow, type TCompanyRow, type TPageRow } from './load.ts';
import { toCompanyPage } from './serialize.ts';

type TPageContext = Pick<TContext, 'db' | 'storage' | 'config'>;
export type TPageCall = { scope: TCompanyScope; pageId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const pageNotFound = () => new AppError('NOT_FOUND', companyPageMessages.pageNotFound);
const blockNotFound = () => new AppError('NOT_FOUND', companyPageMessages.blockNotFound);
const assetNotFound = () => new AppError('NOT_FOUND', companyPageMessages.assetNotFound);

type TDefaultBlock = Partial<typeof companyPageBlocks.$inferInsert> & {
  pageType: TPageType;
  type: TBlockType;
};

/**
 * Issue 15: the blocks a page starts with (about, why work here, benefits, latest jobs, and the company's stats and
 * links beside them). Text areas without text are not shown on the public page until they get one.
 */
function defaultBlocks(company: TCompanyRow): TDefaultBlock[] {
  const about = company.description.trim().slice(0, COMPANY_PAGE_LIMITS.textAreaContentMax);
  const blocks: TDefaultBlock[] = [
    {
      pageType: 'WHY_JOIN',
      type: 'TEXT_AREA',
      infoType: 'ABOUT_COMPANY',
      header: `About ${company.name}`.slice(0, 90),
      content: about,
    },
    {
      pageType: 'WHY_JOIN',
      type: 'TEXT_AREA',
      infoType: 'WHY_WORK_HERE',
      header: 'Why work here',
      content: '',
    },
    { pageType: 'WHY_JOIN', type: 'STATISTIC' },
    { pageType: 'WHY_JOIN', type: 'LATEST_JOBS' },
    { pageType: 'WHY_JOIN', type: 'SOCIALS' },
    { pageType: 'BENEFITS', type: 'TEXT_AREA', infoType: 'BENEFITS', header: 'Benefits', content: '' },
    {
      pageType: 'JOBS',
      type: 'TEXT_AREA',
      infoType: 'LOOKING_FOR',
      header: 'Who we are looking for',
      content: '',
    },
  ];
  const next = new Map<string, number>();
  return blocks.map((b) => {
    const order = next.get(b.pageType) ?? 0;
    next.set(b.pageType, order + 1);
    return { ...b, sortOrder: order };
  });
}

/**
 * The company's page, made with its default blocks the first time (spec 3 §7 GET). Two first opens at once make
 * one page: the insert that loses on the company's unique index does nothing and adds no blocks.
 */
export async function ensurePage(
  db: TDb,
  companyId: string,
): Promise<{ page: TPageRow; company: TCompanyRow }> {
  const [found] = await db
    .select({ page: companyPages, company: companies })
    .from(companies)
    .leftJoin(companyPages, eq(companyPages.companyId, companies.id))
    .where(eq(companies.id, companyId));
  if (!found) throw pageNotFound();
  if (found.page) return { page: found.page, company: found.company };
  await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(companyPages)
      .values({ companyId })
      .onConflictDoNothing({ target: companyPages.companyId })
      .returning();
    if (!made) return;
    await tx
      .insert(companyPageBlocks)
      .values(defaultBlocks(found.company).map((b) => ({ ...b, pageId: made.id, companyId })));
  });
  const [page] = await db.select().from(companyPages).where(eq(companyPages.companyId, companyId));
  return { page: page!, company: found.company };
}

/**
 * The company's page for reading only (the public site): the stored page, or, before anyone opened it, the page
 * it would be made as, built in memory. A crawler's visit writes nothing (issue 23 item 9). Null for no company.
 */
export async function readPage(
  db: TDb,
  companyId: string,
): Promise<{ page: TPageRow; company: TCompanyRow; blocks?: TBlockRow[] } | null> {
  const [found] = await db
    .select({ page: companyPages, company: companies })
    .from(companies)
    .leftJoin(companyPages, eq(companyPages.companyId, companies.id))
    .where(eq(companies.id, companyId));
  if (!found) return null;
  if (found.page) return { page: found.page, company: found.company };
  const at = found.company.updatedAt;
  const page: TPageRow = {
    id: randomUUID(),
    companyId,
    bannerImageId: null,
    stats: { foundingYear: null, employees: null, gender: { male: null, female: null } },
    createdAt: at,
    updatedAt: at,
  };
  const blocks = defaultBlocks(found.company).map((b): TBlockRow => ({
    id: randomUUID(),
    pageId: page.id,
    companyId,
    sortOrder: 0,
    header: null,
    content: null,
    infoType: null,
    author: null,
    videoAssetId: null,
    imageAssetId: null,
    isPromoAsset: false,
    storyVideoId: null,
    personName: null,
    slug: null,
    quoteText: null,
    title: null,
    text: null,
    createdAt: at,
    updatedAt: at,
    ...b,
  }));
  return { page, company: found.company, blocks };
}

/** The page of `pageId` when it is the caller's company's, else 404 (another company's page is not revealed). */
async function ownPage(db: TDb | TTx, scope: TCompanyScope, pageId: string) {
  if (!UUID.test(pageId)) throw pageNotFound();
  const [row] = await db
    .select({ page: companyPages, company: companies })
    .from(companyPages)
    .innerJoin(companies, eq(companies.id, companyPages.companyId))
    .where(and(eq(companyPages.id, pageId), eq(companyPages.companyId, scope.companyId)));
  if (!row) throw pageNotFound();
  return row;
}

async function ownBlock(db: TDb | TTx, page: TPageRow, blockId: string, types: readonly TBlockType[]) {
  if (!UUID.test(blockId)) throw blockNotFound();
  const [row] = await db
    .select()
    .from(companyPageBlocks)
    .where(
      and(
        eq(companyPageBlocks.id, blockId),
        eq(companyPageBlocks.pageId, page.id),
        inArray(companyPageBlocks.type, [...types]),
      ),
    );
  if (!row) throw blockNotFound();
  return row;
}

export async function pageAnswer(ctx: TPageContext, page: TPageRow, company: TCompanyRow) {
  return toCompanyPage(ctx, await loadPageData(ctx.db, page, company));
}

/** Reads the page again after a write and answers it. */
async function answerAfterWrite(ctx: TPageContext, scope: TCompanyScope, pageId: string) {
  await ctx.db.update(companyPages).set({ updatedAt: new Date() }).where(eq(companyPages.id, pageId));
  const { page, company } = await ownPage(ctx.db, scope, pageId);
  return pageAnswer(ctx, page, company);
}

/** spec 3 §7 GET /company-page/{companyId}/company */
export async function getCompanyPage(ctx: TPageContext, scope: TCompanyScope) {
  const { page, company } = await ensurePage(ctx.db, scope.companyId);
  return pageAnswer(ctx, page, company);
}

/**
 * A new block's order: the given place (later blocks of the tab move down one), or the end of the tab. Run in the
 * transaction that inserts the block.
 */
export async function placeBlock(tx: TTx, page: TPageRow, pageType: TPageType, order: number | undefined) {
  if (order === undefined) {
    const [row] = await tx
      .select({ next: sql<number>`coalesce(max(${companyPageBlocks.sortOrder}) + 1, 0)::int` })
      .from(companyPageBlocks)
      .where(and(eq(companyPageBlocks.pageId, page.id), eq(companyPageBlocks.pageType, pageType)));
    return Number(row?.next ?? 0);
  }
  await tx
    .update(companyPageBlocks)
    .set({ sortOrder: sql`${companyPageBlocks.sortOrder} + 1` })
    .where(
      and(
        eq(companyPageBlocks.pageId, page.id),
        eq(companyPageBlocks.pageType, pageType),
        gte(companyPageBlocks.sortOrder, order),
      ),
    );
  return order;
}

async function countBlocks(db: TDb | TTx, page: TPageRow) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(companyPageBlocks)
    .where(eq(companyPageBlocks.pageId, page.id));
  return Number(row?.n ?? 0);
}

/** Inserts one block at its place, within the page's limit. */
export async function insertBlock(
  ctx: TPageContext,
  {
    scope,
    pageId,
    pageType,
    order,
    values,
  }: TPageCall & {
    pageType: TPageType;
    order: number | undefined;
    values: Omit<typeof companyPageBlocks.$inferInsert, 'pageId' | 'companyId' | 'pageType' | 'sortOrder'>;
  },
): Promise<TBlockRow> {
  const { page } = await ownPage(ctx.db, scope, pageId);
  return ctx.db.transaction(async (tx) => {
    // One writer per page at a time: places and the limit are counted on a settled page.
    await tx
      .select({ id: companyPages.id })
      .from(companyPages)
      .where(eq(companyPages.id, page.id))
      .for('update');
    if ((await countBlocks(tx, page)) >= COMPANY_PAGE_LIMITS.blocksMax)
      throw new AppError('VALIDATION', companyPageMessages.tooManyBlocks);
    const sortOrder = await placeBlock(tx, page, pageType, order);
    const [row] = await tx
      .insert(companyPageBlocks)
      .values({ ...values, pageId: page.id, companyId: scope.companyId, pageType, sortOrder })
      .returning();
    return row!;
  });
}

/** spec 3 §7 PATCH /company-page/{id} {stats} and the banner update {bannerImage: image asset id or null}. */
export async function updateCompanyPage(
  ctx: TPageContext,
  { scope, pageId, body }: TPageCall & { body: z.output<typeof ZUpdateCompanyPageRequest> },
) {
  const { page } = await ownPage(ctx.db, scope, pageId);
  const set: Partial<typeof companyPages.$inferInsert> = {};
  if (body.stats) set.stats = body.stats;
  if (body.bannerImage !== undefined) {
    if (body.bannerImage !== null) {
      const [image] = await ctx.db
        .select({ id: imageAssets.id })
        .from(imageAssets)
        .where(and(eq(imageAssets.id, body.bannerImage), eq(imageAssets.companyId, scope.companyId)));
      if (!image) throw assetNotFound();
    }
    set.bannerImageId = body.bannerImage;
  }
  if (Object.keys(set).length) await ctx.db.update(companyPages).set(set).where(eq(companyPages.id, page.id));
  return answerAfterWrite(ctx, scope, page.id);
}

/** spec 3 §7 PATCH /company-page/{id}/text-area/{textAreaId} {header, content} */
export async function updateTextArea(
  ctx: TPageContext,
  {
    scope,
    pageId,
    blockId,
    body,
  }: TPageCall & { blockId: string; body: z.output<typeof ZUpdateTextAreaRequest> },
) {
  const { page } = await ownPage(ctx.db, scope, pageId);
  await ownBlock(ctx.db, page, blockId, ['TEXT_AREA']);
  await ctx.db
    .update(companyPageBlocks)
    .set({ header: body.header, content: body.content, updatedAt: new Date() })
    .where(eq(companyPageBlocks.id, blockId));
  return answerAfterWrite(ctx, scope, page.id);
}

/** POST /company-page/{id}/text-area (issue 15: an admin adds a text card). */
export async function createTextArea(
  ctx: TPageContext,
  { scope, pageId, body }: TPageCall & { body: z.output<typeof ZCreateTextAreaRequest> },
) {
  await insertBlock(ctx, {
    scope,
    pageId,
    pageType: body.pageType,
    order: body.order,
    values: { type: 'TEXT_AREA', header: body.header, content: body.content, infoType: body.infoType },
  });
  return answerAfterWrite(ctx, scope, pageId);
}

/** spec 3 §7 POST /company-page/{id}/quote {pageType, order, content, author} */
export async function createQuote(
  ctx: TPageContext,
  { scope, pageId, body }: TPageCall & { body: z.output<typeof ZCreateQuoteRequest> },
) {
  await insertBlock(ctx, {
    scope,
    pageId,
    pageType: body.pageType,
    order: body.order,
    values: { type: 'QUOTE', content: body.content, author: body.author },
  });
  return answerAfterWrite(ctx, scope, pageId);
}

/** spec 3 §7 PATCH /company-page/{id}/quote/{quoteId} */
export async function updateQuote(
  ctx: TPageContext,
  {
    scope,
    pageId,
    blockId,
    body,
  }: TPageCall & { blockId: string; body: z.output<typeof ZUpdateQuoteRequest> },
) {
  const { page } = await ownPage(ctx.db, scope, pageId);
  await ownBlock(ctx.db, page, blockId, ['QUOTE']);
  await ctx.db
    .update(companyPageBlocks)
    .set({ ...body, updatedAt: new Date() })
    .where(eq(companyPageBlocks.id, blockId));
  return answerAfterWrite(ctx, scope, page.id);
}

/** spec 3 §7 POST /company-page/{id}/asset {pageType, assetType, assetId, isPromoAsset, order} */
export async function addPageAsset(
  ctx: TPageContext,
  { scope, pageId, body }: TPageCall & { body: z.output<typeof ZCreatePageAssetRequest> },
) {
  const table = body.assetType === 'video' ? videoAssets : imageAssets;
  const [asset] = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, body.assetId), eq(table.companyId, scope.companyId)));
  if (!asset) throw assetNotFound();
  const type: TBlockType = body.isPromoAsset
    ? 'PROMO_ASSET'
    : body.assetType === 'video'
      ? 'VIDEO_ASSET'
      : 'IMAGE_ASSET';
  await insertBlock(ctx, {
    scope,
    pageId,
    pageType: body.pageType,
    order: body.order,
    values: {
      type,
      isPromoAsset: body.isPromoAsset,
      ...(body.assetType === 'video' ? { videoAssetId: body.assetId } : { imageAssetId: body.assetId }),
    },
  });
  return answerAfterWrite(ctx, scope, pageId);
}

/** POST /company-page/{id}/dynamic-element {pageType, type, order} (issue 15: put back stats, socials, jobs). */
export async function addDynamicElement(
  ctx: TPageContext,
  { scope, pageId, body }: TPageCall & { body: z.output<typeof ZCreateDynamicElementRequest> },
) {
  await insertBlock(ctx, {
    scope,
    pageId,
    pageType: body.pageType,
    order: body.order,
    values: { type: body.type },
  });
  return answerAfterWrite(ctx, scope, pageId);
}

/**
 * DELETE of a block of the given kinds: spec 3 §7 DELETE .../quote/{quoteId} and .../asset/{assetId} (the asset
 * entry's id; the library item stays), and .../text-area/{id}, .../dynamic-element/{id}.
 */
export async function deleteBlock(
  ctx: TPageContext,
  { scope, pageId, blockId, types }: TPageCall & { blockId: string; types: readonly TBlockType[] },
) {
  const { page } = await ownPage(ctx.db, scope, pageId);
  await ownBlock(ctx.db, page, blockId, types);
  await ctx.db.delete(companyPageBlocks).where(eq(companyPageBlocks.id, blockId));
  return answerAfterWrite(ctx, scope, page.id);
}

/**
 * spec 3 §7 PATCH /company-page/{id}/reorder {elements: [{_id, order}]}; §4: the order persists after a drag.
 * Every id must be a block of this page (else 404, and nothing changes).
 */
export async function reorderBlocks(
  ctx: TPageContext,
  { scope, pageId, body }: TPageCall & { body: z.output<typeof ZReorderRequest> },
) {
  const { page } = await ownPage(ctx.db, scope, pageId);
  const ids = body.elements.map((e) => e._id);
  await ctx.db.transaction(async (tx) => {
    const found = await tx
      .select({ id: companyPageBlocks.id })
      .from(companyPageBlocks)
      .where(and(eq(companyPageBlocks.pageId, page.id), inArray(companyPageBlocks.id, ids)))
      .for('update');
    if (found.length !== ids.length) throw new AppError('NOT_FOUND', companyPageMessages.reorderUnknown);
    const cases = sql.join(
      body.elements.map((e) => sql`when ${e._id}::uuid then ${e.order}::int`),
      sql` `,
    );
    await tx
      .update(companyPageBlocks)
      .set({ sortOrder: sql`case ${companyPageBlocks.id} ${cases} end` })
      .where(and(eq(companyPageBlocks.pageId, page.id), inArray(companyPageBlocks.id, ids)));
  });
  return answerAfterWrite(ctx, scope, page.id);
}

export { ownBlock, ownPage };
