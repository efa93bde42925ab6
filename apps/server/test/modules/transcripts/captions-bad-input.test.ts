import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captions, transcripts } from '@hirecast/db/schema';
import { createJob } from '@hirecast/db/factories';
import { captionRouteMessages } from '@hirecast/domain/captions';
import { messages } from '@hirecast/domain/messages';
import { buildPreviewCaptionsPath } from '@hirecast/domain/public-video';
import { headers, type TActor } from '../../support/assets-support.ts';
import { createTestApp } from '../../support/helper.ts';
import { companyWithMember } from '../../support/sessions.ts';
import { hostedVideo, openJob, SITE_TEST_ENV } from '../../support/site-support.ts';

// Issue 34 item 2: the caption routes and the transcription settings refuse bad input with a clear 400 that says
// what is wrong (never a 500) and change nothing; a well-formed id the caller may not read is a 404. And a job's
// preview page (never published) plays its captions from the preview's own route, for the job's team only.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp(SITE_TEST_ENV);
});
afterAll(() => t?.close());

const SEGMENTS = [{ start: 0, end: 2, text: 'Welcome to the team.' }];
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
// Over the routes' 64 characters, under the router's longest part (100; longer is tested apart).
const LONG = 'a'.repeat(90);

async function transcribed(companyId: string) {
  const video = await hostedVideo(t.db, companyId);
  await t.db
    .insert(transcripts)
    .values({ assetId: video.id, companyId, status: 'done', language: 'en', segments: SEGMENTS });
  return video;
}

const get = (url: string, actor?: TActor) => t.app.inject({ url, ...(actor && { headers: headers(actor) }) });

async function expect400(res: Awaited<ReturnType<typeof get>>, message: string, what: string) {
  expect(res.statusCode, what).toBe(400);
  expect(res.json().error, what).toMatchObject({ code: 'VALIDATION', message });
}

