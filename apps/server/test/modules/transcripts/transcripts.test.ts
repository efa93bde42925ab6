import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { transcripts, videoAssets } from '@hirecast/db/schema';
import { assetMessages } from '@hirecast/domain/asset';
import { transcriptMessages } from '@hirecast/domain/transcript';
import { loadConfig } from '../../../src/config.ts';
import { requestVideoProcessing } from '../../../src/modules/assets/queue.ts';
import { registerVideoProcessing } from '../../../src/modules/video-processing/handlers.ts';
import { registerTranscription, transcriptionDeps } from '../../../src/modules/transcripts/handlers.ts';
import type { TTranscriptResult } from '../../../src/modules/transcripts/job.ts';
import { requestTranscription } from '../../../src/modules/transcripts/queue.ts';
import { videoToolsFrom } from '../../../src/lib/video/tools.ts';
import { headers, type TActor } from '../../support/assets-support.ts';
import { createTestApp } from '../../support/helper.ts';
import { companyWithMember } from '../../support/sessions.ts';
import { makeClip } from '../../support/video-pipeline-support.ts';
import {
  durationOf,
  mp3Seconds,
  replies,
  spokenVideo,
  startEngine,
  toneVideo,
  verboseJson,
} from '../../support/transcripts-support.ts';

// Issue 34 items 1–2: transcripts by an OpenAI-compatible engine, here a local server started by this file that
// checks what it receives (multipart fields, the key, real audio of the right length and format) and answers
// as the test asks: segments, 429 with Retry-After, 500, too slowly, 413, malformed JSON. Real queue, real ffmpeg.
const SECRET = 'sk-test-transcribe-secret-0123456789';
const SPOKEN = 'Thank you for applying. Tell us about yourself.';
let engine: Awaited<ReturnType<typeof startEngine>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let deps: ReturnType<typeof transcriptionDeps>;
const logs: string[] = [];
const waiters = new Map<string, (result: TTranscriptResult) => void>();
const spoken = spokenVideo(SPOKEN);

// Unless a test queues other answers: one segment (of the spoken video's 3.4 s), its words listed beside it.
const SEGMENT_END = 3;
const segmentsAnswer = () => () =>
  replies.ok(
    verboseJson({
      duration: 3.4,
      segments: [{ start: 0.2, end: SEGMENT_END, text: ' Thank you for applying.' }],
      words: [
        { start: 0.2, end: 0.5, word: 'Thank' },
        { start: 0.5, end: 0.7, word: 'you' },
        { start: 0.7, end: 0.9, word: 'for' },
        { start: 0.9, end: SEGMENT_END, word: 'applying' },
      ],
    }),
  );

beforeAll(async () => {
  engine = await startEngine(segmentsAnswer());
  t = await createTestApp(
    {
      QUEUE_INPROCESS: 'false',
      LOG_LEVEL: 'info',
      TRANSCRIBE_BASE_URL: engine.url,
      TRANSCRIBE_API_KEY: SECRET,
      TRANSCRIBE_MODEL: 'whisper-test',
      TRANSCRIBE_TIMEOUT_MS: '4000',
      // Each test's company uses far less than this, but the test of the cap.
      TRANSCRIBE_MONTHLY_MINUTES: '1',
    },
    { logStream: { write: (line) => void logs.push(line) } },
  );
  const { ctx } = t.app;
  const tools = videoToolsFrom(ctx.config);
  await registerVideoProcessing(
    ctx.queue,
    { db: ctx.db, storage: ctx.storage, log: ctx.log, tools },
    {
      afterPlayable: (assetId) => requestTranscription(ctx, assetId).then(() => undefined),
    },
  );
  deps = { ...transcriptionDeps(ctx, tools), retry: { tries: 3, baseDelayMs: 100, maxWaitMs: 5_000 } };
  await registerTranscription(ctx.queue, deps, {
    onResult: (assetId, result) => waiters.get(assetId)?.(result),
  });
});
afterAll(async () => {
  await t?.close();
  await engine?.close();
});
beforeEach(() => {
  engine.reset();
  deps.pieces = undefined;
});

