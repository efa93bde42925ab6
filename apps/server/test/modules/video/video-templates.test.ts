import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createCompany } from '@hirecast/db/factories';
import { companies, imageAssets, videoTemplates } from '@hirecast/db/schema';
import type { TVideoTemplate } from '@hirecast/domain/video-template';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '@hirecast/domain/video-template-rules';
import { createTestApp } from '../../support/helper.ts';
import { companyWithMember, signedInUser } from '../../support/sessions.ts';
import { headers, type TActor } from '../../support/assets-support.ts';
import { clipAsset, templateData } from '../../support/video-templates-support.ts';
import { SAMPLES_COMPANY } from '../../../src/modules/video/service.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ QUEUE_INPROCESS: 'false' });
}, 120_000);
afterAll(() => t.close());

const call = (actor: TActor, method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: headers(actor), ...(payload && { payload }) });
const viewerOf = async (admin: TActor): Promise<TActor> => {
  const member = await signedInUser(t.db);
  await addMember(t.db, { companyId: admin.company.id, userId: member.user.id, role: 0 });
  return { company: admin.company, ...member };
};
async function created(actor: TActor, type: 'landscape' | 'portrait' = 'landscape', clips = 2) {
  const assets = await Promise.all(Array.from({ length: clips }, () => clipAsset(t.db, actor.company.id)));
  const data = templateData(
    type,
    assets.map((a) => ({ assetId: a.id, duration: 5000 })),
  );
  const res = await call(actor, 'POST', '/api/video', { title: 'Meet the team', data });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as TVideoTemplate;
}

