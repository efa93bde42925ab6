import { z } from 'zod';
import { ZImageAsset, ZVideoAsset } from './asset.ts';
import {
  COMPANY_PAGE_LIMITS,
  DYNAMIC_BLOCK_TYPES,
  PAGE_ASSET_TYPES,
  PAGE_TYPES,
  STORY_SLUG_PATTERN,
  STORY_TYPE,
  TEXT_AREA_INFO_TYPES,
  checkFoundingYear,
  companyPageMessages,
  type TPageType,
} from './company-page-rules.ts';
import { ZLocation } from './company.ts';
import { SOCIAL_TYPES } from './constants.ts';
import { CURRENCIES, EMPLOYMENT_TYPES, LOCATION_TYPES, SALARY_UNITS, ZDelta, ZJobLocation } from './job.ts';
import { ZPublicVideo } from './public-video.ts';

// spec 3 §7 "Company page": the bodies and answers of every call, and the public site's page data. The rules
// (types, limits, messages, slugs, URLs, ordering) are in company-page-rules.ts.

const zCount = z
  .number({ error: companyPageMessages.numberInvalid })
  .int(companyPageMessages.numberInvalid)
  .min(0, companyPageMessages.numberInvalid)
  .max(10_000_000, companyPageMessages.numberInvalid)
  .nullable();