describe('the caption routes refuse bad ids', () => {
  it('public job and career page captions: 400 for a NUL byte, an over-long or a malformed id; 404 for an unknown one', async () => {
    const actor = await companyWithMember(t.db);
    const video = await transcribed(actor.company.id);
    const { job } = await openJob(t.db, { companyId: actor.company.id, videoAssetId: video.id });
    const slug = actor.company.slug;
    expect((await get(`/api/public/job/${job.shortId}/captions/${video.id}`)).statusCode).toBe(200);

    const cases: [string, string][] = [
      [`/api/public/job/${job.shortId}/captions/%00${video.id.slice(1)}`, messages.textUnstorable],
      [`/api/public/job/${job.shortId}%00/captions/${video.id}`, messages.textUnstorable],
      [`/api/public/job/${job.shortId}/captions/${LONG}`, captionRouteMessages.assetId],
      [`/api/public/job/${LONG}/captions/${video.id}`, captionRouteMessages.shortId],
      [`/api/public/job/${job.shortId}/captions/not-a-uuid`, captionRouteMessages.assetId],
      [`/api/public/job/nope/captions/${video.id}`, captionRouteMessages.shortId],
      [`/api/public/company/${slug}/captions/${video.id}x`, captionRouteMessages.assetId],
      [`/api/public/company/${slug}%00/captions/${video.id}`, messages.textUnstorable],
      [`/api/public/company/${slug}/captions/${LONG}`, captionRouteMessages.assetId],
    ];
    for (const [url, message] of cases) await expect400(await get(url), message, url.slice(0, 120));

    for (const url of [
      `/api/public/job/${job.shortId}/captions/${'a'.repeat(5000)}`,
      `/api/public/company/${'a'.repeat(5000)}/captions/${video.id}`,
    ]) {
      // Past the router's longest part: refused before any route runs, in the same shape, the path not echoed.
      const huge = await get(url);
      expect(huge.statusCode).toBe(400);
      expect(huge.json()).toEqual({ error: { code: 'VALIDATION', message: messages.addressPartTooLong } });
    }
    // A broken %-escape: refused by the router, in the same shape.
    const broken = await get(`/api/public/job/${job.shortId}/captions/%E0%A4%A`);
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: { code: 'VALIDATION', message: messages.requestUnreadable } });

    for (const url of [
      `/api/public/job/${job.shortId}/captions/${UNKNOWN}`,
      `/api/public/job/ZZZZZZZZ/captions/${video.id}`,
      `/api/public/company/${slug}/captions/${UNKNOWN}`,
      `/api/public/company/no-such-company/captions/${video.id}`,
    ])
      expect((await get(url)).statusCode, url).toBe(404);
  });

  it('members’ captions: 400 for bad ids and a body of the wrong type, and nothing is saved', async () => {
    const actor = await companyWithMember(t.db);
    const video = await transcribed(actor.company.id);
    for (const [id, message] of [
      ['%00', messages.textUnstorable],
      [LONG, captionRouteMessages.assetId],
      ['not-a-uuid', captionRouteMessages.assetId],
    ] as const) {
      for (const suffix of ['captions', 'captions.vtt', 'captions.srt'])
        await expect400(
          await get(`/api/asset/${id}/${suffix}`, actor),
          message,
          `${id.slice(0, 20)} ${suffix}`,
        );
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/asset/${id}/captions`,
        headers: headers(actor),
        payload: { cues: [] },
      });
      await expect400(put, message, `PUT ${id.slice(0, 20)}`);
    }
    expect((await get(`/api/asset/${UNKNOWN}/captions.vtt`, actor)).statusCode).toBe(404);

    for (const payload of [
      { cues: 'Hello' },
      { cues: [{ start: 'zero', end: 2, text: 'Hi' }] },
      { cues: [{ start: 0, end: 2, text: 7 }] },
      { cues: [{ start: 0, end: 2, text: 'Hi\u0000' }] },
      { cues: [{ start: 0, end: 2, text: 'Hi' }], language: 12 },
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/asset/${video.id}/captions`,
        headers: headers(actor),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message, JSON.stringify(payload)).toEqual(expect.any(String));
    }
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/asset/${video.id}/captions/file`,
      headers: { ...headers(actor), 'content-type': 'text/vtt' },
      payload: 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nNUL \u0000 here\n',
    });
    expect(upload.statusCode).toBe(400);
    expect(upload.json().error.message).toEqual(expect.any(String));
    expect(await t.db.select().from(captions).where(eq(captions.assetId, video.id))).toEqual([]);
  });
});

describe('transcription settings', () => {
  it('refuse a body of the wrong type with a 400 and a message, and change nothing', async () => {
    const admin = await companyWithMember(t.db, 2);
    const put = (payload: unknown, contentType = 'application/json') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/transcription/settings',
        headers: { ...headers(admin), 'content-type': contentType },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    for (const payload of [
      { answerSummaries: 'yes' },
      { answerSummaries: 1 },
      { answerSummaries: null },
      { answerSummaries: '\u0000' },
      { answerSummaries: true, extra: 1 },
      {},
      [true],
      'true',
      '{"answerSummaries": tru',
    ]) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message, JSON.stringify(payload)).toEqual(expect.any(String));
    }
    const usage = await get('/api/transcription/usage', admin);
    expect(usage.json().data.answerSummaries).toBe(false);
  });
});

describe('a job’s preview page', () => {
  it('plays the captions of a job never published from the preview’s route, for its team only', async () => {
    const actor = await companyWithMember(t.db);
    const video = await transcribed(actor.company.id);
    const draft = await createJob(t.db, {
      companyId: actor.company.id,
      status: 'closed',
      videoAssetId: video.id,
    });
    const url = buildPreviewCaptionsPath(draft.id, video.id);

    // The public route serves published jobs only; the preview's page points at its own.
    expect((await get(`/api/public/job/${draft.shortId}/captions/${video.id}`)).statusCode).toBe(404);
    const page = await t.app.inject({ url: `/preview/${draft.id}`, headers: headers(actor) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(url);

    const res = await get(url, actor);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toBe('WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.000\nWelcome to the team.\n');

    // Signed out: 401; another company's member, a video the job does not show, an unknown job: 404.
    expect((await get(url)).statusCode).toBe(401);
    const stranger = await companyWithMember(t.db);
    expect((await get(url, stranger)).statusCode).toBe(404);
    const other = await transcribed(actor.company.id);
    expect((await get(buildPreviewCaptionsPath(draft.id, other.id), actor)).statusCode).toBe(404);
    expect((await get(buildPreviewCaptionsPath(UNKNOWN, video.id), actor)).statusCode).toBe(404);
    for (const [path, message] of [
      [buildPreviewCaptionsPath('not-a-job', video.id), captionRouteMessages.jobId],
      [buildPreviewCaptionsPath(draft.id, LONG), captionRouteMessages.assetId],
      [`/api/preview/job/${draft.id}/captions/%00`, messages.textUnstorable],
    ] as const)
      await expect400(await get(path, actor), message, path.slice(0, 120));
  });
});