/** An asset of `actor`'s company with `body` uploaded as its original, ready as if processed. */
async function assetOf(actor: TActor, body: Uint8Array, status = 'prepared') {
  const originalKey = `uploads/${actor.company.id}/${randomUUID()}.mp4`;
  await t.app.ctx.storage.put({ key: originalKey, body, contentType: 'video/mp4' });
  const [asset] = await t.db
    .insert(videoAssets)
    .values({ companyId: actor.company.id, title: 'Answer', fileName: 'answer.mp4', originalKey, status })
    .returning();
  return asset!;
}
const resultOf = (assetId: string) =>
  new Promise<TTranscriptResult>((resolve) => waiters.set(assetId, resolve));
async function transcribe(actor: TActor, body: Uint8Array, language?: string) {
  const asset = await assetOf(actor, body);
  const result = resultOf(asset.id);
  expect(await requestTranscription(t.app.ctx, asset.id, { language })).toBe(true);
  return { asset, result: await result };
}
const call = (actor: TActor, method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: headers(actor) });
const transcriptOf = async (actor: TActor, assetId: string) =>
  (await call(actor, 'GET', `/api/asset/${assetId}/transcript`)).json().data;

describe('transcription through an OpenAI-compatible engine', () => {
  it('sends a processed video’s spoken sound as mono 16 kHz MP3 of its length, and serves its transcript and captions', async () => {
    const actor = await companyWithMember(t.db);
    const asset = await assetOf(actor, spoken.body, 'new');
    const done = resultOf(asset.id);
    await requestVideoProcessing(t.app.ctx, asset.id);
    expect(await done).toEqual({ outcome: 'done', pieces: 1, segments: 1 });

    expect(engine.requests).toHaveLength(1);
    const [request] = engine.requests;
    expect(request!.path).toBe('/v1/audio/transcriptions');
    expect(request!.authorization).toBe(`Bearer ${SECRET}`);
    expect(request!.fields).toEqual({
      model: ['whisper-test'],
      response_format: ['verbose_json'],
      'timestamp_granularities[]': ['segment', 'word'],
    });
    await engine.settled();
    const audio = request!.audio!;
    expect({
      format: audio.format,
      codec: audio.codec,
      sampleRate: audio.sampleRate,
      channels: audio.channels,
    }).toEqual({ format: 'mp3', codec: 'mp3', sampleRate: 16_000, channels: 1 });
    expect(audio.type).toBe('audio/mpeg');
    // Its length, within MP3's encoder padding (about a tenth of a second).
    expect(Math.abs(audio.duration - durationOf(spoken.file))).toBeLessThan(0.2);
    // Speech, not silence (silence reads -91 dB).
    expect(audio.meanVolume).toBeGreaterThan(-40);

    const transcript = await transcriptOf(actor, asset.id);
    const end = SEGMENT_END;
    expect(transcript).toMatchObject({
      assetId: asset.id,
      status: 'done',
      failureReason: null,
      language: 'en',
      model: 'whisper-test',
      attempts: 1,
      segments: [
        {
          start: 0.2,
          end,
          text: 'Thank you for applying.',
          words: [
            { start: 0.2, end: 0.5, word: 'Thank' },
            { start: 0.5, end: 0.7, word: 'you' },
            { start: 0.7, end: 0.9, word: 'for' },
            { start: 0.9, end, word: 'applying' },
          ],
        },
      ],
    });
    expect(Math.abs(transcript.durationSeconds - durationOf(spoken.file))).toBeLessThan(0.05);

    const vtt = await call(actor, 'GET', `/api/asset/${asset.id}/captions.vtt`);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.headers['content-language']).toBe('en');
    expect(vtt.body).toBe('WEBVTT\n\n1\n00:00:00.200 --> 00:00:03.000\nThank you for applying.\n');

    // The key and the sound never reach the log.
    const log = logs.join('');
    expect(log).toContain('transcript made');
    expect(log).not.toContain(SECRET);
    expect(log).not.toMatch(/LAME|ID3|Xing/);
  });

  it('honours Retry-After on 429, then stores the transcript', async () => {
    engine.next(() => replies.status(429, { 'retry-after': '1' }));
    const { asset, result } = await transcribe(await companyWithMember(t.db), spoken.body);
    expect(result.outcome).toBe('done');
    expect(engine.requests).toHaveLength(2);
    // The policy's own first wait is 100 ms: the engine's second was waited for.
    expect(engine.requests[1]!.at - engine.requests[0]!.at).toBeGreaterThanOrEqual(1000);
    const [row] = await t.db.select().from(transcripts).where(eq(transcripts.assetId, asset.id));
    expect(row!.status).toBe('done');
  });

  it('tries again after a 500 and after an answer slower than the time-out, sending the language hint each time', async () => {
    engine.next(
      () => replies.status(500),
      () => ({ ...segmentsAnswer()(), delayMs: 6_000 }),
    );
    const actor = await companyWithMember(t.db);
    const { asset, result } = await transcribe(actor, spoken.body, 'de');
    expect(result.outcome).toBe('done');
    expect(engine.requests).toHaveLength(3);
    expect(engine.requests.map((r) => r.fields.language)).toEqual([['de'], ['de'], ['de']]);
    expect(await transcriptOf(actor, asset.id)).toMatchObject({ status: 'done', language: 'en' });
  });

  it('gives a video without sound an empty transcript without calling the engine', async () => {
    const actor = await companyWithMember(t.db);
    const { asset, result } = await transcribe(
      actor,
      makeClip({ width: 160, height: 90, seconds: 1, audio: false }),
    );
    expect(result).toEqual({ outcome: 'done', pieces: 0, segments: 0 });
    expect(engine.requests).toHaveLength(0);
    expect(await transcriptOf(actor, asset.id)).toMatchObject({ status: 'done', segments: [] });
    expect((await call(actor, 'GET', `/api/asset/${asset.id}/captions.vtt`)).body).toBe('WEBVTT\n');
  });

  it.each([
    ['413', () => replies.status(413), transcriptMessages.tooLarge],
    ['malformed JSON', () => replies.malformed(), transcriptMessages.unreadable],
    [
      'an answer without segments or text',
      () => replies.ok('{"segments": [{"start": "x"}]}'),
      transcriptMessages.unreadable,
    ],
  ])('fails at once on %s, with the reason stored and shown', async (_name, reply, reason) => {
    engine.next(reply);
    const actor = await companyWithMember(t.db);
    const { asset, result } = await transcribe(actor, spoken.body);
    expect(result).toEqual({ outcome: 'failed', reason });
    expect(engine.requests).toHaveLength(1);
    expect(await transcriptOf(actor, asset.id)).toMatchObject({
      status: 'failed',
      failureReason: reason,
      segments: [],
    });
    const vtt = await call(actor, 'GET', `/api/asset/${asset.id}/captions.vtt`);
    expect(vtt.statusCode).toBe(404);
    expect(vtt.json().error.message).toBe(transcriptMessages.noCaptions);
  });

  it('stores a failure that did not heal, and "Try again" makes the transcript', async () => {
    engine.next(
      () => replies.status(503),
      () => replies.status(503),
      () => replies.status(503),
    );
    const actor = await companyWithMember(t.db);
    const { asset, result } = await transcribe(actor, spoken.body);
    const reason = transcriptMessages.kept(503, 3);
    expect(result).toEqual({ outcome: 'failed', reason });
    expect(reason).toBe('The transcription engine kept answering 503 (3 tries)');
    expect(await transcriptOf(actor, asset.id)).toMatchObject({
      status: 'failed',
      failureReason: reason,
      attempts: 1,
    });

    const again = resultOf(asset.id);
    const retry = await call(actor, 'POST', `/api/asset/${asset.id}/transcript/retry`);
    expect(retry.statusCode).toBe(202);
    expect(retry.json().data).toMatchObject({ status: 'queued', failureReason: null });
    expect((await again).outcome).toBe('done');
    expect(await transcriptOf(actor, asset.id)).toMatchObject({ status: 'done', attempts: 2 });

    const twice = await call(actor, 'POST', `/api/asset/${asset.id}/transcript/retry`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(transcriptMessages.alreadyDone);

    // Running: refused; running for longer than its job may (a worker that died on its last attempt): queued again.
    await t.db.update(transcripts).set({ status: 'running' }).where(eq(transcripts.assetId, asset.id));
    const running = await call(actor, 'POST', `/api/asset/${asset.id}/transcript/retry`);
    expect(running.statusCode).toBe(409);
    expect(running.json().error.message).toBe(transcriptMessages.inProgress);
    const stale = new Date(Date.now() - 3 * 60 * 60 * 1000);
    await t.db.update(transcripts).set({ updatedAt: stale }).where(eq(transcripts.assetId, asset.id));
    const third = resultOf(asset.id);
    expect((await call(actor, 'POST', `/api/asset/${asset.id}/transcript/retry`)).statusCode).toBe(202);
    expect((await third).outcome).toBe('done');
    // Another company's asset is not found.
    const other = await companyWithMember(t.db);
    for (const url of [`/transcript/retry`, `/transcript`, `/captions.vtt`]) {
      const res = await call(other, url.endsWith('retry') ? 'POST' : 'GET', `/api/asset/${asset.id}${url}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(assetMessages.notFound);
    }
  });

  it('transcribes a video processed before the engine was set up on "Try again"; not one still processing', async () => {
    const actor = await companyWithMember(t.db);
    const asset = await assetOf(actor, spoken.body);
    const none = await call(actor, 'GET', `/api/asset/${asset.id}/transcript`);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe(transcriptMessages.none);
    const done = resultOf(asset.id);
    expect((await call(actor, 'POST', `/api/asset/${asset.id}/transcript/retry`)).statusCode).toBe(202);
    expect((await done).outcome).toBe('done');

    const processing = await assetOf(actor, spoken.body, 'in progress');
    const early = await call(actor, 'POST', `/api/asset/${processing.id}/transcript/retry`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(transcriptMessages.notProcessed);
  });
});

describe('long videos and the monthly cap', () => {
  const long = toneVideo(47);

  it('cuts a long sound into overlapping pieces and stitches their segments back by time', async () => {
    deps.pieces = { pieceSeconds: 20, overlapSeconds: 5 };
    // Each piece is answered with a segment every 5 s of its own time, named by piece.
    engine.next(
      ...[0, 1, 2].map((p) => (request: { audio: { size: number } | null }) => {
        const length = mp3Seconds(request.audio!.size);
        const segments = [];
        for (let s = 0; s < length - 0.5; s += 5)
          segments.push({ start: s, end: Math.min(s + 5, Math.round(length)), text: `p${p} at ${s}` });
        return replies.ok(verboseJson({ duration: length, segments }));
      }),
    );
    const actor = await companyWithMember(t.db);
    const { asset, result } = await transcribe(actor, long.body);
    expect(result).toEqual({ outcome: 'done', pieces: 3, segments: 10 });
    // 0–20 s, 15–35 s, 30–47 s.
    await engine.settled();
    const lengths = engine.requests.map((r) => r.audio!.duration);
    expect(lengths.map((d) => Math.round(d))).toEqual([20, 20, 17]);
    for (const r of engine.requests)
      expect(r.audio).toMatchObject({ codec: 'mp3', sampleRate: 16_000, channels: 1 });

    const { segments } = await transcriptOf(actor, asset.id);
    // The cuts are in the middle of each overlap (17.5 s, 32.5 s): what both pieces heard is kept once.
    expect(
      segments.map((s: { start: number; end: number; text: string }) => [s.start, s.end, s.text]),
    ).toEqual([
      [0, 5, 'p0 at 0'],
      [5, 10, 'p0 at 5'],
      [10, 15, 'p0 at 10'],
      [15, 20, 'p1 at 0'],
      [20, 25, 'p1 at 5'],
      [25, 30, 'p1 at 10'],
      [30, 35, 'p2 at 0'],
      [35, 40, 'p2 at 5'],
      [40, 45, 'p2 at 10'],
      [45, 47, 'p2 at 15'],
    ]);
    const vtt = (await call(actor, 'GET', `/api/asset/${asset.id}/captions.vtt`)).body;
    expect(vtt).toContain('\n10\n00:00:45.000 --> 00:00:47.000\np2 at 15\n');
  });

  it("refuses a video that would pass the company's monthly minutes, without sending it", async () => {
    const actor = await companyWithMember(t.db);
    // 47 s of the company's 60 are used; 47 more would pass them.
    const first = await transcribe(actor, long.body);
    expect(first.result.outcome).toBe('done');
    engine.reset();
    const { asset, result } = await transcribe(actor, long.body);
    expect(result).toEqual({ outcome: 'failed', reason: transcriptMessages.capReached });
    expect(transcriptMessages.capReached).toBe('Monthly transcription minutes used up');
    expect(engine.requests).toHaveLength(0);
    expect(await transcriptOf(actor, asset.id)).toMatchObject({
      status: 'failed',
      failureReason: 'Monthly transcription minutes used up',
    });
    // Settings: 47 s used of 1 minute (the refused video does not count).
    const usage = await call(actor, 'GET', '/api/transcription/usage');
    expect(usage.json().data).toEqual({
      engine: true,
      monthlyMinutes: 1,
      usedMinutes: 0.8,
      month: new Date().toISOString().slice(0, 7),
      // Item 5: off by default, and no AI endpoint in this test to write them.
      answerSummaries: false,
      summariesAvailable: false,
    });
    // Another company's month is its own.
    expect((await transcribe(await companyWithMember(t.db), long.body)).result.outcome).toBe('done');
  });
});

describe('without a transcription engine', () => {
  it('queues nothing and says so on "Try again"', async () => {
    const plain = await createTestApp({ QUEUE_INPROCESS: 'false' }, { sharing: { database: t.database } });
    try {
      const actor = await companyWithMember(t.db);
      const asset = await assetOf(actor, spoken.body);
      expect(await requestTranscription(plain.app.ctx, asset.id)).toBe(false);
      expect(await t.db.select().from(transcripts).where(eq(transcripts.assetId, asset.id))).toEqual([]);
      const res = await plain.app.inject({
        method: 'POST',
        url: `/api/asset/${asset.id}/transcript/retry`,
        headers: headers(actor),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(transcriptMessages.noEngine);
      const usage = await plain.app.inject({ url: '/api/transcription/usage', headers: headers(actor) });
      expect(usage.json().data).toMatchObject({ engine: false, monthlyMinutes: null, usedMinutes: 0 });
    } finally {
      await plain.close();
    }
  });

  it('lists the routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const paths = doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    expect(Object.keys(paths['/api/asset/{id}/transcript']!)).toEqual(['get']);
    expect(Object.keys(paths['/api/asset/{id}/transcript']!.get!.responses)).toEqual(['200']);
    expect(Object.keys(paths['/api/asset/{id}/transcript/retry']!.post!.responses)).toEqual(['202']);
    expect(paths['/api/asset/{id}/captions.vtt']!.get!.responses).toMatchObject({
      200: { content: { 'text/vtt': { schema: { type: 'string' } } } },
    });
  });

  it('refuses a configuration it cannot use', () => {
    const base = { DATA_DIR: '/tmp/hirecast-config-test', APP_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig({ ...base, TRANSCRIBE_BASE_URL: 'not a url' })).toThrow(/TRANSCRIBE_BASE_URL/);
    expect(() => loadConfig({ ...base, TRANSCRIBE_TIMEOUT_MS: '10' })).toThrow(/TRANSCRIBE_TIMEOUT_MS/);
    expect(() => loadConfig({ ...base, TRANSCRIBE_MONTHLY_MINUTES: '-1' })).toThrow(
      /TRANSCRIBE_MONTHLY_MINUTES/,
    );
    expect(loadConfig(base).transcribe).toBeUndefined();
    expect(loadConfig({ ...base, TRANSCRIBE_BASE_URL: 'http://127.0.0.1:9/v1' }).transcribe).toEqual({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: undefined,
      model: 'whisper-1',
      timeoutMs: 300_000,
      monthlyMinutes: 0,
    });
  });
});
