import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyQuestions, videoAssets } from '@hirecast/db/schema';
import { assetMessages } from '@hirecast/domain/asset';
import { createTestApp } from '../../support/helper.ts';
import { companyWithMember, signedInUser } from '../../support/sessions.ts';
import { addMember, createJob } from '@hirecast/db/factories';
import { headers, mp4Bytes, uploadFile, type TActor } from '../../support/assets-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // The pipeline's in-process worker is tested on its own; here jobs are only queued.
  t = await createTestApp({ QUEUE_INPROCESS: 'false' });
});
afterAll(() => t.close());

const create = async (actor: TActor, payload: Record<string, unknown> = {}) => {
  const uploadId = payload.key ? undefined : await uploadFile(t.app, actor, mp4Bytes(4096));
  return t.app.inject({
    method: 'POST',
    url: '/api/asset',
    headers: headers(actor),
    payload: { type: 0, title: 'Welcome', fileName: 'welcome.mp4', uploadId, ...payload },
  });
};
const created = async (actor: TActor, payload: Record<string, unknown> = {}) => {
  const res = await create(actor, payload);
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as { _id: string; title: string; _owner: string };
};
const call = (actor: TActor, method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: headers(actor), ...(payload && { payload }) });
const row = async (id: string) => (await t.db.select().from(videoAssets).where(eq(videoAssets.id, id)))[0];
const viewerOf = async (admin: TActor): Promise<TActor> => {
  const member = await signedInUser(t.db);
  await addMember(t.db, { companyId: admin.company.id, userId: member.user.id, role: 0 });
  return { company: admin.company, ...member };
};

