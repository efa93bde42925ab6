import { slugifySegment } from './share-url.ts';

// spec 3 §3 "Company page", §4 "Other", §5 "Employee story", "Text card", "Quote card", "Statistics", §8 (story
// messages, embed copy, no live jobs), §9 (career page constants). No zod here: the public site's pages import
// these rules (the schemas of the calls are in company-page.ts).
//
// One company has one page. The page has four tabs (pages by type); each tab holds blocks with one order
// sequence. Every block (text area, quote, asset entry, dynamic element, employee story) has one `_id` from one
// id space, so PATCH /company-page/{id}/reorder takes any block's `_id`.

export const PAGE_TYPES = ['WHY_JOIN', 'BENEFITS', 'STORIES', 'JOBS'] as const;
export type TPageType = (typeof PAGE_TYPES)[number];

export const BLOCK_TYPES = [
  'TEXT_AREA',
  'QUOTE',
  'IMAGE_ASSET',
  'VIDEO_ASSET',
  'STATISTIC',
  'SOCIALS',
  'LATEST_JOBS',
  'PROMO_ASSET',
  'TESTIMONIAL_CARD',
] as const;
export type TBlockType = (typeof BLOCK_TYPES)[number];
/** Blocks with no content of their own: they show the company's stats, its social links, its open jobs. */
export const DYNAMIC_BLOCK_TYPES = ['STATISTIC', 'SOCIALS', 'LATEST_JOBS'] as const;
export type TDynamicBlockType = (typeof DYNAMIC_BLOCK_TYPES)[number];

export const TEXT_AREA_INFO_TYPES = ['ABOUT_COMPANY', 'WHY_WORK_HERE', 'BENEFITS', 'LOOKING_FOR'] as const;
export type TTextAreaInfoType = (typeof TEXT_AREA_INFO_TYPES)[number];

/** spec 3 §7 POST /company-page/{id}/asset `assetType`: a library video or a library image. */
export const PAGE_ASSET_TYPES = ['video', 'image'] as const;
export type TPageAssetType = (typeof PAGE_ASSET_TYPES)[number];

/** spec 3 §3 Employer testimonial `type (default testimonial)`. */
export const STORY_TYPE = 'testimonial';

/**
 * spec 3 §2: the tabs and their `tab` query values (why-us and stories are named by the spec; the others follow
 * the same pattern). The first is the default. Reorder is not offered on the Jobs tab.
 */
export const COMPANY_PAGE_TABS = [
  { pageType: 'WHY_JOIN', query: 'why-us', label: 'Why Us' },
  { pageType: 'STORIES', query: 'stories', label: 'Stories' },
  { pageType: 'BENEFITS', query: 'benefits', label: 'Benefits' },
  { pageType: 'JOBS', query: 'jobs', label: 'Jobs' },
] as const satisfies readonly { pageType: TPageType; query: string; label: string }[];
export type TCompanyPageTabQuery = (typeof COMPANY_PAGE_TABS)[number]['query'];

/** The tab a `?tab=` value names; an unknown or missing value is the first tab. `testimonials` is Why Us. */
export function tabOfQuery(query: string | null | undefined) {
  const q = query === 'testimonials' ? 'why-us' : query;
  return COMPANY_PAGE_TABS.find((t) => t.query === q) ?? COMPANY_PAGE_TABS[0];
}
export const tabOfPageType = (pageType: TPageType) =>
  COMPANY_PAGE_TABS.find((t) => t.pageType === pageType) ?? COMPANY_PAGE_TABS[0];

