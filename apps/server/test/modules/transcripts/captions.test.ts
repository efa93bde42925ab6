import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, captions, transcripts } from '@hirecast/db/schema';
import { addMember, createJob } from '@hirecast/db/factories';
import { assetMessages } from '@hirecast/domain/asset';
import { captionMessages } from '@hirecast/domain/captions';
import { headers, type TActor } from '../../support/assets-support.ts';
import { createTestApp } from '../../support/helper.ts';
import { companyWithMember, signedInUser } from '../../support/sessions.ts';
import { hostedVideo, jsonLdOf, openJob, SITE_TEST_ENV } from '../../support/site-support.ts';
import { call, libraryVideo } from '../../support/company-page-support.ts';

// Issue 34 items 2–3: reviewed captions (the editor's save, a .vtt or .srt upload), what each caption route
// serves, the state per video, and the public captions of the videos a public page shows. No engine here: a
// transcript is stored as the transcription job leaves it (transcripts.test.ts covers the engine).
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp(SITE_TEST_ENV);
});
afterAll(() => t?.close());

const SEGMENTS = [
  { start: 0, end: 2, text: 'Welcome to the team.' },
  { start: 2, end: 4, text: 'We build tools people love.' },
];
const VTT =
  'WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.000\nHello there\n\n2\n00:00:02.500 --> 00:00:04.000\nGoodbye\n';
const SRT = '1\n00:00:00,000 --> 00:00:01,500\nFrom a file\n\n2\n00:00:01,500 --> 00:00:03,000\nSecond cue\n';

async function transcribed(companyId: string) {
  const video = await hostedVideo(t.db, companyId);
  await t.db.insert(transcripts).values({
    assetId: video.id,
    companyId,
    status: 'done',
    language: 'en',
    model: 'whisper-1',
    segments: SEGMENTS,
  });
  return video;
}

const upload = (actor: TActor, assetId: string, body: string | Buffer, type = 'text/vtt') =>
  t.app.inject({
    method: 'POST',
    url: `/api/asset/${assetId}/captions/file`,
    headers: { ...headers(actor), 'content-type': type },
    payload: body,
  });