export const ZCompanyPageStats = z.object({
  foundingYear: z
    .number({ error: companyPageMessages.yearDigits })
    .nullable()
    .superRefine((year, ctx) => {
      const problem = checkFoundingYear(year);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  employees: zCount,
  gender: z.object({ male: zCount, female: zCount }),
});

// ---- request bodies (spec 3 §7) ----

const zPageType = z.enum(PAGE_TYPES, { error: 'Unknown page type' });
const zOrder = z.number().int().min(0).max(100_000);
const zRequiredText = (max: number, tooLong: string) =>
  z
    .string({ error: companyPageMessages.required })
    .trim()
    .min(1, companyPageMessages.required)
    .max(max, tooLong);

/** PATCH /company-page/{id}: the stats (debounced saves), and the banner (an image asset id, or null). */
export const ZUpdateCompanyPageRequest = z
  .object({
    stats: ZCompanyPageStats,
    bannerImage: z.uuid({ error: companyPageMessages.assetNotFound }).nullable(),
  })
  .partial()
  .strict();
export type TUpdateCompanyPageRequest = z.input<typeof ZUpdateCompanyPageRequest>;

/** spec 3 §5 Text card: title ≤ 90, text ≤ 500, both non-empty. */
export const ZTextAreaFields = z.object({
  header: zRequiredText(COMPANY_PAGE_LIMITS.textAreaHeaderMax, companyPageMessages.textAreaHeaderTooLong),
  content: zRequiredText(COMPANY_PAGE_LIMITS.textAreaContentMax, companyPageMessages.textAreaContentTooLong),
});
/** PATCH /company-page/{id}/text-area/{textAreaId} */
export const ZUpdateTextAreaRequest = ZTextAreaFields.strict();
export type TUpdateTextAreaRequest = z.input<typeof ZUpdateTextAreaRequest>;
/**
 * POST /company-page/{id}/text-area: not among the spec's calls (its text areas are the default ones), added so
 * an admin can add a text card; DELETE /company-page/{id}/text-area/{textAreaId} removes one.
 */
export const ZCreateTextAreaRequest = ZTextAreaFields.extend({
  pageType: zPageType,
  infoType: z.enum(TEXT_AREA_INFO_TYPES).default('ABOUT_COMPANY'),
  order: zOrder.optional(),
}).strict();
export type TCreateTextAreaRequest = z.input<typeof ZCreateTextAreaRequest>;

/** spec 3 §5 Quote card: quote ≤ 250 and required, author ≤ 50. */
export const ZQuoteFields = z.object({
  content: zRequiredText(COMPANY_PAGE_LIMITS.quoteContentMax, companyPageMessages.quoteTooLong),
  author: z
    .string()
    .trim()
    .max(COMPANY_PAGE_LIMITS.quoteAuthorMax, companyPageMessages.quoteAuthorTooLong)
    .default(''),
});
/** POST /company-page/{id}/quote {pageType, order, content, author} */
export const ZCreateQuoteRequest = ZQuoteFields.extend({
  pageType: zPageType,
  order: zOrder.optional(),
}).strict();
export type TCreateQuoteRequest = z.input<typeof ZCreateQuoteRequest>;
/** PATCH /company-page/{id}/quote/{quoteId} */
export const ZUpdateQuoteRequest = ZQuoteFields.partial().strict();
export type TUpdateQuoteRequest = z.input<typeof ZUpdateQuoteRequest>;

/** POST /company-page/{id}/asset {pageType, assetType, assetId, isPromoAsset, order} */
export const ZCreatePageAssetRequest = z
  .object({
    pageType: zPageType,
    assetType: z.enum(PAGE_ASSET_TYPES),
    assetId: z.uuid({ error: companyPageMessages.assetNotFound }),
    isPromoAsset: z.boolean().default(false),
    order: zOrder.optional(),
  })
  .strict();
export type TCreatePageAssetRequest = z.input<typeof ZCreatePageAssetRequest>;

/**
 * POST /company-page/{id}/dynamic-element {pageType, type, order}: not among the spec's calls (the defaults hold
 * the stats, socials and latest jobs), added so a removed one can be put back; DELETE .../dynamic-element/{id}.
 */
export const ZCreateDynamicElementRequest = z
  .object({ pageType: zPageType, type: z.enum(DYNAMIC_BLOCK_TYPES), order: zOrder.optional() })
  .strict();
export type TCreateDynamicElementRequest = z.input<typeof ZCreateDynamicElementRequest>;

/** PATCH /company-page/{id}/reorder {elements: [{_id, order}]} */
export const ZReorderRequest = z
  .object({
    elements: z
      .array(z.object({ _id: z.uuid({ error: companyPageMessages.blockNotFound }), order: zOrder }).strict())
      .min(1)
      .max(COMPANY_PAGE_LIMITS.blocksMax)
      .refine(
        (els) => new Set(els.map((e) => e._id)).size === els.length,
        companyPageMessages.reorderDuplicate,
      ),
  })
  .strict();
export type TReorderRequest = z.input<typeof ZReorderRequest>;

/** spec 3 §5 Employee story: the dialog's fields. */
export const ZStoryFields = z.object({
  name: zRequiredText(COMPANY_PAGE_LIMITS.storyNameMax, companyPageMessages.storyNameTooLong),
  /** Empty: made from the name. */
  slug: z
    .string()
    .trim()
    .max(COMPANY_PAGE_LIMITS.storySlugMax, companyPageMessages.storySlugTooLong)
    .refine((s) => s === '' || STORY_SLUG_PATTERN.test(s), companyPageMessages.slugInvalid)
    .default(''),
  /** The position (spec 3 §3 `title`). */
  title: zRequiredText(COMPANY_PAGE_LIMITS.storyPositionMax, companyPageMessages.storyPositionTooLong),
  quoteText: z
    .string()
    .trim()
    .max(COMPANY_PAGE_LIMITS.storyQuoteMax, companyPageMessages.storyQuoteTooLong)
    .default(''),
  /** A library video id. */
  _video: z.uuid({ error: companyPageMessages.required }),
  /** The text editor field: a Quill Delta. */
  text: ZDelta.nullable().default(null),
});
/** POST /company-page/{id}/employer-testimonial */
export const ZCreateStoryRequest = ZStoryFields.extend({
  pageType: zPageType.default('STORIES'),
  order: zOrder.optional(),
}).strict();
export type TCreateStoryRequest = z.input<typeof ZCreateStoryRequest>;
/** PATCH /company-page/{id}/employer-testimonial/{slug} */
export const ZUpdateStoryRequest = ZStoryFields.partial().strict();
export type TUpdateStoryRequest = z.input<typeof ZUpdateStoryRequest>;

// ---- answers ----

/** spec 3 §3: the company fields the page reads. */
export const ZCompanyPageCompany = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  industry: z.string(),
  description: z.string(),
  location: ZLocation.partial(),
  info: z.array(z.object({ type: z.enum(SOCIAL_TYPES), value: z.string() })),
  primaryColor: z.string(),
  backgroundColor: z.string(),
});
export type TCompanyPageCompany = z.infer<typeof ZCompanyPageCompany>;