// spec 3 §5 and §9.
export const COMPANY_PAGE_LIMITS = {
  storyNameMax: 40,
  storySlugMax: 40,
  storyPositionMax: 40,
  storyQuoteMax: 120,
  textAreaHeaderMax: 90,
  textAreaContentMax: 500,
  quoteContentMax: 250,
  quoteAuthorMax: 50,
  latestJobs: 4,
  dragDelayMs: 100,
  statsDebounceMs: 700,
  bannerWidth: 1440,
  bannerHeight: 260,
  /** Embed and layout widths. */
  layoutWidths: [928, 700, 343],
  /** Burger navigation at this width and under. */
  mobileBreakpoint: 900,
  /** Blocks of one page, and entries of one reorder call. */
  blocksMax: 200,
} as const;

export const companyPageMessages = {
  // spec 3 §5 Employee story
  required: 'This field is required',
  slugInvalid: 'Slug can only contain lowercase letters, numbers, and hyphens.',
  slugInvalidShort: 'Only lowercase letters, numbers, and hyphens are allowed.',
  storyNameTooLong: `Name must be at most ${COMPANY_PAGE_LIMITS.storyNameMax} characters`,
  storySlugTooLong: `URL must be at most ${COMPANY_PAGE_LIMITS.storySlugMax} characters`,
  storyPositionTooLong: `Position must be at most ${COMPANY_PAGE_LIMITS.storyPositionMax} characters`,
  storyQuoteTooLong: `Quote must be at most ${COMPANY_PAGE_LIMITS.storyQuoteMax} characters`,
  // spec 3 §5 Text card
  textAreaHeaderTooLong: `Title must be at most ${COMPANY_PAGE_LIMITS.textAreaHeaderMax} characters`,
  textAreaContentTooLong: `Text must be at most ${COMPANY_PAGE_LIMITS.textAreaContentMax} characters`,
  textAreaDeleted: 'As the heading or text has been deleted, the last saved version will be used.',
  // spec 3 §5 Quote card
  quoteTooLong: `Quote must be at most ${COMPANY_PAGE_LIMITS.quoteContentMax} characters`,
  quoteAuthorTooLong: `Author must be at most ${COMPANY_PAGE_LIMITS.quoteAuthorMax} characters`,
  // spec 3 §5 Statistics (the second and the gender warning are not worded by the spec)
  yearDigits: 'Year should consist of 4 numbers',
  yearInFuture: 'Year cannot be later than the current year',
  numberInvalid: 'Please enter a whole number of 0 or more',
  genderMismatch: 'The number of men and women does not add up to the total number of employees.',
  // spec 3 §8
  storyNameTaken: 'This name is already taken. Please choose a different one.',
  storySlugTaken: 'This URL is already taken. Please choose a different one.',
  storyCreateFailed:
    'Looks like we could not create an employee story for you. Please refresh and try again.',
  storyUpdateFailed: 'Failed to update story. Please try again.',
  storyUpdated: 'Story has been updated successfully.',
  storyCreated: 'Great, your new employee story has been saved.',
  embedCopied: 'Link has been successfully copied to the clipboard',
  embedCopyFailed: 'Failed to copy link',
  noLiveJobs: 'There are currently no live jobs.',
  unsavedClose: 'Are you sure you want to close this window without saving changes?',
  // Not worded by the spec.
  pageNotFound: 'Company page not found',
  // Issue 23 item 6: the public site's 404 for an unknown company.
  publicPageNotFound: 'This company page could not be found.',
  blockNotFound: 'This block was not found',
  storyNotFound: 'This story was not found',
  assetNotFound: 'This asset was not found',
  reorderUnknown: 'Some of these blocks are not on this page',
  reorderDuplicate: 'Each block can appear only once',
  tooManyBlocks: 'This page cannot hold more blocks',
} as const;

/** spec 3 §8: the server answers these codes' conflicts with the messages above, field by field. */
export const STORY_CONFLICTS = {
  name: { reason: 'name is not unique', message: companyPageMessages.storyNameTaken },
  slug: { reason: 'slug is not unique', message: companyPageMessages.storySlugTaken },
} as const;

