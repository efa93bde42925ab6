import { describe, expect, it } from 'vitest';
import {
  ZCreatePageAssetRequest,
  ZCreateQuoteRequest,
  ZCreateStoryRequest,
  ZReorderRequest,
  ZUpdateCompanyPageRequest,
  ZUpdateQuoteRequest,
  ZUpdateStoryRequest,
  ZUpdateTextAreaRequest,
} from '../src/company-page.ts';
import {
  EMBED_HEIGHT_MESSAGE,
  applyReorder,
  buildCompanyPagePath,
  buildCompanyPageUrl,
  buildEmbedSnippet,
  buildEmbedUrl,
  buildStoryPath,
  buildStoryUrl,
  checkFoundingYear,
  companyPageMessages,
  hasGenderMismatch,
  isEmbedHeightMessage,
  isValidStorySlug,
  latestJobs,
  moveBlock,
  nextBlockOrder,
  reorderElements,
  sortBlocks,
  storyCreateFailureMessage,
  storySlugFromName,
  tabOfQuery,
} from '../src/company-page-rules.ts';

const VIDEO = '7d9a4b52-2f3c-4d4e-9a51-0c1f4c1b8e11';
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;
const fieldMessages = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('employee story (spec 3 §5)', () => {
  const valid = { name: 'Ana Lopes', title: 'Head chef', _video: VIDEO };

  it('accepts a story and makes no slug of its own', () => {
    const r = ZCreateStoryRequest.parse({ ...valid, slug: 'ana-2', quoteText: 'Great team' });
    expect(r).toMatchObject({ name: 'Ana Lopes', slug: 'ana-2', pageType: 'STORIES', text: null });
  });

  it('requires name, position and video with "This field is required"', () => {
    const r = ZCreateStoryRequest.safeParse({ name: '  ', title: '' });
    expect(fieldMessages(r)).toMatchObject({
      name: 'This field is required',
      title: 'This field is required',
      _video: 'This field is required',
    });
  });

  it('limits name and position to 40 and the quote to 120', () => {
    const r = ZCreateStoryRequest.safeParse({
      ...valid,
      name: 'n'.repeat(41),
      title: 't'.repeat(41),
      quoteText: 'q'.repeat(121),
    });
    expect(fieldMessages(r)).toEqual({
      name: companyPageMessages.storyNameTooLong,
      title: companyPageMessages.storyPositionTooLong,
      quoteText: companyPageMessages.storyQuoteTooLong,
    });
    expect(
      ZCreateStoryRequest.safeParse({ ...valid, name: 'n'.repeat(40), quoteText: 'q'.repeat(120) }).success,
    ).toBe(true);
  });

  it('takes only lowercase letters, digits and hyphens in a slug of at most 40', () => {
    for (const slug of ['Ana', 'ana lopes', 'ana_lopes', 'ané', 'ana/x'])
      expect(firstMessage(ZCreateStoryRequest.safeParse({ ...valid, slug })), slug).toBe(
        'Slug can only contain lowercase letters, numbers, and hyphens.',
      );
    expect(firstMessage(ZUpdateStoryRequest.safeParse({ slug: 'a'.repeat(41) }))).toBe(
      companyPageMessages.storySlugTooLong,
    );
    expect(companyPageMessages.slugInvalidShort).toBe(
      'Only lowercase letters, numbers, and hyphens are allowed.',
    );
    expect(isValidStorySlug('ana-lopes-2')).toBe(true);
    expect(isValidStorySlug('')).toBe(false);
    expect(isValidStorySlug('Ana')).toBe(false);
    expect(isValidStorySlug('a'.repeat(41))).toBe(false);
  });

  it('makes a slug from the name when none is typed', () => {
    expect(storySlugFromName('Ana Lopes')).toBe('ana-lopes');
    expect(storySlugFromName('José  Müller-Ørsted')).toBe('jose-muller-orsted');
    expect(storySlugFromName('!!!')).toBe('story');
    const long = storySlugFromName('word '.repeat(20));
    expect(long.length).toBeLessThanOrEqual(40);
    expect(isValidStorySlug(long)).toBe(true);
  });

  it('maps create failures to the §8 messages', () => {
    expect(storyCreateFailureMessage({ fields: { name: companyPageMessages.storyNameTaken } })).toBe(
      'This name is already taken. Please choose a different one.',
    );
    expect(storyCreateFailureMessage({ fields: { slug: companyPageMessages.storySlugTaken } })).toBe(
      'This URL is already taken. Please choose a different one.',
    );
    expect(storyCreateFailureMessage(null)).toBe(
      'Looks like we could not create an employee story for you. Please refresh and try again.',
    );
  });

  it('rejects fields it does not know', () => {
    expect(ZUpdateStoryRequest.safeParse({ order: 3 }).success).toBe(false);
  });
});