/** spec 3 §3: the job fields the Jobs tab reads, with the public path (spec 3 §2). Open jobs only. */
export const ZCompanyPageJob = z.object({
  _id: z.string(),
  shortId: z.string(),
  title: z.string(),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  locationType: z.enum(LOCATION_TYPES),
  location: ZJobLocation.nullable(),
  hideLocation: z.boolean(),
  salary: z.object({
    from: z.string().nullable().optional(),
    to: z.string().nullable().optional(),
    currency: z.enum(CURRENCIES),
    unit: z.enum(SALARY_UNITS),
  }),
  status: z.literal('open'),
  path: z.string(),
});
export type TCompanyPageJob = z.infer<typeof ZCompanyPageJob>;

const blockBase = { _id: z.string(), order: z.number().int(), pageType: z.enum(PAGE_TYPES) };

export const ZTextArea = z.object({
  ...blockBase,
  header: z.string(),
  content: z.string(),
  infoType: z.enum(TEXT_AREA_INFO_TYPES),
});
export type TTextArea = z.infer<typeof ZTextArea>;
export const ZQuote = z.object({ ...blockBase, content: z.string(), author: z.string() });
export type TQuote = z.infer<typeof ZQuote>;
/** spec 3 §3 Asset entry: doc, isPromoAsset, order. `doc` is null when the library item has gone. */
export const ZPageAsset = z.discriminatedUnion('assetType', [
  z.object({
    ...blockBase,
    assetType: z.literal('video'),
    isPromoAsset: z.boolean(),
    doc: ZVideoAsset.nullable(),
  }),
  z.object({
    ...blockBase,
    assetType: z.literal('image'),
    isPromoAsset: z.boolean(),
    doc: ZImageAsset.nullable(),
  }),
]);
export type TPageAsset = z.infer<typeof ZPageAsset>;
export const ZDynamicElement = z.object({ ...blockBase, type: z.enum(DYNAMIC_BLOCK_TYPES) });
export type TDynamicElement = z.infer<typeof ZDynamicElement>;
/** spec 3 §3 Employer testimonial (story). */
export const ZStory = z.object({
  ...blockBase,
  _video: z.string().nullable(),
  video: ZVideoAsset.nullable(),
  _person: z.object({ name: z.string() }),
  quoteText: z.string(),
  slug: z.string(),
  text: ZDelta.nullable(),
  title: z.string(),
  type: z.literal(STORY_TYPE),
  updatedAt: z.string(),
});
export type TStory = z.infer<typeof ZStory>;

/** One entry of `sortedBlocks`: the block's type, id and order, and the item it shows. */
export const ZSortedBlock = z.discriminatedUnion('type', [
  z.object({ _id: z.string(), order: z.number().int(), type: z.literal('TEXT_AREA'), textArea: ZTextArea }),
  z.object({ _id: z.string(), order: z.number().int(), type: z.literal('QUOTE'), quote: ZQuote }),
  z.object({ _id: z.string(), order: z.number().int(), type: z.literal('IMAGE_ASSET'), asset: ZPageAsset }),
  z.object({ _id: z.string(), order: z.number().int(), type: z.literal('VIDEO_ASSET'), asset: ZPageAsset }),
  z.object({ _id: z.string(), order: z.number().int(), type: z.literal('PROMO_ASSET'), asset: ZPageAsset }),
  z.object({ _id: z.string(), order: z.number().int(), type: z.literal('STATISTIC') }),
  z.object({ _id: z.string(), order: z.number().int(), type: z.literal('SOCIALS') }),
  z.object({ _id: z.string(), order: z.number().int(), type: z.literal('LATEST_JOBS') }),
  z.object({ _id: z.string(), order: z.number().int(), type: z.literal('TESTIMONIAL_CARD'), story: ZStory }),
]);
export type TSortedBlock = z.infer<typeof ZSortedBlock>;

/** spec 3 §3: one page by type. */
export const ZCompanyPageTab = z.object({
  pageType: z.enum(PAGE_TYPES),
  assets: z.array(ZPageAsset),
  textAreas: z.array(ZTextArea),
  quotes: z.array(ZQuote),
  dynamicElements: z.array(ZDynamicElement),
  employerTestimonials: z.array(ZStory),
  sortedBlocks: z.array(ZSortedBlock),
});
export type TCompanyPageTab = z.infer<typeof ZCompanyPageTab>;