/** The message the story dialog shows for a failed create: the field conflict's message, else the generic one. */
export function storyCreateFailureMessage(error: { fields?: Record<string, string> } | null | undefined) {
  return error?.fields?.name ?? error?.fields?.slug ?? companyPageMessages.storyCreateFailed;
}

// ---- slug rules (spec 3 §5 Employee story) ----

export const STORY_SLUG_PATTERN = /^[a-z0-9-]+$/;
export const isValidStorySlug = (slug: string) =>
  slug.length > 0 && slug.length <= COMPANY_PAGE_LIMITS.storySlugMax && STORY_SLUG_PATTERN.test(slug);
/** A story's slug when none was typed: from the person's name, within the slug limit. */
export const storySlugFromName = (name: string) =>
  slugifySegment(name, 'story').slice(0, COMPANY_PAGE_LIMITS.storySlugMax).replace(/-+$/, '') || 'story';

// ---- public URL builders ----

/**
 * Companies that have no public career page: Hirecast's own samples company (the animated video samples live
 * there, apps/server/src/modules/video/service.ts).
 */
export const SAMPLES_COMPANY_SLUG = 'hirecast-samples';
export const isPublicCompanySlug = (slug: string) => slug !== SAMPLES_COMPANY_SLUG;
/**
 * Slugs no new company gets: /company/new is the employer app's create-company screen (spec 1 §2), and the
 * samples company's slug is taken by the samples.
 */
export const RESERVED_COMPANY_SLUGS: readonly string[] = ['new', SAMPLES_COMPANY_SLUG];

/**
 * Issue 23 item 6: the Stories tab lists every story of the company, wherever it was added: the tab's own
 * blocks in their order, then the stories placed on the other tabs (in tab order, then their order there).
 */
export function storiesTabBlocks<T extends { pageType: string; type: string }>(blocks: readonly T[]): T[] {
  const own = blocks.filter((b) => b.pageType === 'STORIES');
  const elsewhere = PAGE_TYPES.filter((t) => t !== 'STORIES').flatMap((t) =>
    blocks.filter((b) => b.pageType === t && b.type === 'TESTIMONIAL_CARD'),
  );
  return [...own, ...elsewhere];
}

const trimSite = (site: string) => site.replace(/\/+$/, '');
/** spec 3 §2: the public company page. */
export const buildCompanyPagePath = (companySlug: string) => `/company/${encodeURIComponent(companySlug)}`;
export const buildCompanyPageUrl = (site: string, companySlug: string, tab?: TCompanyPageTabQuery) =>
  `${trimSite(site)}${buildCompanyPagePath(companySlug)}${tab && tab !== COMPANY_PAGE_TABS[0].query ? `?tab=${tab}` : ''}`;
/** spec 3 §2: story links are built from the company slug and the story slug. */
export const buildStoryPath = (companySlug: string, storySlug: string) =>
  `${buildCompanyPagePath(companySlug)}/stories/${encodeURIComponent(storySlug)}`;
export const buildStoryUrl = (site: string, companySlug: string, storySlug: string) =>
  `${trimSite(site)}${buildStoryPath(companySlug, storySlug)}`;

/** The query value that turns a public company page into its embeddable form (no site chrome). */
export const EMBED_QUERY = 'embed';
export const buildEmbedUrl = (site: string, companySlug: string) =>
  `${trimSite(site)}${buildCompanyPagePath(companySlug)}?${EMBED_QUERY}=1`;
/** The script a host page includes to resize the iframe. */
export const EMBED_SCRIPT_PATH = '/embed.js';
/** The message the embedded page posts to its parent window whenever its height changes. */
export const EMBED_HEIGHT_MESSAGE = 'hirecast:height';
/** What the host script sends each of our iframes once it runs: answered with the height at once. */
export const EMBED_PING_MESSAGE = 'hirecast:ping';
export type TEmbedHeightMessage = { type: typeof EMBED_HEIGHT_MESSAGE; height: number };
export const isEmbedHeightMessage = (data: unknown): data is TEmbedHeightMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as { type?: unknown }).type === EMBED_HEIGHT_MESSAGE &&
  typeof (data as { height?: unknown }).height === 'number' &&
  Number.isFinite((data as { height: number }).height) &&
  (data as { height: number }).height >= 0;