describe('text card (spec 3 §5)', () => {
  it('needs a title of at most 90 and a text of at most 500, both non-empty', () => {
    expect(ZUpdateTextAreaRequest.parse({ header: ' About ', content: 'We roast.' })).toEqual({
      header: 'About',
      content: 'We roast.',
    });
    expect(fieldMessages(ZUpdateTextAreaRequest.safeParse({ header: '', content: ' ' }))).toEqual({
      header: 'This field is required',
      content: 'This field is required',
    });
    expect(
      fieldMessages(ZUpdateTextAreaRequest.safeParse({ header: 'h'.repeat(91), content: 'c'.repeat(501) })),
    ).toEqual({
      header: companyPageMessages.textAreaHeaderTooLong,
      content: companyPageMessages.textAreaContentTooLong,
    });
    expect(companyPageMessages.textAreaDeleted).toBe(
      'As the heading or text has been deleted, the last saved version will be used.',
    );
  });
});

describe('quote card (spec 3 §5)', () => {
  it('requires the quote, at most 250, and an author of at most 50', () => {
    expect(ZCreateQuoteRequest.parse({ pageType: 'WHY_JOIN', content: 'Best job', order: 2 })).toEqual({
      pageType: 'WHY_JOIN',
      content: 'Best job',
      author: '',
      order: 2,
    });
    expect(firstMessage(ZCreateQuoteRequest.safeParse({ pageType: 'WHY_JOIN', content: '' }))).toBe(
      'This field is required',
    );
    expect(
      fieldMessages(ZUpdateQuoteRequest.safeParse({ content: 'q'.repeat(251), author: 'a'.repeat(51) })),
    ).toEqual({ content: companyPageMessages.quoteTooLong, author: companyPageMessages.quoteAuthorTooLong });
    expect(ZCreateQuoteRequest.safeParse({ pageType: 'HOME', content: 'x' }).success).toBe(false);
  });
});

describe('statistics (spec 3 §5)', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('wants a 4-digit year not above the current one', () => {
    expect(checkFoundingYear(1998, now)).toBeNull();
    expect(checkFoundingYear(2026, now)).toBeNull();
    expect(checkFoundingYear(null, now)).toBeNull();
    expect(checkFoundingYear(98, now)).toBe('Year should consist of 4 numbers');
    expect(checkFoundingYear(19980, now)).toBe('Year should consist of 4 numbers');
    expect(checkFoundingYear(1998.5, now)).toBe('Year should consist of 4 numbers');
    expect(checkFoundingYear(2027, now)).toBe(companyPageMessages.yearInFuture);
  });

  it('checks the body of PATCH /company-page/{id}', () => {
    const stats = { foundingYear: 1998, employees: 40, gender: { male: 20, female: 20 } };
    expect(ZUpdateCompanyPageRequest.parse({ stats })).toEqual({ stats });
    expect(
      firstMessage(ZUpdateCompanyPageRequest.safeParse({ stats: { ...stats, foundingYear: 199 } })),
    ).toBe('Year should consist of 4 numbers');
    expect(
      firstMessage(
        ZUpdateCompanyPageRequest.safeParse({
          stats: { ...stats, foundingYear: new Date().getUTCFullYear() + 1 },
        }),
      ),
    ).toBe(companyPageMessages.yearInFuture);
    expect(firstMessage(ZUpdateCompanyPageRequest.safeParse({ stats: { ...stats, employees: -1 } }))).toBe(
      companyPageMessages.numberInvalid,
    );
    expect(ZUpdateCompanyPageRequest.parse({ bannerImage: null })).toEqual({ bannerImage: null });
    expect(ZUpdateCompanyPageRequest.safeParse({ bannerImage: 'x' }).success).toBe(false);
  });

  it('warns when men and women do not add up to the employees', () => {
    expect(hasGenderMismatch({ foundingYear: null, employees: 40, gender: { male: 20, female: 19 } })).toBe(
      true,
    );
    expect(hasGenderMismatch({ foundingYear: null, employees: 40, gender: { male: 20, female: 20 } })).toBe(
      false,
    );
    expect(hasGenderMismatch({ foundingYear: null, employees: 40, gender: { male: 20, female: null } })).toBe(
      false,
    );
  });
});