describe('POST /api/asset', () => {
  it('creates an asset from a finished upload, with its question and tags', async () => {
    const admin = await companyWithMember(t.db, 2);
    const res = await create(admin, {
      title: '  Meet the team ',
      _question: 'Why do you love working here?',
      _tags: ['Team', 'office', 'team'],
      dimension: 'landscape',
      width: 1280,
      height: 720,
      duration: 12.5,
      data: { customThumbnailUrl: 'https://cdn.example.com/t.jpg' },
    });
    expect(res.statusCode).toBe(201);
    const asset = res.json().data;
    expect(asset).toMatchObject({
      type: 0,
      title: 'Meet the team',
      fileName: 'welcome.mp4',
      status: 'new',
      _owner: admin.user.id,
      _company: admin.company.id,
      _question: 'Why do you love working here?',
      _tags: ['team', 'office'],
      isStory: false,
      dimension: 'landscape',
      width: 1280,
      height: 720,
      duration: 12.5,
      exclude: false,
    });
    expect(asset.data.videoUrl).toMatch(/\/api\/storage\/uploads\/.+\.mp4\?expires=/);
    expect(asset.data.customThumbnailUrl).toBe('https://cdn.example.com/t.jpg');
    const questions = await t.db
      .select()
      .from(companyQuestions)
      .where(eq(companyQuestions.companyId, admin.company.id));
    expect(questions.map((q) => q.text)).toEqual(['Why do you love working here?']);
    const jobs = await t.db.execute(sql`select data from pgboss.job where name = 'video.process'`);
    expect(jobs.rows).toContainEqual({ data: { assetId: asset._id } });
    const again = await created(admin, { _question: 'WHY DO YOU LOVE WORKING HERE?' });
    expect((await row(again._id))!.questionId).toBe(questions[0]!.id);
  });

  it('creates from a key uploaded through a signed URL, checking the bytes', async () => {
    const admin = await companyWithMember(t.db, 2);
    const key = `uploads/${admin.company.id}/${randomUUID()}.webm`;
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(60, 1)]);
    await t.app.ctx.storage.put({ key, body: webm, contentType: 'video/webm' });
    const res = await create(admin, { key });
    expect(res.statusCode).toBe(201);
    expect((await row(res.json().data._id))!.originalKey).toBe(key);

    const other = await companyWithMember(t.db, 2);
    expect((await create(other, { key })).statusCode).toBe(404);
  });

  it('rejects bad input with the spec messages and stores nothing', async () => {
    const admin = await companyWithMember(t.db, 2);
    const long = await create(admin, { title: 'x'.repeat(91) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(assetMessages.titleTooLong);
    const tags = await create(admin, { _tags: Array.from({ length: 11 }, (_, i) => `t${i}`) });
    expect(tags.statusCode).toBe(400);
    expect(tags.json().error.message).toBe(assetMessages.tooManyTags);
    const none = await call(admin, 'POST', '/api/asset', { type: 0, title: 'A', fileName: 'a.mp4' });
    expect(none.statusCode).toBe(400);
    const badUpload = await call(admin, 'POST', '/api/asset', {
      type: 0,
      title: 'A',
      fileName: 'a.mp4',
      uploadId: `${admin.company.id}_${randomUUID()}`,
    });
    expect(badUpload.statusCode).toBe(404);
    expect(await t.db.select().from(videoAssets).where(eq(videoAssets.companyId, admin.company.id))).toEqual(
      [],
    );
  });

  it("answers 403 Viewer can't publish a story to a viewer", async () => {
    const admin = await companyWithMember(t.db, 2);
    const viewer = await viewerOf(admin);
    const res = await create(viewer, { isStory: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe("Viewer can't publish a story");
    expect((await create(viewer)).statusCode).toBe(201);
  });
});

describe('GET, PATCH and DELETE /api/asset/:id', () => {
  it('renames, sets thumbnails, story and tags, and hides other companies’ assets (404)', async () => {
    const admin = await companyWithMember(t.db, 2);
    const asset = await created(admin);
    const renamed = await call(admin, 'PATCH', `/api/asset/${asset._id}`, { title: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.title).toBe('Renamed');
    const edited = await call(admin, 'PATCH', `/api/asset/${asset._id}`, {
      customThumbnailUrl: 'https://cdn.example.com/d.webp',
      customMobileThumbnailUrl: 'https://cdn.example.com/m.webp',
      isStory: true,
      _tags: ['culture'],
    });
    expect(edited.json().data).toMatchObject({
      title: 'Renamed',
      isStory: true,
      _tags: ['culture'],
      data: {
        customThumbnailUrl: 'https://cdn.example.com/d.webp',
        customMobileThumbnailUrl: 'https://cdn.example.com/m.webp',
      },
    });
    expect((await call(admin, 'GET', `/api/asset/${asset._id}`)).json().data.title).toBe('Renamed');

    const other = await companyWithMember(t.db, 2);
    for (const [method, payload] of [['GET'], ['PATCH', { title: 'Mine' }], ['DELETE']] as const) {
      const res = await call(other, method, `/api/asset/${asset._id}`, payload);
      expect(res.statusCode).toBe(404);
    }
    expect((await call(other, 'GET', `/api/asset/${asset._id}/statistic`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `/api/asset/download/${asset._id}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/api/asset/not-a-uuid')).statusCode).toBe(404);
    expect((await row(asset._id))!.title).toBe('Renamed');
  });

  it('keeps the asset unchanged after a bad rename or too many tags', async () => {
    const admin = await companyWithMember(t.db, 2);
    const asset = await created(admin, { _tags: ['a'] });
    const editable = async () => {
      const r = (await row(asset._id))!;
      return { title: r.title, tags: r.tags, isStory: r.isStory, data: r.data };
    };
    const before = await editable();
    const long = await call(admin, 'PATCH', `/api/asset/${asset._id}`, { title: 'y'.repeat(91) });
    expect(long.statusCode).toBe(400);
    const tags = await call(admin, 'PATCH', `/api/asset/${asset._id}`, {
      _tags: Array.from({ length: 11 }, (_, i) => `t${i}`),
    });
    expect(tags.json().error.message).toBe('You can only select 10 tags');
    const script = await call(admin, 'PATCH', `/api/asset/${asset._id}`, {
      customThumbnailUrl: 'javascript:alert(1)',
    });
    expect(script.statusCode).toBe(400);
    const other = await companyWithMember(t.db, 2);
    const theirs = await call(admin, 'PATCH', `/api/asset/${asset._id}`, {
      customThumbnailUrl: `uploads/public/${other.company.id}/${randomUUID()}.png`,
    });
    expect(theirs.statusCode).toBe(400);
    const unknown = await call(admin, 'PATCH', `/api/asset/${asset._id}`, { status: 'ready' });
    expect(unknown.statusCode).toBe(400);
    expect(await editable()).toEqual(before);
  });

  it('lets a viewer change only their own assets and never the story switch', async () => {
    const admin = await companyWithMember(t.db, 2);
    const viewer = await viewerOf(admin);
    const adminAsset = await created(admin);
    const own = await created(viewer);
    expect((await call(viewer, 'GET', `/api/asset/${adminAsset._id}`)).statusCode).toBe(200);
    const rename = await call(viewer, 'PATCH', `/api/asset/${adminAsset._id}`, { title: 'Nope' });
    expect(rename.statusCode).toBe(403);
    expect((await call(viewer, 'DELETE', `/api/asset/${adminAsset._id}`)).statusCode).toBe(403);
    expect((await call(viewer, 'PATCH', `/api/asset/${own._id}`, { title: 'Mine' })).statusCode).toBe(200);
    const story = await call(viewer, 'PATCH', `/api/asset/${own._id}`, { isStory: true });
    expect(story.statusCode).toBe(403);
    expect(story.json().error.message).toBe("Viewer can't publish a story");
    expect((await row(own._id))!.isStory).toBe(false);
    expect((await row(adminAsset._id))!.title).toBe('Welcome');
    expect((await call(viewer, 'DELETE', `/api/asset/${own._id}`)).statusCode).toBe(200);
    expect(await row(own._id)).toBeUndefined();
  });

  it('deletes the stored files with the asset', async () => {
    const admin = await companyWithMember(t.db, 2);
    const asset = await created(admin);
    const key = (await row(asset._id))!.originalKey!;
    const file = join(t.config.storage.localDir, key);
    expect(existsSync(file)).toBe(true);
    const res = await call(admin, 'DELETE', `/api/asset/${asset._id}`);
    expect(res.statusCode).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect((await call(admin, 'GET', `/api/asset/${asset._id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/asset/download/:id', () => {
  it('answers 409 for a rendition not processed yet, then its signed URL', async () => {
    const admin = await companyWithMember(t.db, 2);
    const asset = await created(admin);
    const original = await call(admin, 'GET', `/api/asset/download/${asset._id}`);
    expect(original.statusCode).toBe(200);
    expect(original.json().data.url).toMatch(/\.mp4\?expires=\d+&signature=[0-9a-f]{64}$/);
    for (const quality of ['480p', '720p']) {
      const res = await call(admin, 'GET', `/api/asset/download/${asset._id}?quality=${quality}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('This quality is still being processed.');
    }
    const base = (await row(asset._id))!.originalKey!.replace(/\.mp4$/, '');
    await t.db
      .update(videoAssets)
      .set({
        data: { videoMp4Url: `${base}-480p.mp4`, videoMp4Url_720p: `${base}-720p.mp4` },
        status: 'ready',
      })
      .where(eq(videoAssets.id, asset._id));
    const p480 = await call(admin, 'GET', `/api/asset/download/${asset._id}?quality=480p`);
    expect(p480.statusCode).toBe(200);
    expect(p480.json().data.url).toContain('-480p.mp4?expires=');
    const p720 = await call(admin, 'GET', `/api/asset/download/${asset._id}?quality=720p`);
    expect(p720.json().data.url).toContain('-720p.mp4?expires=');
    expect((await call(admin, 'GET', `/api/asset/download/${asset._id}?quality=4k`)).statusCode).toBe(400);
  });
});

describe('engagement and statistics', () => {
  it('keeps the furthest second per session and reports viewers per second', async () => {
    const admin = await companyWithMember(t.db, 2);
    const asset = await created(admin);
    // Beacons count only for a video a public page shows (public-tracking.test.ts has the rule).
    await createJob(t.db, { companyId: admin.company.id, status: 'open', videoAssetId: asset._id });
    const beacon = (second: number, sessionId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/asset/${asset._id}/engagement`,
        payload: { second, sessionId },
      });
    expect((await beacon(3, 'session-aaaa')).statusCode).toBe(200);
    expect((await beacon(1, 'session-aaaa')).statusCode).toBe(200);
    expect((await beacon(1, 'session-bbbb')).statusCode).toBe(200);
    expect((await beacon(-1, 'session-bbbb')).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/asset/${randomUUID()}/engagement`,
          payload: { second: 1, sessionId: 'session-cccc' },
        })
      ).statusCode,
    ).toBe(404);
    const res = await call(admin, 'GET', `/api/asset/${asset._id}/statistic`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.videoEngagement).toEqual([
      { second: 0, viewers: 2, percentage: 100 },
      { second: 1, viewers: 2, percentage: 100 },
      { second: 2, viewers: 1, percentage: 50 },
      { second: 3, viewers: 1, percentage: 50 },
    ]);
  });
});

describe('lists, tags and onboarding', () => {
  it('pages, searches and filters the company’s assets, newest first', async () => {
    const admin = await companyWithMember(t.db, 2);
    const other = await companyWithMember(t.db, 2);
    await created(other, { title: 'Sales kickoff' });
    for (let i = 1; i <= 13; i++)
      await created(admin, { title: `Clip ${i}`, dimension: i % 2 ? 'landscape' : 'portrait' });
    await created(admin, { title: 'Sales 100%_promo', _tags: ['sales'] });
    const page = await call(admin, 'GET', '/api/company/assets');
    expect(page.statusCode).toBe(200);
    expect(page.json().data.count).toBe(14);
    expect(page.json().data.assets).toHaveLength(12);
    expect(page.json().data.assets[0].title).toBe('Sales 100%_promo');
    const second = await call(admin, 'GET', '/api/company/assets?skip=12&limit=12');
    expect(second.json().data.assets.map((a: { title: string }) => a.title)).toEqual(['Clip 2', 'Clip 1']);
    const search = await call(admin, 'GET', '/api/company/assets?search=sales');
    expect(search.json().data.assets.map((a: { title: string }) => a.title)).toEqual(['Sales 100%_promo']);
    const literal = await call(admin, 'GET', '/api/company/assets?search=0%25_');
    expect(literal.json().data.count).toBe(1);
    const portrait = await call(admin, 'GET', '/api/company/assets?dimension=portrait&limit=50');
    expect(portrait.json().data.count).toBe(6);
    expect((await call(admin, 'GET', '/api/company/assets?status=ready')).json().data.count).toBe(0);
    expect((await call(admin, 'GET', '/api/company/assets?limit=51')).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/tag')).json().data).toEqual({ tags: ['sales'] });
  });

  it('lists the onboarding videos sorted by the number their titles start with', async () => {
    const admin = await companyWithMember(t.db, 2);
    for (const title of ['10 Analytics', '2 Jobs', '1 Welcome']) {
      const asset = await created(admin, { title });
      await t.db.update(videoAssets).set({ onboarding: true }).where(eq(videoAssets.id, asset._id));
    }
    const res = await call(admin, 'GET', '/api/asset/onboarding');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((a: { title: string }) => a.title)).toEqual([
      '1 Welcome',
      '2 Jobs',
      '10 Analytics',
    ]);
  });
});