/** spec 3 §2: the embed dialog's snippet. The iframe starts at a sensible height; the script grows it. */
export function buildEmbedSnippet(site: string, company: { slug: string; name: string }) {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return [
    `<iframe src="${esc(buildEmbedUrl(site, company.slug))}" title="${esc(`${company.name} careers`)}" data-hirecast-embed width="100%" height="800" style="border:0;width:100%;max-width:${COMPANY_PAGE_LIMITS.layoutWidths[0]}px" loading="lazy"></iframe>`,
    `<script src="${esc(`${trimSite(site)}${EMBED_SCRIPT_PATH}`)}" async></script>`,
  ].join('\n');
}

// ---- block ordering (spec 3 §4: block order persists after a drag; sent only if it changed) ----

export type TOrdered = { _id: string; order: number };

/** Blocks by `order`, ties by `_id`, so every reader shows one sequence. Does not change the input. */
export const sortBlocks = <T extends TOrdered>(blocks: readonly T[]): T[] =>
  [...blocks].sort((a, b) => a.order - b.order || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));

/** The order of a block added at the end. */
export const nextBlockOrder = (blocks: readonly TOrdered[]) =>
  blocks.reduce((max, b) => Math.max(max, b.order + 1), 0);

/** Moves the item at `from` to `to` (a drag, or a keyboard move). Out-of-range indices change nothing. */
export function moveBlock<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * The body's `elements` for a reordered list: each block's new position as its order. Null when the sequence
 * is the one the page already had (spec 3 §4: leaving or saving sends the order only if it changed).
 */
export function reorderElements(
  original: readonly TOrdered[],
  reordered: readonly { _id: string }[],
): TOrdered[] | null {
  const before = sortBlocks(original).map((b) => b._id);
  const after = reordered.map((b) => b._id);
  if (before.length === after.length && before.every((id, i) => id === after[i])) return null;
  return reordered.map((b, i) => ({ _id: b._id, order: i }));
}

/** The blocks with the orders of a reorder call applied, sorted. Blocks the call does not name keep theirs. */
export function applyReorder<T extends TOrdered>(blocks: readonly T[], elements: readonly TOrdered[]): T[] {
  const orders = new Map(elements.map((e) => [e._id, e.order]));
  return sortBlocks(
    blocks.map((b) => (orders.has(b._id) ? { ...b, order: orders.get(b._id) as number } : b)),
  );
}

/** spec 3 §9: LATEST_JOBS shows the first four open jobs. */
export const latestJobs = <T>(jobs: readonly T[]) => jobs.slice(0, COMPANY_PAGE_LIMITS.latestJobs);

// ---- statistics (spec 3 §5 Statistics) ----

export function checkFoundingYear(year: number | null | undefined, now = new Date()): string | null {
  if (year === null || year === undefined) return null;
  if (!Number.isInteger(year) || year < 1000 || year > 9999) return companyPageMessages.yearDigits;
  if (year > now.getUTCFullYear()) return companyPageMessages.yearInFuture;
  return null;
}

/** The warning of spec 3 §5: both gender numbers and the total are given and they do not add up. */
export type TCompanyPageStats = {
  foundingYear: number | null;
  employees: number | null;
  gender: { male: number | null; female: number | null };
};

export const EMPTY_STATS: TCompanyPageStats = {
  foundingYear: null,
  employees: null,
  gender: { male: null, female: null },
};

export function hasGenderMismatch(stats: TCompanyPageStats): boolean {
  const { employees, gender } = stats;
  if (employees === null || gender.male === null || gender.female === null) return false;
  return gender.male + gender.female !== employees;
}