describe('block ordering (spec 3 §4)', () => {
  const blocks = [
    { _id: 'c', order: 2 },
    { _id: 'a', order: 0 },
    { _id: 'b', order: 1 },
    { _id: 'd', order: 1 },
  ];

  it('sorts by order, then id, without changing the input', () => {
    expect(sortBlocks(blocks).map((b) => b._id)).toEqual(['a', 'b', 'd', 'c']);
    expect(blocks[0]?._id).toBe('c');
    expect(nextBlockOrder(blocks)).toBe(3);
    expect(nextBlockOrder([])).toBe(0);
  });

  it('moves a block and builds the reorder body only when the order changed', () => {
    const sorted = sortBlocks(blocks);
    expect(reorderElements(blocks, sorted)).toBeNull();
    const moved = moveBlock(sorted, 3, 0);
    expect(moved.map((b) => b._id)).toEqual(['c', 'a', 'b', 'd']);
    expect(moveBlock(sorted, 0, 9)).toEqual(sorted);
    const elements = reorderElements(blocks, moved);
    expect(elements).toEqual([
      { _id: 'c', order: 0 },
      { _id: 'a', order: 1 },
      { _id: 'b', order: 2 },
      { _id: 'd', order: 3 },
    ]);
    expect(applyReorder(blocks, elements ?? []).map((b) => b._id)).toEqual(['c', 'a', 'b', 'd']);
    const uuids = (elements ?? []).map((e, i) => ({
      _id: `7d9a4b52-2f3c-4d4e-9a51-0c1f4c1b8e1${i}`,
      order: e.order,
    }));
    expect(ZReorderRequest.parse({ elements: uuids })).toEqual({ elements: uuids });
  });

  it('refuses a reorder that names a block twice', () => {
    const id = '7d9a4b52-2f3c-4d4e-9a51-0c1f4c1b8e11';
    expect(
      firstMessage(
        ZReorderRequest.safeParse({
          elements: [
            { _id: id, order: 0 },
            { _id: id, order: 1 },
          ],
        }),
      ),
    ).toBe(companyPageMessages.reorderDuplicate);
    expect(ZReorderRequest.safeParse({ elements: [] }).success).toBe(false);
  });

  it('shows at most four latest jobs', () => {
    expect(latestJobs([1, 2, 3, 4, 5, 6])).toEqual([1, 2, 3, 4]);
  });
});

describe('asset entries (spec 3 §7)', () => {
  it('take a library video or image, promo or not', () => {
    expect(
      ZCreatePageAssetRequest.parse({ pageType: 'BENEFITS', assetType: 'video', assetId: VIDEO }),
    ).toEqual({ pageType: 'BENEFITS', assetType: 'video', assetId: VIDEO, isPromoAsset: false });
    expect(
      ZCreatePageAssetRequest.safeParse({ pageType: 'BENEFITS', assetType: 'audio', assetId: VIDEO }).success,
    ).toBe(false);
  });
});

describe('public URLs and embed', () => {
  it('builds the company page and story addresses', () => {
    expect(buildCompanyPagePath('northwind-coffee')).toBe('/company/northwind-coffee');
    expect(buildCompanyPageUrl('https://jobs.example/', 'northwind-coffee')).toBe(
      'https://jobs.example/company/northwind-coffee',
    );
    expect(buildCompanyPageUrl('https://jobs.example', 'northwind-coffee', 'jobs')).toBe(
      'https://jobs.example/company/northwind-coffee?tab=jobs',
    );
    expect(buildCompanyPageUrl('https://jobs.example', 'n', 'why-us')).toBe('https://jobs.example/company/n');
    expect(buildStoryPath('northwind-coffee', 'ana-lopes')).toBe(
      '/company/northwind-coffee/stories/ana-lopes',
    );
    expect(buildStoryUrl('https://jobs.example//', 'n', 'ana')).toBe(
      'https://jobs.example/company/n/stories/ana',
    );
  });

  it('builds the embed URL and snippet', () => {
    expect(buildEmbedUrl('https://jobs.example/', 'northwind')).toBe(
      'https://jobs.example/company/northwind?embed=1',
    );
    const snippet = buildEmbedSnippet('https://jobs.example', { slug: 'northwind', name: 'Tom "&" Jerry' });
    expect(snippet).toContain('<iframe src="https://jobs.example/company/northwind?embed=1"');
    expect(snippet).toContain('title="Tom &quot;&amp;&quot; Jerry careers"');
    expect(snippet).toContain('<script src="https://jobs.example/embed.js" async></script>');
  });

  it('recognises the height message', () => {
    expect(isEmbedHeightMessage({ type: EMBED_HEIGHT_MESSAGE, height: 1200 })).toBe(true);
    expect(EMBED_HEIGHT_MESSAGE).toBe('hirecast:height');
    expect(isEmbedHeightMessage({ type: 'hirecast:height', height: '1200' })).toBe(false);
    expect(isEmbedHeightMessage({ type: 'other', height: 1 })).toBe(false);
    expect(isEmbedHeightMessage({ type: 'hirecast:height', height: Number.NaN })).toBe(false);
    expect(isEmbedHeightMessage(null)).toBe(false);
  });

  it('reads the tab query', () => {
    expect(tabOfQuery('stories').pageType).toBe('STORIES');
    expect(tabOfQuery('why-us').pageType).toBe('WHY_JOIN');
    expect(tabOfQuery('testimonials').pageType).toBe('WHY_JOIN');
    expect(tabOfQuery('jobs').pageType).toBe('JOBS');
    expect(tabOfQuery(undefined).pageType).toBe('WHY_JOIN');
    expect(tabOfQuery('nope').pageType).toBe('WHY_JOIN');
  });
});
