import { and, eq, ne } from 'drizzle-orm';
import { companies, companyPageBlocks } from '@hirecast/db/schema';
import {
  PAGE_TYPES,
  buildCompanyPagePath,
  buildStoryPath,
  isPublicCompanySlug,
  SAMPLES_COMPANY_SLUG,
  storiesTabBlocks,
  type TPageType,
} from '@hirecast/domain/company-page-rules';
import type {
  TPublicBlock,
  TPublicCompanyPage,
  TPublicStory,
  TPublicStoryCard,
} from '@hirecast/domain/company-page';
import type { TDelta } from '@hirecast/domain/job';
import { buildCompanyCaptionsPath } from '@hirecast/domain/public-video';
import type { TContext } from '../../lib/context.ts';
import { publicUrl } from '../assets/index.ts';
import {
  loadPageData,
  toPageCompany,
  type TBlockRow,
  type TCompanyRow,
  type TPageData,
} from '../company-page/index.ts';
import { readPage } from '../company-page/index.ts';
import { toHostedVideo } from './job.ts';

type TPublicContext = Pick<TContext, 'db' | 'storage'>;
const SLUG = /^[a-z0-9-]{1,100}$/;

const websiteOf = (company: TCompanyRow) => company.info.find((l) => l.type === 'website')?.value ?? null;

export function toPublicCompany(company: TCompanyRow): TPublicCompanyPage['company'] {
  const { _id: _omit, ...rest } = toPageCompany(company);
  return { ...rest, website: websiteOf(company) };
}

/** A library video as the public players play it; null when it failed or has nothing to play yet. */
async function playable(ctx: TPublicContext, data: Pick<TPageData, 'videos' | 'company'>, id: string | null) {
  const row = id ? data.videos.get(id) : undefined;
  if (!row || row.status === 'error') return null;
  const video = await toHostedVideo(ctx, row, buildCompanyCaptionsPath(data.company.slug, row.id));
  return video.kind === 'hosted' && (video.mp4 || video.mp4_720p) ? video : null;
}

async function storyCard(
  ctx: TPublicContext,
  data: Pick<TPageData, 'videos' | 'company'>,
  companySlug: string,
  b: TBlockRow,
): Promise<TPublicStoryCard> {
  const slug = b.slug ?? '';
  return {
    slug,
    path: buildStoryPath(companySlug, slug),
    name: b.personName ?? '',
    title: b.title ?? '',
    quoteText: b.quoteText ?? '',
    video: await playable(ctx, data, b.storyVideoId),
  };
}

/** One block as the public page shows it, or null when it has nothing to show (an empty text, a gone asset). */
async function publicBlock(ctx: TPublicContext, data: TPageData, b: TBlockRow): Promise<TPublicBlock | null> {
  switch (b.type) {
    case 'TEXT_AREA':
      return b.content?.trim()
        ? { _id: b.id, type: 'TEXT_AREA', header: b.header ?? '', content: b.content }
        : null;
    case 'QUOTE':
      return b.content?.trim()
        ? { _id: b.id, type: 'QUOTE', content: b.content, author: b.author ?? '' }
        : null;
    case 'IMAGE_ASSET':
    case 'VIDEO_ASSET':
    case 'PROMO_ASSET': {
      const promo = b.type === 'PROMO_ASSET' || b.isPromoAsset;
      if (b.imageAssetId) {
        const row = data.images.get(b.imageAssetId);
        if (!row) return null;
        const [url, w400, w640] = await Promise.all([
          publicUrl(ctx, row.url),
          publicUrl(ctx, row.data.image400),
          publicUrl(ctx, row.data.image640),
        ]);
        if (!url) return null;
        const srcSet = w400 && w640 && row.width ? `${w400} 400w, ${w640} 640w, ${url} ${row.width}w` : null;
        return {
          _id: b.id,
          type: 'IMAGE_ASSET',
          promo,
          image: { url, srcSet, width: row.width, height: row.height, alt: row.title },
        };
      }
      const video = await playable(ctx, data, b.videoAssetId);
      const title = (b.videoAssetId && data.videos.get(b.videoAssetId)?.title) || '';
      return video ? { _id: b.id, type: 'VIDEO_ASSET', promo, title, video } : null;
    }
    case 'STATISTIC': {
      const s = data.page.stats;
      const any = [s.foundingYear, s.employees, s.gender.male, s.gender.female].some((v) => v !== null);
      return any ? { _id: b.id, type: 'STATISTIC', stats: s } : null;
    }
    case 'SOCIALS':
      return data.company.info.length ? { _id: b.id, type: 'SOCIALS' } : null;
    case 'LATEST_JOBS':
      return { _id: b.id, type: 'LATEST_JOBS' };
    case 'TESTIMONIAL_CARD':
      return { _id: b.id, type: 'TESTIMONIAL_CARD', story: await storyCard(ctx, data, data.company.slug, b) };
    default:
      return null;
  }
}

