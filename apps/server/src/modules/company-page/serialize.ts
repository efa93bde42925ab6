import {
  PAGE_TYPES,
  STORY_TYPE,
  buildCompanyPageUrl,
  buildEmbedUrl,
  storiesTabBlocks,
  type TPageType,
} from '@hirecast/domain/company-page-rules';
import type {
  TCompanyPage,
  TCompanyPageTab,
  TPageAsset,
  TQuote,
  TSortedBlock,
  TStory,
  TTextArea,
} from '@hirecast/domain/company-page';
import type { TDelta } from '@hirecast/domain/job';
import type { TContext } from '../../lib/context.ts';
import { toVideoAsset } from '../assets/index.ts';
import { toImageAsset } from '../image-assets/index.ts';
import { toPageCompany, type TBlockRow, type TPageData } from './load.ts';

type TSerializeContext = Pick<TContext, 'storage' | 'config'>;

const base = (b: TBlockRow) => ({ _id: b.id, order: b.sortOrder, pageType: b.pageType as TPageType });

export function toTextArea(b: TBlockRow): TTextArea {
  return {
    ...base(b),
    header: b.header ?? '',
    content: b.content ?? '',
    infoType: (b.infoType ?? 'ABOUT_COMPANY') as TTextArea['infoType'],
  };
}
export const toQuote = (b: TBlockRow): TQuote => ({
  ...base(b),
  content: b.content ?? '',
  author: b.author ?? '',
});

export async function toStory(
  ctx: TSerializeContext,
  b: TBlockRow,
  data: Pick<TPageData, 'videos'>,
): Promise<TStory> {
  const video = b.storyVideoId ? data.videos.get(b.storyVideoId) : undefined;
  return {
    ...base(b),
    _video: b.storyVideoId,
    video: video ? await toVideoAsset(ctx, video, null) : null,
    _person: { name: b.personName ?? '' },
    quoteText: b.quoteText ?? '',
    slug: b.slug ?? '',
    text: (b.text as TDelta | null) ?? null,
    title: b.title ?? '',
    type: STORY_TYPE,
    updatedAt: b.updatedAt.toISOString(),
  };
}

async function toPageAsset(ctx: TSerializeContext, b: TBlockRow, data: TPageData): Promise<TPageAsset> {
  if (b.imageAssetId) {
    const image = data.images.get(b.imageAssetId);
    return {
      ...base(b),
      assetType: 'image',
      isPromoAsset: b.isPromoAsset,
      doc: image ? await toImageAsset(ctx, image) : null,
    };
  }
  const video = b.videoAssetId ? data.videos.get(b.videoAssetId) : undefined;
  return {
    ...base(b),
    assetType: 'video',
    isPromoAsset: b.isPromoAsset,
    doc: video ? await toVideoAsset(ctx, video, null) : null,
  };
}

/** One block row as the editor's answer gives it in `sortedBlocks`; null for a type it does not know. */
async function toSortedBlock(
  ctx: TSerializeContext,
  b: TBlockRow,
  data: TPageData,
): Promise<TSortedBlock | null> {
  const head = { _id: b.id, order: b.sortOrder };
  switch (b.type) {
    case 'TEXT_AREA':
      return { ...head, type: 'TEXT_AREA', textArea: toTextArea(b) };
    case 'QUOTE':
      return { ...head, type: 'QUOTE', quote: toQuote(b) };
    case 'IMAGE_ASSET':
    case 'VIDEO_ASSET':
    case 'PROMO_ASSET':
      return { ...head, type: b.type, asset: await toPageAsset(ctx, b, data) };
    case 'STATISTIC':
    case 'SOCIALS':
    case 'LATEST_JOBS':
      return { ...head, type: b.type };
    case 'TESTIMONIAL_CARD':
      return { ...head, type: 'TESTIMONIAL_CARD', story: await toStory(ctx, b, data) };
    default:
      return null;
  }
}

function emptyTab(pageType: TPageType): TCompanyPageTab {
  return {
    pageType,
    assets: [],
    textAreas: [],
    quotes: [],
    dynamicElements: [],
    employerTestimonials: [],
    sortedBlocks: [],
  };
}

/** The answer of GET /company-page/{companyId}/company and of every page write (spec 3 §3). */
export async function toCompanyPage(ctx: TSerializeContext, data: TPageData): Promise<TCompanyPage> {
  const pages = Object.fromEntries(PAGE_TYPES.map((t) => [t, emptyTab(t)])) as Record<
    TPageType,
    TCompanyPageTab
  >;
  // The blocks come sorted (load.ts), so every list of a tab is in order. The Stories tab also lists the stories
  // placed on the other tabs (storiesTabBlocks), so one row may be shown on two tabs.
  const shown = new Map<string, TSortedBlock | null>();
  for (const pageType of PAGE_TYPES) {
    const tab = pages[pageType];
    const rows =
      pageType === 'STORIES'
        ? storiesTabBlocks(data.blocks)
        : data.blocks.filter((b) => b.pageType === pageType);
    for (const b of rows) {
      if (!shown.has(b.id)) shown.set(b.id, await toSortedBlock(ctx, b, data));
      const block = shown.get(b.id);
      if (!block) continue;
      switch (block.type) {
        case 'TEXT_AREA':
          tab.textAreas.push(block.textArea);
          break;
        case 'QUOTE':
          tab.quotes.push(block.quote);
          break;
        case 'IMAGE_ASSET':
        case 'VIDEO_ASSET':
        case 'PROMO_ASSET':
          tab.assets.push(block.asset);
          break;
        case 'STATISTIC':
        case 'SOCIALS':
        case 'LATEST_JOBS':
          tab.dynamicElements.push({ ...base(b), type: block.type });
          break;
        case 'TESTIMONIAL_CARD':
          tab.employerTestimonials.push(block.story);
          break;
      }
      tab.sortedBlocks.push(block);
    }
  }
  const banner = data.page.bannerImageId ? data.images.get(data.page.bannerImageId) : undefined;
  const site = ctx.config.publicUrl;
  return {
    _id: data.page.id,
    _company: data.company.id,
    bannerImage: banner ? (await toImageAsset(ctx, banner)).url : null,
    bannerImageId: banner ? banner.id : null,
    stats: data.page.stats,
    pages,
    company: toPageCompany(data.company),
    jobs: data.jobs,
    publicUrl: buildCompanyPageUrl(site, data.company.slug),
    embedUrl: buildEmbedUrl(site, data.company.slug),
    updatedAt: data.page.updatedAt.toISOString(),
  };
}