/** The answer of GET /company-page/{companyId}/company and of every page write. */
export const ZCompanyPage = z.object({
  _id: z.string(),
  _company: z.string(),
  /** The banner's URL (spec 3 §3), and the image asset it comes from. */
  bannerImage: z.string().nullable(),
  bannerImageId: z.string().nullable(),
  stats: ZCompanyPageStats,
  pages: z.object({
    WHY_JOIN: ZCompanyPageTab,
    BENEFITS: ZCompanyPageTab,
    STORIES: ZCompanyPageTab,
    JOBS: ZCompanyPageTab,
  }),
  company: ZCompanyPageCompany,
  /** The company's open jobs, newest first (spec 3 §4: only open jobs appear). */
  jobs: z.array(ZCompanyPageJob),
  /** Public addresses, for the embed dialog and the story cards. */
  publicUrl: z.string(),
  embedUrl: z.string(),
  updatedAt: z.string(),
});
export type TCompanyPage = z.infer<typeof ZCompanyPage>;

export const ZDeleteAnswer = z.object({ deleted: z.literal(true) });

// ---- the public side (apps/site): GET /api/public/company/{slug}, .../stories/{storySlug} ----

export const ZPublicPageImage = z.object({
  url: z.string(),
  /** The 400 and 640 px renditions and the original, for `srcset`. */
  srcSet: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  alt: z.string(),
});
export const ZPublicStoryCard = z.object({
  slug: z.string(),
  path: z.string(),
  name: z.string(),
  title: z.string(),
  quoteText: z.string(),
  video: ZPublicVideo.nullable(),
});
export type TPublicStoryCard = z.infer<typeof ZPublicStoryCard>;
export const ZPublicBlock = z.discriminatedUnion('type', [
  z.object({ _id: z.string(), type: z.literal('TEXT_AREA'), header: z.string(), content: z.string() }),
  z.object({ _id: z.string(), type: z.literal('QUOTE'), content: z.string(), author: z.string() }),
  z.object({ _id: z.string(), type: z.literal('IMAGE_ASSET'), promo: z.boolean(), image: ZPublicPageImage }),
  z.object({
    _id: z.string(),
    type: z.literal('VIDEO_ASSET'),
    promo: z.boolean(),
    title: z.string(),
    video: ZPublicVideo,
  }),
  z.object({ _id: z.string(), type: z.literal('STATISTIC'), stats: ZCompanyPageStats }),
  z.object({ _id: z.string(), type: z.literal('SOCIALS') }),
  z.object({ _id: z.string(), type: z.literal('LATEST_JOBS') }),
  z.object({ _id: z.string(), type: z.literal('TESTIMONIAL_CARD'), story: ZPublicStoryCard }),
]);
export type TPublicBlock = z.infer<typeof ZPublicBlock>;

export const ZPublicCompanyPage = z.object({
  company: ZCompanyPageCompany.omit({ _id: true }).extend({ website: z.string().nullable() }),
  bannerImage: z.string().nullable(),
  /** Blocks of each tab, in order, with what cannot be shown (an empty text, a missing asset) left out. */
  pages: z.object({
    WHY_JOIN: z.array(ZPublicBlock),
    BENEFITS: z.array(ZPublicBlock),
    STORIES: z.array(ZPublicBlock),
    JOBS: z.array(ZPublicBlock),
  }),
  jobs: z.array(ZCompanyPageJob.omit({ _id: true })),
  path: z.string(),
});
export type TPublicCompanyPage = z.infer<typeof ZPublicCompanyPage>;

export const ZPublicStory = ZPublicStoryCard.extend({
  text: ZDelta.nullable(),
  updatedAt: z.string(),
  company: ZPublicCompanyPage.shape.company,
  otherStories: z.array(ZPublicStoryCard),
});
export type TPublicStory = z.infer<typeof ZPublicStory>;

/** The `{ pageType: blocks }` record of an empty page. */
export const emptyPages = <T>(make: () => T) =>
  Object.fromEntries(PAGE_TYPES.map((t) => [t, make()])) as Record<TPageType, T>;