async function companyBySlug(ctx: TPublicContext, slug: string) {
  // Issue 23 item 6: the internal samples company has no public page.
  if (!SLUG.test(slug) || !isPublicCompanySlug(slug)) return null;
  const [company] = await ctx.db.select().from(companies).where(eq(companies.slug, slug));
  return company ?? null;
}

export type TLoadedCompanyPage = { page: TPublicCompanyPage; data: TPageData };

/** spec 3 §2 the public company page (issue 15): its tabs' blocks in order, and only the open jobs. */
export async function loadPublicCompanyPage(
  ctx: TPublicContext,
  slug: string,
): Promise<TLoadedCompanyPage | null> {
  const found = await companyBySlug(ctx, slug);
  const read = found ? await readPage(ctx.db, found.id) : null;
  if (!read) return null;
  const { page, company } = read;
  const data = await loadPageData(ctx.db, page, company, read.blocks);
  const pages = Object.fromEntries(PAGE_TYPES.map((t) => [t, [] as TPublicBlock[]])) as Record<
    TPageType,
    TPublicBlock[]
  >;
  // The Stories tab shows every story, also those placed on another tab (issue 23 item 6).
  const shown = new Map<string, TPublicBlock | null>();
  for (const pageType of PAGE_TYPES) {
    const rows =
      pageType === 'STORIES'
        ? storiesTabBlocks(data.blocks)
        : data.blocks.filter((b) => b.pageType === pageType);
    for (const b of rows) {
      if (!shown.has(b.id)) shown.set(b.id, await publicBlock(ctx, data, b));
      const block = shown.get(b.id);
      if (block) pages[pageType].push(block);
    }
  }
  const banner = page.bannerImageId ? data.images.get(page.bannerImageId) : undefined;
  return {
    data,
    page: {
      company: toPublicCompany(company),
      bannerImage: banner ? await publicUrl(ctx, banner.url) : null,
      pages,
      jobs: data.jobs.map(({ _id: _omit, ...job }) => job),
      path: buildCompanyPagePath(company.slug),
    },
  };
}

/** spec 3 §2 a story's page, /company/{slug}/stories/{storySlug}, with the company's other stories. */
export async function loadPublicStory(
  ctx: TPublicContext,
  { slug, storySlug }: { slug: string; storySlug: string },
): Promise<TPublicStory | null> {
  const company = await companyBySlug(ctx, slug);
  if (!company || !SLUG.test(storySlug)) return null;
  const read = await readPage(ctx.db, company.id);
  if (!read) return null;
  const data = await loadPageData(ctx.db, read.page, company, read.blocks);
  const stories = data.blocks.filter((b) => b.type === 'TESTIMONIAL_CARD');
  const story = stories.find((b) => b.slug === storySlug);
  if (!story) return null;
  const card = await storyCard(ctx, data, company.slug, story);
  const others = await Promise.all(
    stories.filter((b) => b.id !== story.id).map((b) => storyCard(ctx, data, company.slug, b)),
  );
  return {
    ...card,
    text: (story.text as TDelta | null) ?? null,
    updatedAt: story.updatedAt.toISOString(),
    company: toPublicCompany(company),
    otherStories: others.slice(0, 6),
  };
}

/** The stories of every company, for sitemap.xml. */
export async function listPublicStories(ctx: Pick<TContext, 'db'>) {
  return ctx.db
    .select({
      companySlug: companies.slug,
      slug: companyPageBlocks.slug,
      updatedAt: companyPageBlocks.updatedAt,
    })
    .from(companyPageBlocks)
    .innerJoin(companies, eq(companies.id, companyPageBlocks.companyId))
    .where(and(eq(companyPageBlocks.type, 'TESTIMONIAL_CARD'), ne(companies.slug, SAMPLES_COMPANY_SLUG)))
    .limit(10_000);
}
