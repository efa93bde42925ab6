import { and, eq, ne, sql } from 'drizzle-orm';
import { companyPageBlocks, videoAssets } from '@hirecast/db/schema';
import type { TDb } from '@hirecast/db/client';
import type { TStory, ZCreateStoryRequest, ZUpdateStoryRequest } from '@hirecast/domain/company-page';
import { STORY_CONFLICTS, companyPageMessages, storySlugFromName } from '@hirecast/domain/company-page-rules';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { uniqueViolation } from '../../lib/unique-violation.ts';
import { insertBlock, ownPage, type TPageCall } from './service.ts';
import { toStory } from './serialize.ts';
import type { TBlockRow, TPageRow } from './load.ts';

type TStoryContext = Pick<TContext, 'db' | 'storage' | 'config'>;
const storyNotFound = () => new AppError('NOT_FOUND', companyPageMessages.storyNotFound);
const STORY = 'TESTIMONIAL_CARD';

// spec 3 §8: 'name is not unique' and 'slug is not unique' become the field messages; the dialog shows them.
const nameTaken = () =>
  new AppError('CONFLICT', STORY_CONFLICTS.name.message, { name: STORY_CONFLICTS.name.message });
const slugTaken = () =>
  new AppError('CONFLICT', STORY_CONFLICTS.slug.message, { slug: STORY_CONFLICTS.slug.message });

/** The unique index a write lost on, as the §8 error (a check before the write cannot see a concurrent one). */
function conflictOf(err: unknown): AppError | null {
  const constraint = uniqueViolation(err);
  if (constraint === 'company_page_blocks_story_name_uq') return nameTaken();
  if (constraint === 'company_page_blocks_story_slug_uq') return slugTaken();
  return null;
}

async function assertUnique(
  db: TDb,
  page: TPageRow,
  { name, slug, exceptId }: { name?: string; slug?: string; exceptId?: string },
) {
  const others = (extra: ReturnType<typeof eq>) =>
    db
      .select({ id: companyPageBlocks.id })
      .from(companyPageBlocks)
      .where(
        and(
          eq(companyPageBlocks.pageId, page.id),
          eq(companyPageBlocks.type, STORY),
          extra,
          ...(exceptId ? [ne(companyPageBlocks.id, exceptId)] : []),
        ),
      )
      .limit(1);
  if (
    name !== undefined &&
    (await others(eq(sql`lower(${companyPageBlocks.personName})`, name.toLowerCase()))).length
  )
    throw nameTaken();
  if (slug !== undefined && (await others(eq(companyPageBlocks.slug, slug))).length) throw slugTaken();
}

async function assertOwnVideo(db: TDb, companyId: string, videoId: string) {
  const [video] = await db
    .select({ id: videoAssets.id })
    .from(videoAssets)
    .where(and(eq(videoAssets.id, videoId), eq(videoAssets.companyId, companyId)));
  if (!video)
    throw new AppError('VALIDATION', companyPageMessages.assetNotFound, {
      _video: companyPageMessages.assetNotFound,
    });
}

async function storyBySlug(db: TDb, page: TPageRow, slug: string) {
  if (slug.length > 200) throw storyNotFound();
  const [row] = await db
    .select()
    .from(companyPageBlocks)
    .where(
      and(
        eq(companyPageBlocks.pageId, page.id),
        eq(companyPageBlocks.type, STORY),
        eq(companyPageBlocks.slug, slug),
      ),
    );
  if (!row) throw storyNotFound();
  return row;
}

async function answerStory(ctx: TStoryContext, row: TBlockRow): Promise<TStory> {
  const videos = new Map();
  if (row.storyVideoId) {
    const [video] = await ctx.db
      .select()
      .from(videoAssets)
      .where(and(eq(videoAssets.id, row.storyVideoId), eq(videoAssets.companyId, row.companyId)));
    if (video) videos.set(video.id, video);
  }
  return toStory(ctx, row, { videos });
}

/** spec 3 §7 POST /company-page/{id}/employer-testimonial; §5 Employee story; §8 messages. */
export async function createStory(
  ctx: TStoryContext,
  { scope, pageId, body }: TPageCall & { body: z.output<typeof ZCreateStoryRequest> },
) {
  const { page } = await ownPage(ctx.db, scope, pageId);
  const slug = body.slug || storySlugFromName(body.name);
  await assertUnique(ctx.db, page, { name: body.name, slug });
  await assertOwnVideo(ctx.db, scope.companyId, body._video);
  try {
    const row = await insertBlock(ctx, {
      scope,
      pageId,
      pageType: body.pageType,
      order: body.order,
      values: {
        type: STORY,
        personName: body.name,
        slug,
        title: body.title,
        quoteText: body.quoteText,
        storyVideoId: body._video,
        text: body.text,
      },
    });
    return answerStory(ctx, row);
  } catch (err) {
    throw conflictOf(err) ?? err;
  }
}

/** spec 3 §7 GET /company-page/{id}/employer-testimonial/{slug} */
export async function getStory(ctx: TStoryContext, { scope, pageId, slug }: TPageCall & { slug: string }) {
  const { page } = await ownPage(ctx.db, scope, pageId);
  return answerStory(ctx, await storyBySlug(ctx.db, page, slug));
}

/** spec 3 §7 PATCH /company-page/{id}/employer-testimonial/{slug}: any of the dialog's fields. */
export async function updateStory(
  ctx: TStoryContext,
  { scope, pageId, slug, body }: TPageCall & { slug: string; body: z.output<typeof ZUpdateStoryRequest> },
) {
  const { page } = await ownPage(ctx.db, scope, pageId);
  const story = await storyBySlug(ctx.db, page, slug);
  // An emptied slug is made again from the (new) name.
  const nextSlug = body.slug === '' ? storySlugFromName(body.name ?? story.personName ?? '') : body.slug;
  await assertUnique(ctx.db, page, { name: body.name, slug: nextSlug, exceptId: story.id });
  if (body._video) await assertOwnVideo(ctx.db, scope.companyId, body._video);
  const set: Partial<typeof companyPageBlocks.$inferInsert> = { updatedAt: new Date() };
  if (body.name !== undefined) set.personName = body.name;
  if (nextSlug !== undefined) set.slug = nextSlug;
  if (body.title !== undefined) set.title = body.title;
  if (body.quoteText !== undefined) set.quoteText = body.quoteText;
  if (body._video !== undefined) set.storyVideoId = body._video;
  if (body.text !== undefined) set.text = body.text;
  try {
    const [row] = await ctx.db
      .update(companyPageBlocks)
      .set(set)
      .where(eq(companyPageBlocks.id, story.id))
      .returning();
    return answerStory(ctx, row!);
  } catch (err) {
    throw conflictOf(err) ?? err;
  }
}

/** spec 3 §7 DELETE /company-page/{id}/employer-testimonial/{slug}: the story and its card. */
export async function deleteStory(ctx: TStoryContext, { scope, pageId, slug }: TPageCall & { slug: string }) {
  const { page } = await ownPage(ctx.db, scope, pageId);
  const story = await storyBySlug(ctx.db, page, slug);
  await ctx.db.delete(companyPageBlocks).where(eq(companyPageBlocks.id, story.id));
}