const save = (actor: TActor, assetId: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/asset/${assetId}/captions`, headers: headers(actor), payload });
const read = async (actor: TActor, assetId: string) =>
  (await call(t.app, actor, 'GET', `/api/asset/${assetId}/captions`)).json().data;

describe('the caption editor’s API', () => {
  it('starts empty without an engine, shows generated cues from a transcript, and saved edits become reviewed', async () => {
    const actor = await companyWithMember(t.db);
    const bare = await hostedVideo(t.db, actor.company.id);
    expect(await read(actor, bare.id)).toMatchObject({ state: 'none', engine: false, cues: [] });
    expect((await call(t.app, actor, 'GET', `/api/asset/${bare.id}/captions.vtt`)).statusCode).toBe(404);

    const video = await transcribed(actor.company.id);
    expect(await read(actor, video.id)).toMatchObject({
      state: 'generated',
      language: 'en',
      transcriptStatus: 'done',
      cues: SEGMENTS,
    });
    const list = await call(t.app, actor, 'GET', '/api/company/assets');
    const states = Object.fromEntries(
      (list.json().data.assets as { _id: string; captionState: string }[]).map((a) => [
        a._id,
        a.captionState,
      ]),
    );
    expect(states).toMatchObject({ [bare.id]: 'none', [video.id]: 'generated' });

    const edited = [
      { start: 0, end: 1.9, text: 'Welcome to Northwind.' },
      { start: 2, end: 4.1, text: '  We build tools\npeople love. ' },
    ];
    const saved = await save(actor, video.id, { cues: edited });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      state: 'reviewed',
      language: 'en',
      cues: [edited[0], { start: 2, end: 4.1, text: 'We build tools\npeople love.' }],
    });
    const vtt = await call(t.app, actor, 'GET', `/api/asset/${video.id}/captions.vtt`);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.body).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.900\nWelcome to Northwind.\n\n2\n00:00:02.000 --> 00:00:04.100\nWe build tools\npeople love.\n',
    );
    const srt = await call(t.app, actor, 'GET', `/api/asset/${video.id}/captions.srt?download=1`);
    expect(srt.headers['content-disposition']).toBe('attachment; filename="captions.srt"');
    expect(srt.body).toBe(
      '1\n00:00:00,000 --> 00:00:01,900\nWelcome to Northwind.\n\n2\n00:00:02,000 --> 00:00:04,100\nWe build tools\npeople love.\n',
    );
    const after = await call(t.app, actor, 'GET', '/api/company/assets');
    expect(after.json().data.assets.find((a: { _id: string }) => a._id === video.id).captionState).toBe(
      'reviewed',
    );
  });

  it('refuses cues that overlap, end before they start or have no words, and changes nothing', async () => {
    const actor = await companyWithMember(t.db);
    const video = await transcribed(actor.company.id);
    const cases: [object, string][] = [
      [
        {
          cues: [
            { start: 0, end: 2, text: 'One' },
            { start: 1.5, end: 3, text: 'Two' },
          ],
        },
        captionMessages.overlap(2),
      ],
      [{ cues: [{ start: 2, end: 1, text: 'Back' }] }, captionMessages.endBeforeStart(1)],
      [{ cues: [{ start: 0, end: 1, text: '   ' }] }, captionMessages.noText(1)],
      [{ cues: [] }, captionMessages.empty],
    ];
    for (const [body, message] of cases) {
      const res = await save(actor, video.id, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    for (const bad of [
      { cues: 'none' },
      { cues: [{ start: -1, end: 1, text: 'x' }] },
      { language: 'English!', cues: [] },
    ]) {
      expect((await save(actor, video.id, bad)).statusCode).toBe(400);
    }
    expect(await read(actor, video.id)).toMatchObject({ state: 'generated', cues: SEGMENTS });
  });

  it('uploads .vtt and .srt files, and refuses broken ones with their reason', async () => {
    const actor = await companyWithMember(t.db);
    const video = await transcribed(actor.company.id);
    const vtt = await upload(actor, video.id, VTT);
    expect(vtt.statusCode, vtt.body).toBe(200);
    expect(vtt.json().data).toMatchObject({
      state: 'reviewed',
      cues: [
        { start: 0, end: 2, text: 'Hello there' },
        { start: 2.5, end: 4, text: 'Goodbye' },
      ],
    });
    const srt = await upload(actor, video.id, SRT, 'application/x-subrip');
    expect(srt.statusCode, srt.body).toBe(200);
    expect((await call(t.app, actor, 'GET', `/api/asset/${video.id}/captions.vtt`)).body).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.500\nFrom a file\n\n2\n00:00:01.500 --> 00:00:03.000\nSecond cue\n',
    );

    const broken: [string, string][] = [
      [
        'WEBVTT\n\n00:00:00.000 --> 00:00:03.000\nOne\n\n00:00:02.000 --> 00:00:04.000\nTwo\n',
        captionMessages.overlap(2),
      ],
      ['1\n00:00:01,000 --> 00:00:99,000\nNope\n', captionMessages.badTime(1, '00:00:99,000')],
      ['', captionMessages.empty],
      ['WEBVTT\n', captionMessages.empty],
      ['just some words\n', captionMessages.notCaptions],
    ];
    for (const [file, message] of broken) {
      const res = await upload(actor, video.id, file);
      expect(res.statusCode, file).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const other = await upload(actor, video.id, VTT, 'application/pdf');
    expect(other.statusCode).toBe(415);
    // Nothing changed: the last good file is what is served.
    expect((await read(actor, video.id)).cues[0]).toEqual({ start: 0, end: 1.5, text: 'From a file' });
  });

  it('refuses a 10 MB file from its Content-Length, before reading it, and a chunked one past 1 MB', async () => {
    const actor = await companyWithMember(t.db);
    const video = await transcribed(actor.company.id);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const send = (options: { length?: number; chunks: number }) =>
      new Promise<{ status: number; body: string; written: number }>((resolve, reject) => {
        let written = 0;
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: `/api/asset/${video.id}/captions/file`,
            headers: {
              ...headers(actor),
              'content-type': 'text/vtt',
              ...(options.length !== undefined && { 'content-length': String(options.length) }),
            },
          },
          (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body, written }));
          },
        );
        req.on('error', reject);
        const chunk = Buffer.alloc(64 * 1024, 'a');
        // Only the first chunks of the 10 MB are sent: the answer comes without the rest.
        for (let i = 0; i < options.chunks; i++) {
          req.write(chunk);
          written += chunk.length;
        }
        if (options.length === undefined) req.end();
      });
    const big = await send({ length: 10 * 1024 * 1024, chunks: 2 });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body).error.message).toBe(captionMessages.tooLarge);
    expect(big.written).toBeLessThan(10 * 1024 * 1024);
    const chunked = await send({ chunks: 24 }); // 1.5 MB without a length
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).error.message).toBe(captionMessages.tooLarge);
    expect(await read(actor, video.id)).toMatchObject({ state: 'generated' });
  });

  it('answers 404 to another company, 403 to a viewer, and keeps candidates’ videos out of the editor', async () => {
    const actor = await companyWithMember(t.db);
    const video = await transcribed(actor.company.id);
    const other = await companyWithMember(t.db);
    for (const res of [
      await call(t.app, other, 'GET', `/api/asset/${video.id}/captions`),
      await call(t.app, other, 'GET', `/api/asset/${video.id}/captions.srt`),
      await save(other, video.id, { cues: SEGMENTS }),
      await upload(other, video.id, VTT),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(assetMessages.notFound);
    }
    const viewer = { company: actor.company, ...(await signedInUser(t.db)) };
    await addMember(t.db, { companyId: actor.company.id, userId: viewer.user.id, role: 0 });
    expect((await read(viewer, video.id)).state).toBe('generated'); // viewers read
    for (const res of [
      await save(viewer, video.id, { cues: SEGMENTS }),
      await upload(viewer, video.id, VTT),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(captionMessages.readOnly);
    }
    const job = await createJob(t.db, { companyId: actor.company.id });
    const answer = await transcribed(actor.company.id);
    await t.db.insert(applications).values({
      jobId: job.id,
      companyId: actor.company.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      videoAssetId: answer.id,
      manageTokenHash: `hash-${answer.id}`,
    } as typeof applications.$inferInsert);
    const res = await save(actor, answer.id, { cues: SEGMENTS });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(captionMessages.candidateVideo);
    expect(await t.db.select().from(captions).where(eq(captions.assetId, answer.id))).toEqual([]);
  });
});

describe('public captions', () => {
  it('serves the captions of a public job page’s video to anyone, edited ones once saved, and its transcript in the VideoObject', async () => {
    const actor = await companyWithMember(t.db);
    const video = await transcribed(actor.company.id);
    const hidden = await transcribed(actor.company.id);
    const { job, path } = await openJob(t.db, { companyId: actor.company.id, videoAssetId: video.id });
    const url = `/api/public/job/${job.shortId}/captions/${video.id}`;

    const data = (await t.app.inject({ url: `/api/public/job/${job.shortId}` })).json().data;
    expect(data.video.captions).toEqual({
      src: expect.stringMatching(new RegExp(`^${url}\\?v=\\d+$`)),
      srclang: 'en',
      transcript: 'Welcome to the team. We build tools people love.',
    });
    const generated = await t.app.inject({ url });
    expect(generated.statusCode).toBe(200);
    expect(generated.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(generated.headers['content-language']).toBe('en');
    expect(generated.body).toContain('00:00:02.000 --> 00:00:04.000\nWe build tools people love.');

    await save(actor, video.id, { cues: [{ start: 0, end: 3, text: 'An edited cue' }] });
    // A new version has a new address (the route is cached for minutes).
    const after = (await t.app.inject({ url: `/api/public/job/${job.shortId}` })).json().data;
    expect(after.video.captions.src).not.toBe(data.video.captions.src);
    expect((await t.app.inject({ url })).body).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:03.000\nAn edited cue\n',
    );
    const html = await t.app.inject({ url: path, headers: { accept: 'text/html' } });
    expect(jsonLdOf(html.body).find((ld) => ld['@type'] === 'VideoObject')).toMatchObject({
      transcript: 'An edited cue',
    });

    // Only the videos the page shows, of a public job (one never published is not), with captions.
    const draft = await createJob(t.db, {
      companyId: actor.company.id,
      status: 'closed',
      videoAssetId: hidden.id,
    });
    // (A malformed id is a 400: captions-bad-input.test.ts.)
    for (const notShown of [
      `/api/public/job/${job.shortId}/captions/${hidden.id}`,
      `/api/public/job/${draft.shortId}/captions/${hidden.id}`,
    ]) {
      expect((await t.app.inject({ url: notShown })).statusCode, notShown).toBe(404);
    }
    // The members' route stays for members.
    expect((await t.app.inject({ url: `/api/asset/${video.id}/captions.vtt` })).statusCode).toBe(401);
  });

  it('serves the captions of a career page’s videos, and no others', async () => {
    const admin = await companyWithMember(t.db, 2);
    const pageRes = await call(t.app, admin, 'GET', `/api/company-page/${admin.company.id}/company`);
    const pageId = pageRes.json().data._id as string;
    const video = await libraryVideo(t.db, admin.company.id);
    await t.db.insert(transcripts).values({
      assetId: video.id,
      companyId: admin.company.id,
      status: 'done',
      language: 'en',
      segments: SEGMENTS,
    });
    const story = await libraryVideo(t.db, admin.company.id, 'Story');
    await save(admin, story.id, { cues: [{ start: 0, end: 2, text: 'My story' }] });
    const elsewhere = await transcribed(admin.company.id);
    const slug = admin.company.slug;
    const captionsOf = (id: string) => t.app.inject({ url: `/api/public/company/${slug}/captions/${id}` });
    expect((await captionsOf(video.id)).statusCode).toBe(404); // not on the page yet

    await call(t.app, admin, 'POST', `/api/company-page/${pageId}/asset`, {
      pageType: 'WHY_JOIN',
      assetType: 'video',
      assetId: video.id,
    });
    await call(t.app, admin, 'POST', `/api/company-page/${pageId}/employer-testimonial`, {
      name: 'Ana Lopes',
      title: 'Head chef',
      quoteText: 'I love it here',
      _video: story.id,
    });
    expect((await captionsOf(video.id)).body).toContain('Welcome to the team.');
    expect((await captionsOf(story.id)).body).toBe('WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.000\nMy story\n');
    expect((await captionsOf(elsewhere.id)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/public/company/no-such-company/captions/${video.id}` })).statusCode,
    ).toBe(404);
  });

  it('lists the routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    for (const path of [
      '/api/asset/{id}/captions',
      '/api/asset/{id}/captions/file',
      '/api/asset/{id}/captions.srt',
      '/api/public/job/{key}/captions/{assetId}',
      '/api/public/company/{key}/captions/{assetId}',
      '/api/preview/job/{jobId}/captions/{assetId}',
    ])
      expect(doc.paths, path).toHaveProperty([path]);
    expect(doc.paths['/api/public/job/{key}/captions/{assetId}'].get.responses).toMatchObject({
      200: { content: { 'text/vtt': { schema: { type: 'string' } } } },
    });
  });
});
