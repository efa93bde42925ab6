import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyPageBlocks, companyPages } from '@hirecast/db/schema';
import { createJob } from '@hirecast/db/factories';
import { companyPageMessages } from '@hirecast/domain/company-page-rules';
import type { TCompanyPage, TSortedBlock } from '@hirecast/domain/company-page';
import { createTestApp } from '../../support/helper.ts';
import { companyWithMember } from '../../support/sessions.ts';
import type { TActor } from '../../support/assets-support.ts';
import { call as callApp, libraryImage, libraryVideo } from '../../support/company-page-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (
  actor: TActor | null,
  method: 'GET' | 'PATCH' | 'DELETE' | 'POST',
  url: string,
  payload?: object,
) => callApp(t.app, actor, method, url, payload);

async function openPage(actor: TActor): Promise<TCompanyPage> {
  const res = await call(actor, 'GET', `/api/company-page/${actor.company.id}/company`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const kinds = (blocks: TSortedBlock[]) => blocks.map((b) => b.type);
const ids = (blocks: TSortedBlock[]) => blocks.map((b) => b._id);

describe('GET /company-page/{companyId}/company', () => {
  it('makes the page with its default blocks on first open, once', async () => {
    const admin = await companyWithMember(t.db, 2);
    const page = await openPage(admin);
    expect(page._company).toBe(admin.company.id);
    expect(page.company).toMatchObject({ name: admin.company.name, slug: admin.company.slug });
    expect(page.stats).toEqual({ foundingYear: null, employees: null, gender: { male: null, female: null } });
    expect(page.bannerImage).toBeNull();
    expect(page.publicUrl).toBe(`http://localhost:3000/company/${admin.company.slug}`);
    expect(page.embedUrl).toBe(`http://localhost:3000/company/${admin.company.slug}?embed=1`);
    const why = page.pages.WHY_JOIN;
    expect(kinds(why.sortedBlocks)).toEqual([
      'TEXT_AREA',
      'TEXT_AREA',
      'STATISTIC',
      'LATEST_JOBS',
      'SOCIALS',
    ]);
    expect(why.textAreas.map((a) => a.infoType)).toEqual(['ABOUT_COMPANY', 'WHY_WORK_HERE']);
    expect(why.textAreas[0]).toMatchObject({
      header: `About ${admin.company.name}`,
      content: admin.company.description,
    });
    expect(why.sortedBlocks.map((b) => b.order)).toEqual([0, 1, 2, 3, 4]);
    expect(page.pages.BENEFITS.textAreas.map((a) => a.infoType)).toEqual(['BENEFITS']);
    expect(page.pages.STORIES.sortedBlocks).toEqual([]);

    const again = await openPage(admin);
    expect(again._id).toBe(page._id);
    expect(ids(again.pages.WHY_JOIN.sortedBlocks)).toEqual(ids(why.sortedBlocks));
  });

  it('makes one page even when several first opens come at once', async () => {
    const admin = await companyWithMember(t.db, 2);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(admin, 'GET', `/api/company-page/${admin.company.id}/company`)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.json().data._id)).size).toBe(1);
    const pages = await t.db.select().from(companyPages).where(eq(companyPages.companyId, admin.company.id));
    expect(pages).toHaveLength(1);
    const blocks = await t.db
      .select()
      .from(companyPageBlocks)
      .where(eq(companyPageBlocks.pageId, pages[0]!.id));
    expect(blocks).toHaveLength(7);
  });

  it('lists only open jobs, with their public paths', async () => {
    const admin = await companyWithMember(t.db, 2);
    const open = await createJob(t.db, {
      companyId: admin.company.id,
      title: 'Head Chef',
      status: 'open',
      publishedAt: new Date(),
    });
    await createJob(t.db, { companyId: admin.company.id, title: 'Closed Role', status: 'closed' });
    const page = await openPage(admin);
    expect(page.jobs.map((j) => j.title)).toEqual(['Head Chef']);
    expect(page.jobs[0]).toMatchObject({
      shortId: open.shortId,
      status: 'open',
      path: expect.stringMatching(new RegExp(`^/job/london/.+/head-chef-${open.shortId}$`)),
    });
  });

  it('lets every member read, answers 404 for a company the caller is not in and 401 without a session', async () => {
    const viewer = await companyWithMember(t.db, 0);
    expect((await openPage(viewer)).pages.WHY_JOIN.sortedBlocks).toHaveLength(5);
    const other = await companyWithMember(t.db, 2);
    expect((await call(viewer, 'GET', `/api/company-page/${other.company.id}/company`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/company-page/${other.company.id}/company`)).statusCode).toBe(401);
  });
});

describe('page writes', () => {
  it('PATCH /company-page/{id} saves the stats with the §5 checks and sets and removes the banner', async () => {
    const admin = await companyWithMember(t.db, 2);
    const page = await openPage(admin);
    const stats = { foundingYear: 1998, employees: 40, gender: { male: 19, female: 21 } };
    const saved = await call(admin, 'PATCH', `/api/company-page/${page._id}`, { stats });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.stats).toEqual(stats);
    expect((await openPage(admin)).stats).toEqual(stats);

    const bad = await call(admin, 'PATCH', `/api/company-page/${page._id}`, {
      stats: { ...stats, foundingYear: 98 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Year should consist of 4 numbers');
    const future = await call(admin, 'PATCH', `/api/company-page/${page._id}`, {
      stats: { ...stats, foundingYear: new Date().getUTCFullYear() + 1 },
    });
    expect(future.json().error.message).toBe(companyPageMessages.yearInFuture);

    const image = await libraryImage(t.db, admin.company.id);
    const banner = await call(admin, 'PATCH', `/api/company-page/${page._id}`, { bannerImage: image.id });
    expect(banner.json().data).toMatchObject({
      bannerImage: 'https://cdn.example/office.jpg',
      bannerImageId: image.id,
    });
    const other = await companyWithMember(t.db, 2);
    const theirs = await libraryImage(t.db, other.company.id);
    expect(
      (await call(admin, 'PATCH', `/api/company-page/${page._id}`, { bannerImage: theirs.id })).statusCode,
    ).toBe(404);
    const removed = await call(admin, 'PATCH', `/api/company-page/${page._id}`, { bannerImage: null });
    expect(removed.json().data).toMatchObject({ bannerImage: null, bannerImageId: null });
  });

  it('edits, adds and deletes text areas (spec 3 §5 Text card)', async () => {
    const admin = await companyWithMember(t.db, 2);
    const page = await openPage(admin);
    const why = page.pages.WHY_JOIN.textAreas[1]!;
    const url = `/api/company-page/${page._id}/text-area/${why._id}`;
    const res = await call(admin, 'PATCH', url, { header: 'Why us', content: 'Four-day weeks.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.pages.WHY_JOIN.textAreas[1]).toMatchObject({
      header: 'Why us',
      content: 'Four-day weeks.',
    });
    const empty = await call(admin, 'PATCH', url, { header: 'Why us', content: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.content).toBe('This field is required');
    const long = await call(admin, 'PATCH', url, { header: 'h'.repeat(91), content: 'x' });
    expect(long.json().error.fields.header).toBe(companyPageMessages.textAreaHeaderTooLong);

    const added = await call(admin, 'POST', `/api/company-page/${page._id}/text-area`, {
      pageType: 'BENEFITS',
      header: 'Perks',
      content: 'Free coffee.',
    });
    expect(added.statusCode, added.body).toBe(201);
    const benefits: TCompanyPage['pages']['BENEFITS'] = added.json().data.pages.BENEFITS;
    expect(benefits.textAreas.map((a) => a.header)).toEqual(['Benefits', 'Perks']);
    const perks = benefits.textAreas[1]!;
    const gone = await call(admin, 'DELETE', `/api/company-page/${page._id}/text-area/${perks._id}`);
    expect(gone.json().data.pages.BENEFITS.textAreas.map((a: { header: string }) => a.header)).toEqual([
      'Benefits',
    ]);
    // A quote's id is not a text area.
    const quote = await call(admin, 'POST', `/api/company-page/${page._id}/quote`, {
      pageType: 'WHY_JOIN',
      content: 'Q',
    });
    const quoteId = quote.json().data.pages.WHY_JOIN.quotes[0]._id;
    expect(
      (
        await call(admin, 'PATCH', `/api/company-page/${page._id}/text-area/${quoteId}`, {
          header: 'x',
          content: 'y',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('creates, edits and deletes quotes at their place (spec 3 §5 Quote card)', async () => {
    const admin = await companyWithMember(t.db, 2);
    const page = await openPage(admin);
    const base = `/api/company-page/${page._id}/quote`;
    const first = await call(admin, 'POST', base, {
      pageType: 'WHY_JOIN',
      content: 'Best team',
      author: 'Ana',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(kinds(first.json().data.pages.WHY_JOIN.sortedBlocks).at(-1)).toBe('QUOTE');
    // At order 0 it goes first, and the others move down one.
    const top = await call(admin, 'POST', base, { pageType: 'WHY_JOIN', order: 0, content: 'Top quote' });
    const blocks: TSortedBlock[] = top.json().data.pages.WHY_JOIN.sortedBlocks;
    expect(blocks[0]).toMatchObject({ type: 'QUOTE', order: 0, quote: { content: 'Top quote', author: '' } });
    expect(blocks.map((b) => b.order)).toEqual([0, 1, 2, 3, 4, 5, 6]);

    const missing = await call(admin, 'POST', base, { pageType: 'WHY_JOIN', content: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.content).toBe('This field is required');
    const long = await call(admin, 'POST', base, {
      pageType: 'WHY_JOIN',
      content: 'q'.repeat(251),
      author: 'a'.repeat(51),
    });
    expect(long.json().error.fields).toEqual({
      content: companyPageMessages.quoteTooLong,
      author: companyPageMessages.quoteAuthorTooLong,
    });

    const quoteId = blocks[0]!._id;
    const edited = await call(admin, 'PATCH', `${base}/${quoteId}`, { author: 'Bo' });
    expect(edited.json().data.pages.WHY_JOIN.quotes[0]).toMatchObject({ content: 'Top quote', author: 'Bo' });
    const deleted = await call(admin, 'DELETE', `${base}/${quoteId}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data.pages.WHY_JOIN.quotes.map((q: { content: string }) => q.content)).toEqual([
      'Best team',
    ]);
    expect((await call(admin, 'DELETE', `${base}/${quoteId}`)).statusCode).toBe(404);
  });

  it('adds library videos and images as asset entries, promo or not, and removes them', async () => {
    const admin = await companyWithMember(t.db, 2);
    const page = await openPage(admin);
    const video = await libraryVideo(t.db, admin.company.id);
    const image = await libraryImage(t.db, admin.company.id);
    const url = `/api/company-page/${page._id}/asset`;
    const v = await call(admin, 'POST', url, { pageType: 'WHY_JOIN', assetType: 'video', assetId: video.id });
    expect(v.statusCode, v.body).toBe(201);
    const p = await call(admin, 'POST', url, {
      pageType: 'BENEFITS',
      assetType: 'image',
      assetId: image.id,
      isPromoAsset: true,
      order: 0,
    });
    const answer: TCompanyPage = p.json().data;
    const videoEntry = answer.pages.WHY_JOIN.assets[0]!;
    expect(videoEntry).toMatchObject({
      assetType: 'video',
      isPromoAsset: false,
      doc: { _id: video.id, title: 'Team day' },
    });
    expect(answer.pages.WHY_JOIN.sortedBlocks.at(-1)).toMatchObject({
      type: 'VIDEO_ASSET',
      _id: videoEntry._id,
    });
    expect(answer.pages.BENEFITS.sortedBlocks[0]).toMatchObject({
      type: 'PROMO_ASSET',
      asset: { assetType: 'image', isPromoAsset: true, doc: { _id: image.id } },
    });

    const other = await companyWithMember(t.db, 2);
    const theirs = await libraryVideo(t.db, other.company.id);
    const refused = await call(admin, 'POST', url, {
      pageType: 'WHY_JOIN',
      assetType: 'video',
      assetId: theirs.id,
    });
    expect(refused.statusCode).toBe(404);
    // An image id given as a video is not found either.
    expect(
      (await call(admin, 'POST', url, { pageType: 'WHY_JOIN', assetType: 'video', assetId: image.id }))
        .statusCode,
    ).toBe(404);

    const removed = await call(admin, 'DELETE', `${url}/${videoEntry._id}`);
    expect(removed.json().data.pages.WHY_JOIN.assets).toEqual([]);
    // A text area is not an asset entry.
    const textId = answer.pages.WHY_JOIN.textAreas[0]!._id;
    expect((await call(admin, 'DELETE', `${url}/${textId}`)).statusCode).toBe(404);
  });

  it('removes and puts back dynamic elements', async () => {
    const admin = await companyWithMember(t.db, 2);
    const page = await openPage(admin);
    const socials = page.pages.WHY_JOIN.dynamicElements.find((d) => d.type === 'SOCIALS')!;
    const gone = await call(admin, 'DELETE', `/api/company-page/${page._id}/dynamic-element/${socials._id}`);
    expect(gone.json().data.pages.WHY_JOIN.dynamicElements.map((d: { type: string }) => d.type)).toEqual([
      'STATISTIC',
      'LATEST_JOBS',
    ]);
    const back = await call(admin, 'POST', `/api/company-page/${page._id}/dynamic-element`, {
      pageType: 'WHY_JOIN',
      type: 'SOCIALS',
      order: 0,
    });
    expect(back.statusCode).toBe(201);
    expect(back.json().data.pages.WHY_JOIN.sortedBlocks[0].type).toBe('SOCIALS');
  });
});

describe('PATCH /company-page/{id}/reorder', () => {
  it('persists the new order of the blocks', async () => {
    const admin = await companyWithMember(t.db, 2);
    const page = await openPage(admin);
    const before = ids(page.pages.WHY_JOIN.sortedBlocks);
    const wanted = [before[4]!, before[0]!, before[3]!, before[1]!, before[2]!];
    const res = await call(admin, 'PATCH', `/api/company-page/${page._id}/reorder`, {
      elements: wanted.map((_id, order) => ({ _id, order })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res.json().data.pages.WHY_JOIN.sortedBlocks)).toEqual(wanted);
    const again = await openPage(admin);
    expect(ids(again.pages.WHY_JOIN.sortedBlocks)).toEqual(wanted);
    expect(again.pages.WHY_JOIN.sortedBlocks.map((b) => b.order)).toEqual([0, 1, 2, 3, 4]);
  });

  it("refuses another page's blocks and changes nothing", async () => {
    const admin = await companyWithMember(t.db, 2);
    const other = await companyWithMember(t.db, 2);
    const page = await openPage(admin);
    const theirs = await openPage(other);
    const mine = ids(page.pages.WHY_JOIN.sortedBlocks);
    const res = await call(admin, 'PATCH', `/api/company-page/${page._id}/reorder`, {
      elements: [
        { _id: mine[1], order: 0 },
        { _id: theirs.pages.WHY_JOIN.sortedBlocks[0]!._id, order: 1 },
      ],
    });
    expect(res.statusCode).toBe(404);
    expect(ids((await openPage(admin)).pages.WHY_JOIN.sortedBlocks)).toEqual(mine);
    const twice = await call(admin, 'PATCH', `/api/company-page/${page._id}/reorder`, {
      elements: [
        { _id: mine[0], order: 0 },
        { _id: mine[0], order: 1 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toBe(companyPageMessages.reorderDuplicate);
  });
});

describe('employer testimonials (stories)', () => {
  it('creates, reads, updates and deletes a story by its slug', async () => {
    const admin = await companyWithMember(t.db, 2);
    const page = await openPage(admin);
    const video = await libraryVideo(t.db, admin.company.id);
    const base = `/api/company-page/${page._id}/employer-testimonial`;
    const created = await call(admin, 'POST', base, {
      name: 'Ana Lopes',
      title: 'Head chef',
      quoteText: 'The best kitchen in town',
      _video: video.id,
      text: { ops: [{ insert: 'I joined in 2019.\n' }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      slug: 'ana-lopes',
      _person: { name: 'Ana Lopes' },
      title: 'Head chef',
      type: 'testimonial',
      pageType: 'STORIES',
      _video: video.id,
      video: { _id: video.id },
      text: { ops: [{ insert: 'I joined in 2019.\n' }] },
    });
    const pageNow = await openPage(admin);
    expect(pageNow.pages.STORIES.sortedBlocks).toMatchObject([
      { type: 'TESTIMONIAL_CARD', story: { slug: 'ana-lopes' } },
    ]);
    expect(pageNow.pages.STORIES.employerTestimonials).toHaveLength(1);

    const read = await call(admin, 'GET', `${base}/ana-lopes`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.quoteText).toBe('The best kitchen in town');

    const updated = await call(admin, 'PATCH', `${base}/ana-lopes`, {
      title: 'Chef de cuisine',
      slug: 'ana',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      title: 'Chef de cuisine',
      slug: 'ana',
      _person: { name: 'Ana Lopes' },
    });
    expect((await call(admin, 'GET', `${base}/ana-lopes`)).statusCode).toBe(404);

    const deleted = await call(admin, 'DELETE', `${base}/ana`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual({ deleted: true });
    expect((await call(admin, 'GET', `${base}/ana`)).statusCode).toBe(404);
    expect((await openPage(admin)).pages.STORIES.sortedBlocks).toEqual([]);
  });

  it('answers the §8 messages for a name or URL already taken', async () => {
    const admin = await companyWithMember(t.db, 2);
    const page = await openPage(admin);
    const video = await libraryVideo(t.db, admin.company.id);
    const base = `/api/company-page/${page._id}/employer-testimonial`;
    const story = { name: 'Ana Lopes', title: 'Chef', _video: video.id };
    expect((await call(admin, 'POST', base, story)).statusCode).toBe(201);
    const sameName = await call(admin, 'POST', base, { ...story, name: 'ana lopes', slug: 'other' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error).toMatchObject({
      message: 'This name is already taken. Please choose a different one.',
      fields: { name: 'This name is already taken. Please choose a different one.' },
    });
    const sameSlug = await call(admin, 'POST', base, { ...story, name: 'Bo', slug: 'ana-lopes' });
    expect(sameSlug.statusCode).toBe(409);
    expect(sameSlug.json().error.fields).toEqual({
      slug: 'This URL is already taken. Please choose a different one.',
    });

    expect((await call(admin, 'POST', base, { ...story, name: 'Bo', slug: 'bo' })).statusCode).toBe(201);
    const renamed = await call(admin, 'PATCH', `${base}/bo`, { name: 'ANA LOPES' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().error.fields.name).toBe(companyPageMessages.storyNameTaken);
    const reslugged = await call(admin, 'PATCH', `${base}/bo`, { slug: 'ana-lopes' });
    expect(reslugged.json().error.fields.slug).toBe(companyPageMessages.storySlugTaken);

    // Another company may use the same name and slug.
    const other = await companyWithMember(t.db, 2);
    const theirPage = await openPage(other);
    const theirVideo = await libraryVideo(t.db, other.company.id);
    const theirs = await call(other, 'POST', `/api/company-page/${theirPage._id}/employer-testimonial`, {
      ...story,
      _video: theirVideo.id,
    });
    expect(theirs.statusCode).toBe(201);
  });

  it('checks the §5 fields and the video', async () => {
    const admin = await companyWithMember(t.db, 2);
    const page = await openPage(admin);
    const base = `/api/company-page/${page._id}/employer-testimonial`;
    const res = await call(admin, 'POST', base, { name: '', title: '', slug: 'Bad Slug' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      name: 'This field is required',
      title: 'This field is required',
      _video: 'This field is required',
      slug: 'Slug can only contain lowercase letters, numbers, and hyphens.',
    });
    const other = await companyWithMember(t.db, 2);
    const theirVideo = await libraryVideo(t.db, other.company.id);
    const foreign = await call(admin, 'POST', base, { name: 'Ana', title: 'Chef', _video: theirVideo.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields._video).toBe(companyPageMessages.assetNotFound);
  });
});

describe('roles and tenancy', () => {
  it('refuses every write to a manager and a viewer with 403', async () => {
    const admin = await companyWithMember(t.db, 2);
    const page = await openPage(admin);
    const video = await libraryVideo(t.db, admin.company.id);
    await call(admin, 'POST', `/api/company-page/${page._id}/employer-testimonial`, {
      name: 'Ana',
      title: 'Chef',
      _video: video.id,
    });
    const text = page.pages.WHY_JOIN.textAreas[0]!._id;
    const blocks = ids(page.pages.WHY_JOIN.sortedBlocks);
    for (const role of [0, 1] as const) {
      const member = await companyWithMember(t.db, role);
      const { addMember } = await import('@hirecast/db/factories');
      await addMember(t.db, { companyId: admin.company.id, userId: member.user.id, role });
      const as = { ...member, company: admin.company };
      const writes: [Parameters<typeof call>[1], string, object?][] = [
        ['PATCH', `/api/company-page/${page._id}`, { stats: page.stats }],
        ['PATCH', `/api/company-page/${page._id}/text-area/${text}`, { header: 'x', content: 'y' }],
        [
          'POST',
          `/api/company-page/${page._id}/text-area`,
          { pageType: 'WHY_JOIN', header: 'x', content: 'y' },
        ],
        ['DELETE', `/api/company-page/${page._id}/text-area/${text}`],
        ['POST', `/api/company-page/${page._id}/quote`, { pageType: 'WHY_JOIN', content: 'x' }],
        ['PATCH', `/api/company-page/${page._id}/quote/${text}`, { content: 'x' }],
        ['DELETE', `/api/company-page/${page._id}/quote/${text}`],
        [
          'POST',
          `/api/company-page/${page._id}/asset`,
          { pageType: 'WHY_JOIN', assetType: 'video', assetId: video.id },
        ],
        ['DELETE', `/api/company-page/${page._id}/asset/${text}`],
        ['PATCH', `/api/company-page/${page._id}/reorder`, { elements: [{ _id: blocks[0], order: 1 }] }],
        [
          'POST',
          `/api/company-page/${page._id}/employer-testimonial`,
          { name: 'B', title: 'C', _video: video.id },
        ],
        ['PATCH', `/api/company-page/${page._id}/employer-testimonial/ana`, { title: 'x' }],
        ['DELETE', `/api/company-page/${page._id}/employer-testimonial/ana`],
      ];
      for (const [method, url, body] of writes) {
        const res = await call(as, method, url, body);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
      // Reading is allowed.
      expect(
        (await call(as, 'GET', `/api/company-page/${page._id}/employer-testimonial/ana`)).statusCode,
      ).toBe(200);
    }
    const after = await openPage(admin);
    expect(ids(after.pages.WHY_JOIN.sortedBlocks)).toEqual(blocks);
    expect(after.pages.STORIES.employerTestimonials.map((s) => s.title)).toEqual(['Chef']);
  });

  it("answers 404 for another company's page, blocks and stories", async () => {
    const admin = await companyWithMember(t.db, 2);
    const other = await companyWithMember(t.db, 2);
    await openPage(admin);
    const theirs = await openPage(other);
    const video = await libraryVideo(t.db, other.company.id);
    await call(other, 'POST', `/api/company-page/${theirs._id}/employer-testimonial`, {
      name: 'Zed',
      title: 'Chef',
      _video: video.id,
    });
    const quote = await call(other, 'POST', `/api/company-page/${theirs._id}/quote`, {
      pageType: 'WHY_JOIN',
      content: 'x',
    });
    const quoteId = quote.json().data.pages.WHY_JOIN.quotes[0]._id;
    const text = theirs.pages.WHY_JOIN.textAreas[0]!._id;
    const requests: [Parameters<typeof call>[1], string, object?][] = [
      ['PATCH', `/api/company-page/${theirs._id}`, { stats: theirs.stats }],
      ['PATCH', `/api/company-page/${theirs._id}/text-area/${text}`, { header: 'x', content: 'y' }],
      ['POST', `/api/company-page/${theirs._id}/quote`, { pageType: 'WHY_JOIN', content: 'x' }],
      ['PATCH', `/api/company-page/${theirs._id}/quote/${quoteId}`, { content: 'x' }],
      ['DELETE', `/api/company-page/${theirs._id}/quote/${quoteId}`],
      ['PATCH', `/api/company-page/${theirs._id}/reorder`, { elements: [{ _id: text, order: 3 }] }],
      ['GET', `/api/company-page/${theirs._id}/employer-testimonial/zed`],
      ['PATCH', `/api/company-page/${theirs._id}/employer-testimonial/zed`, { title: 'x' }],
      ['DELETE', `/api/company-page/${theirs._id}/employer-testimonial/zed`],
      ['GET', `/api/company-page/not-a-uuid/employer-testimonial/zed`],
    ];
    for (const [method, url, body] of requests) {
      const res = await call(admin, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const mine = await openPage(admin);
    // Their block ids through my page are not found either.
    expect(
      (await call(admin, 'PATCH', `/api/company-page/${mine._id}/quote/${quoteId}`, { content: 'x' }))
        .statusCode,
    ).toBe(404);
    const still = await openPage(other);
    expect(still.pages.WHY_JOIN.quotes.map((q) => q.content)).toEqual(['x']);
    expect(still.pages.STORIES.employerTestimonials.map((s) => s.slug)).toEqual(['zed']);
  });
});

describe('OpenAPI', () => {
  it('documents every company page call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as Record<string, unknown>).filter((p) =>
      p.includes('company-page'),
    );
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/company-page/{companyId}/company',
        '/api/company-page/{id}/reorder',
        '/api/company-page/{id}/employer-testimonial/{slug}',
      ]),
    );
  });
});