describe('POST /api/video', () => {
  it('creates a draft owned by the caller, answering the template with its id', async () => {
    const admin = await companyWithMember(t.db, 2);
    const video = await created(admin, 'portrait');
    expect(video).toMatchObject({
      title: 'Meet the team',
      status: 'draft',
      isSample: false,
      _owner: admin.user.id,
      _file: null,
      dimension: 'portrait',
      errorReason: null,
      videoMp4Url: null,
    });
    expect(video.data.title).toBe('Meet the team');
    expect(video.data.sections.map((s) => s.type)).toEqual([
      'entrance',
      'video',
      'transition',
      'video',
      'ending',
    ]);
    // The clip's URL is a fresh one of its asset, not the stored one.
    const clip = video.data.sections[1]!;
    expect(clip.type === 'video' && clip.video.url).toContain('/storage/');
  });

  it('saves a draft that misses required fields but refuses the §5 limits', async () => {
    const admin = await companyWithMember(t.db, 2);
    const a = await clipAsset(t.db, admin.company.id);
    const draft = templateData('landscape', [{ assetId: a.id, duration: 5000 }]);
    draft.sections.splice(-1, 0, { type: 'transition', id: 'tx', heading: '', text: '' });
    expect((await call(admin, 'POST', '/api/video', { title: 'Draft', data: draft })).statusCode).toBe(201);

    const long = templateData('landscape', [
      { assetId: a.id, duration: 30_000 },
      { assetId: a.id, duration: 31_000 },
    ]);
    const tooLong = await call(admin, 'POST', '/api/video', { title: 'Long', data: long });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(TEMPLATE_MESSAGES.totalDuration);
    expect(TEMPLATE_MESSAGES.totalDuration).toBe(
      'The total duration of all the videos added should not exceed 60 seconds',
    );

    const four = templateData(
      'landscape',
      Array.from({ length: 4 }, () => ({ assetId: a.id, duration: 2000 })),
    );
    const tooMany = await call(admin, 'POST', '/api/video', { title: 'Four', data: four });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(TEMPLATE_MESSAGES.tooManyVideos('landscape'));
    // Portrait allows fifteen.
    const portrait = templateData(
      'portrait',
      Array.from({ length: 4 }, () => ({ assetId: a.id, duration: 2000 })),
    );
    expect((await call(admin, 'POST', '/api/video', { title: 'Four', data: portrait })).statusCode).toBe(201);

    const longHeading = templateData('landscape', [{ assetId: a.id, duration: 1000 }]);
    longHeading.sections.splice(-1, 0, { type: 'transition', id: 'x', heading: 'x'.repeat(31), text: '' });
    expect((await call(admin, 'POST', '/api/video', { title: 'H', data: longHeading })).statusCode).toBe(400);
  });

  it("refuses a clip or a file of another company's library", async () => {
    const admin = await companyWithMember(t.db, 2);
    const other = await createCompany(t.db);
    const foreign = await clipAsset(t.db, other.id);
    const data = templateData('landscape', [{ assetId: foreign.id, duration: 3000 }]);
    const res = await call(admin, 'POST', '/api/video', { title: 'Theirs', data });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('A clip of this video is not in your library');

    const own = await clipAsset(t.db, admin.company.id);
    const withCover = templateData('landscape', [{ assetId: own.id, duration: 3000 }]);
    const cover = `uploads/${other.id}/${randomUUID()}.jpg`;
    const res2 = await call(admin, 'POST', '/api/video', { title: 'Cover', cover, data: withCover });
    expect(res2.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/video', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/video', () => {
  it('pages only the company templates with videosCount; the samples come beside them; rendered only when asked', async () => {
    const admin = await companyWithMember(t.db, 2);
    for (let i = 0; i < 3; i++) await created(admin);
    const samples = await createCompany(t.db, SAMPLES_COMPANY);
    const sampleClip = await clipAsset(t.db, samples.id);
    await t.db.insert(videoTemplates).values({
      companyId: samples.id,
      type: 'portrait',
      title: 'Sample',
      isSample: true,
      status: 'rendered',
      data: templateData('portrait', [{ assetId: sampleClip.id, duration: 4000 }]),
    });
    const [rendered] = await t.db
      .update(videoTemplates)
      .set({ status: 'rendered' })
      .where(eq(videoTemplates.companyId, admin.company.id))
      .returning();
    await t.db
      .update(videoTemplates)
      .set({ status: 'draft' })
      .where(eq(videoTemplates.id, (await created(admin))._id));

    type TList = { videos: TVideoTemplate[]; videosCount: number; samples: TVideoTemplate[] };
    const page = await call(admin, 'GET', '/api/video?skip=0&limit=2');
    expect(page.statusCode).toBe(200);
    const body = page.json().data as TList;
    // 4 own templates: the sample takes no place in the pages nor in the count
    expect(body.videosCount).toBe(4);
    expect(body.videos).toHaveLength(2);
    expect(body.videos.some((v) => v.isSample)).toBe(false);
    expect(body.samples.map((v) => v.title)).toEqual(['Sample']);
    expect(body.samples[0]).toMatchObject({ isSample: true, _owner: null });
    const rest = (await call(admin, 'GET', '/api/video?skip=2&limit=12')).json().data as TList;
    expect(rest.videos).toHaveLength(2);
    expect(rest.videosCount).toBe(4);
    expect(rest.samples.map((v) => v.title)).toEqual(['Sample']);
    const ids = [...body.videos, ...rest.videos].map((v) => v._id);
    expect(new Set(ids).size).toBe(4);

    // The media chooser: the company's own rendered ones only (the sample is rendered, but another company's)
    const onlyRendered = (await call(admin, 'GET', '/api/video?status=rendered')).json().data as TList;
    expect(onlyRendered.videosCount).toBe(3);
    expect(onlyRendered.videos.every((v) => v.status === 'rendered' && !v.isSample)).toBe(true);
    expect(onlyRendered.videos.map((v) => v._id)).toContain(rendered!.id);
    expect(onlyRendered.samples).toEqual([]);

    const stranger = await companyWithMember(t.db, 2);
    const theirs = (await call(stranger, 'GET', '/api/video')).json().data as TList;
    expect(theirs).toMatchObject({ videos: [], videosCount: 0 });
    expect(theirs.samples.map((v) => v.title)).toEqual(['Sample']);
    expect((await call(admin, 'GET', '/api/video?limit=51')).statusCode).toBe(400);
  });
});

describe('GET, PATCH, DELETE /api/video/{id}', () => {
  it('reads, renames and edits a template; another company gets 404', async () => {
    const admin = await companyWithMember(t.db, 2);
    const video = await created(admin);
    const got = await call(admin, 'GET', `/api/video/${video._id}`);
    expect(got.json().data._id).toBe(video._id);

    const renamed = await call(admin, 'PATCH', `/api/video/${video._id}`, { title: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ title: 'Renamed', data: { title: 'Renamed' } });

    const data = { ...video.data, textColor: '#ff0000', type: 'portrait' };
    const edited = (await call(admin, 'PATCH', `/api/video/${video._id}`, { data })).json().data;
    expect(edited.data.textColor).toBe('#ff0000');
    expect(edited.dimension).toBe('landscape');

    const stranger = await companyWithMember(t.db, 2);
    for (const [method, payload] of [['GET'], ['PATCH', { title: 'x' }], ['DELETE'], ['POST']] as const) {
      const url = method === 'POST' ? `/api/video/${video._id}/render` : `/api/video/${video._id}`;
      expect((await call(stranger, method, url, payload)).statusCode).toBe(404);
    }
    expect((await call(admin, 'GET', `/api/video/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/api/video/not-an-id')).statusCode).toBe(404);
  });

  it('answers a legacy fixed-field template as sections (spec 3 §3)', async () => {
    const admin = await companyWithMember(t.db, 2);
    const clip = await clipAsset(t.db, admin.company.id);
    const video = (assetId: string | null, title: string) => ({
      video: { assetId, url: 'https://example.com/a.mp4', transcoded: true, duration: 4000 },
      title,
      subtitle: '',
    });
    const [row] = await t.db
      .insert(videoTemplates)
      .values({
        companyId: admin.company.id,
        ownerId: admin.user.id,
        type: 'landscape',
        title: 'Old one',
        data: {
          type: 'landscape',
          title: 'Old one',
          entrance: { text: 'Hello' },
          firstVideo: video(clip.id, 'First'),
          transition: { heading: 'Next', text: '' },
          secondVideo: video(clip.id, 'Second'),
          ending: { text: 'Apply' },
        },
      })
      .returning();
    const got = (await call(admin, 'GET', `/api/video/${row!.id}`)).json().data as TVideoTemplate;
    expect(got.data.sections.map((s) => s.type)).toEqual([
      'entrance',
      'video',
      'transition',
      'video',
      'ending',
    ]);
    expect(got.data.fontFamily).toBe('Open Sans');
    const listed = (await call(admin, 'GET', '/api/video')).json().data.videos as TVideoTemplate[];
    expect(listed.find((v) => v._id === row!.id)?.data.sections).toHaveLength(5);
  });

  it('lets a viewer change only their own templates (spec 3 §6)', async () => {
    const admin = await companyWithMember(t.db, 2);
    const viewer = await viewerOf(admin);
    const adminVideo = await created(admin);
    const viewerVideo = await created(viewer);

    expect((await call(viewer, 'GET', `/api/video/${adminVideo._id}`)).statusCode).toBe(200);
    const patch = await call(viewer, 'PATCH', `/api/video/${adminVideo._id}`, { title: 'Mine now' });
    expect(patch.statusCode).toBe(403);
    expect(patch.json().error.message).toBe('You can only change videos you own');
    expect((await call(viewer, 'DELETE', `/api/video/${adminVideo._id}`)).statusCode).toBe(403);
    expect((await call(viewer, 'POST', `/api/video/${adminVideo._id}/render`)).statusCode).toBe(403);

    expect((await call(viewer, 'PATCH', `/api/video/${viewerVideo._id}`, { title: 'Mine' })).statusCode).toBe(
      200,
    );
    // A job manager or admin changes anyone's.
    expect((await call(admin, 'PATCH', `/api/video/${viewerVideo._id}`, { title: 'Ours' })).statusCode).toBe(
      200,
    );
    expect((await call(viewer, 'DELETE', `/api/video/${viewerVideo._id}`)).statusCode).toBe(200);
    expect((await call(viewer, 'GET', `/api/video/${viewerVideo._id}`)).statusCode).toBe(404);
  });

  it('keeps samples read-only and lets anyone make one like them', async () => {
    const admin = await companyWithMember(t.db, 2);
    const [samples] = await t.db.select().from(videoTemplates).where(eq(videoTemplates.isSample, true));
    expect(samples).toBeDefined();
    const sample = (await call(admin, 'GET', `/api/video/${samples!.id}`)).json().data as TVideoTemplate;
    expect(sample.isSample).toBe(true);
    expect((await call(admin, 'PATCH', `/api/video/${sample._id}`, { title: 'x' })).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/api/video/${sample._id}`)).statusCode).toBe(403);
    // "Make one like this": the sample's data (its clips are the samples') saved as the company's own.
    const copy = await call(admin, 'POST', '/api/video', { title: 'Like the sample', data: sample.data });
    expect(copy.statusCode).toBe(201);
    expect(copy.json().data).toMatchObject({ isSample: false, _owner: admin.user.id, status: 'draft' });
  });
});

describe('POST /api/video/{id}/render', () => {
  it('checks the required fields, then queues one render and answers preparing', async () => {
    const admin = await companyWithMember(t.db, 2);
    const a = await clipAsset(t.db, admin.company.id);
    const data = templateData('landscape', [{ assetId: a.id, duration: 3000 }]);
    data.sections.splice(1, 0, { type: 'transition', id: 'tx', heading: ' ', text: '' });
    const draft = (await call(admin, 'POST', '/api/video', { title: 'Draft', data })).json().data;
    const refused = await call(admin, 'POST', `/api/video/${draft._id}/render`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe("Transition heading can't be empty.");

    const video = await created(admin);
    const res = await call(admin, 'POST', `/api/video/${video._id}/render`);
    expect(res.statusCode).toBe(202);
    expect(res.json().data).toMatchObject({ status: 'preparing', progress: 0 });
    const again = await call(admin, 'POST', `/api/video/${video._id}/render`);
    expect(again.json().data.status).toBe('preparing');
    const [row] = await t.db.select().from(videoTemplates).where(eq(videoTemplates.id, video._id));
    // pg-boss keeps the queued job: exactly one for this template.
    const jobs = await t.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'video.render' and data->>'templateId' = ${video._id}`,
    );
    expect((jobs as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    expect(row!.renderId).toBeTruthy();
    // A render left behind by a dead worker (nothing touched the row for longer than the job's expiry) may be
    // started again; a live one may not.
    await t.db
      .update(videoTemplates)
      .set({ status: 'rendering', updatedAt: new Date(Date.now() - 40 * 60_000) })
      .where(eq(videoTemplates.id, video._id));
    const restarted = await call(admin, 'POST', `/api/video/${video._id}/render`);
    expect(restarted.json().data.status).toBe('preparing');
    const [after] = await t.db.select().from(videoTemplates).where(eq(videoTemplates.id, video._id));
    expect(after!.renderId).not.toBe(row!.renderId);
    // While it works, it cannot be edited or deleted.
    expect((await call(admin, 'PATCH', `/api/video/${video._id}`, { title: 'x' })).statusCode).toBe(409);
    expect((await call(admin, 'DELETE', `/api/video/${video._id}`)).statusCode).toBe(409);
  });
});

// Issue 23 item 5: one company's burst of renders cannot hold up the others.
describe('renders and templates per company and person', () => {
  it('allows 3 renders queued or running per company; the 4th answers 429, another company is not held', async () => {
    const a = await companyWithMember(t.db, 2);
    const b = await companyWithMember(t.db, 2);
    const mine = await Promise.all(Array.from({ length: 4 }, () => created(a)));
    const theirs = await created(b);
    for (const v of mine.slice(0, 3))
      expect((await call(a, 'POST', `/api/video/${v._id}/render`)).statusCode).toBe(202);
    const refused = await call(a, 'POST', `/api/video/${mine[3]!._id}/render`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: TEMPLATE_MESSAGES.renderLimit,
    });
    expect(TEMPLATE_LIMITS.maxRendersPerCompany).toBe(3);
    const [row] = await t.db.select().from(videoTemplates).where(eq(videoTemplates.id, mine[3]!._id));
    expect(row!.status).toBe('draft');
    // Finalizing one already queued again is no new render, so it is answered as it is.
    expect((await call(a, 'POST', `/api/video/${mine[0]!._id}/render`)).statusCode).toBe(202);
    // Another company is not affected.
    expect((await call(b, 'POST', `/api/video/${theirs._id}/render`)).statusCode).toBe(202);
    // Once one of A's is done (rendered or failed), the next may go; a render left behind by a dead worker
    // (nothing touched it for longer than the job's expiry) holds no place either.
    await t.db.update(videoTemplates).set({ status: 'error' }).where(eq(videoTemplates.id, mine[0]!._id));
    expect((await call(a, 'POST', `/api/video/${mine[3]!._id}/render`)).statusCode).toBe(202);
    expect((await call(a, 'POST', `/api/video/${mine[0]!._id}/render`)).statusCode).toBe(429);
    await t.db
      .update(videoTemplates)
      .set({ updatedAt: new Date(Date.now() - 40 * 60_000) })
      .where(eq(videoTemplates.id, mine[1]!._id));
    expect((await call(a, 'POST', `/api/video/${mine[0]!._id}/render`)).statusCode).toBe(202);
  });

  it('answers 429 with its message to one person creating too many templates in an hour', async () => {
    const admin = await companyWithMember(t.db, 2);
    const colleague = await signedInUser(t.db);
    await addMember(t.db, { companyId: admin.company.id, userId: colleague.user.id, role: 2 });
    const a = await clipAsset(t.db, admin.company.id);
    const data = templateData('landscape', [{ assetId: a.id, duration: 3000 }]);
    for (let i = 0; i < 30; i++)
      expect((await call(admin, 'POST', '/api/video', { title: `V${i}`, data })).statusCode).toBe(201);
    const refused = await call(admin, 'POST', '/api/video', { title: 'One more', data });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(TEMPLATE_MESSAGES.createLimit);
    // Counted per person: a colleague still creates.
    const theirs = await call({ company: admin.company, ...colleague }, 'POST', '/api/video', {
      title: 'Mine',
      data,
    });
    expect(theirs.statusCode).toBe(201);
  });
});

// Issue 23 item 7: a template's logo must be an image of the company's own library.
describe("a template's logo", () => {
  const image = async (companyId: string) => {
    const key = `uploads/public/${companyId}/${randomUUID()}.png`;
    const [row] = await t.db
      .insert(imageAssets)
      .values({ companyId, fileName: 'logo.png', url: key, key })
      .returning();
    return row!;
  };

  it("refuses another company's image with 400 and takes the company's own", async () => {
    const admin = await companyWithMember(t.db, 2);
    const other = await createCompany(t.db);
    const a = await clipAsset(t.db, admin.company.id);
    const theirs = await image(other.id);
    const logoOf = (img: { id: string }) => ({ url: 'https://example.com/logo.png', imageId: img.id });
    const data = templateData('landscape', [{ assetId: a.id, duration: 3000 }], { logo: logoOf(theirs) });
    const refused = await call(admin, 'POST', '/api/video', { title: 'Logo', data });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(TEMPLATE_MESSAGES.logoForeign);
    const unknown = { ...data, logo: { url: data.logo!.url, imageId: randomUUID() } };
    expect((await call(admin, 'POST', '/api/video', { title: 'Logo', data: unknown })).statusCode).toBe(400);

    const own = await image(admin.company.id);
    const ok = await call(admin, 'POST', '/api/video', {
      title: 'Logo',
      data: { ...data, logo: logoOf(own) },
    });
    expect(ok.statusCode).toBe(201);
    const id = ok.json().data._id as string;
    // PATCH is checked the same way.
    const patched = await call(admin, 'PATCH', `/api/video/${id}`, { data });
    expect(patched.statusCode).toBe(400);
  });

  it("takes the company's own logo, whoever of the team uploaded it (make one like this starts with it)", async () => {
    const admin = await companyWithMember(t.db, 2);
    const colleague = await signedInUser(t.db);
    const logoKey = `uploads/public/${colleague.user.id}/${randomUUID()}.png`;
    await t.db
      .update(companies)
      .set({ logo: `http://localhost:3000/storage/${logoKey}` })
      .where(eq(companies.id, admin.company.id));
    const a = await clipAsset(t.db, admin.company.id);
    const logo = { url: `http://localhost:3000/storage/${logoKey}`, imageId: null };
    const data = templateData('landscape', [{ assetId: a.id, duration: 3000 }], { logo });
    expect((await call(admin, 'POST', '/api/video', { title: 'Ours', data })).statusCode).toBe(201);
    // Someone else's file by address is still refused.
    const stranger = `http://localhost:3000/storage/uploads/public/${randomUUID()}/${randomUUID()}.png`;
    const foreign = { ...data, logo: { url: stranger, imageId: null } };
    expect((await call(admin, 'POST', '/api/video', { title: 'Theirs', data: foreign })).statusCode).toBe(
      400,
    );
  });
});

// Issue 23 item 8: the opening stays first and the closing last, whatever the client sends.
describe('section order', () => {
  it('refuses an opening that is not first or a closing that is not last, on create and on save', async () => {
    const admin = await companyWithMember(t.db, 2);
    const a = await clipAsset(t.db, admin.company.id);
    const data = templateData('landscape', [{ assetId: a.id, duration: 3000 }]);
    const [entrance, video, ending] = data.sections;
    const openingSecond = { ...data, sections: [video!, entrance!, ending!] };
    const res = await call(admin, 'POST', '/api/video', { title: 'Order', data: openingSecond });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(TEMPLATE_MESSAGES.openingFirst);
    expect(res.json().error.fields).toMatchObject({ sections: TEMPLATE_MESSAGES.openingFirst });
    const videoLast = { ...data, sections: [entrance!, ending!, video!] };
    const res2 = await call(admin, 'POST', '/api/video', { title: 'Order', data: videoLast });
    expect(res2.statusCode).toBe(400);
    expect(res2.json().error.message).toBe(TEMPLATE_MESSAGES.closingLast);

    const ok = await call(admin, 'POST', '/api/video', { title: 'Order', data });
    expect(ok.statusCode).toBe(201);
    const moved = await call(admin, 'PATCH', `/api/video/${ok.json().data._id}`, { data: videoLast });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.message).toBe(TEMPLATE_MESSAGES.closingLast);
  });
});
