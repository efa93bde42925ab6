import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { transcripts } from '@hirecast/db/schema';
import { summaryMessages } from '@hirecast/domain/answer-summary';
import type { TTranscript, TTranscriptionUsage } from '@hirecast/domain/transcript';
import { callAs, hiringTeam } from '../../support/applicants-support.ts';
import { answeredVideo, line } from '../../support/answers-support.ts';
import { createTestApp } from '../../support/helper.ts';

// Issue 34 item 5 (decision 038): machine-written summaries of interview answers through the AI endpoint, here a
// local server speaking the OpenAI chat-completions contract, started by this file. Off by default; what the
// model answers is kept only where it quotes the transcript verbatim at its time and does not judge.
type TChat = { model: string; messages: { role: string; content: string }[]; response_format?: unknown };
const received: TChat[] = [];
let answer: unknown = { points: [] };
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    received.push(JSON.parse(body) as TChat);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ choices: [{ message: { role: 'assistant', content: JSON.stringify(answer) } }] }),
    );
  });
});

let t: Awaited<ReturnType<typeof createTestApp>>;
let team: Awaited<ReturnType<typeof hiringTeam>>;
const SEGMENTS = [
  line(0.4, 3.2, 'I have worked in coffee for six years.'),
  line(3.2, 7.9, 'Every morning I was brewing espresso for two hundred guests.'),
  line(7.9, 11, 'I trained four new baristas last winter.'),
];

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  t = await createTestApp({ AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_MODEL: 'gpt-test' });
});
beforeEach(async () => {
  received.length = 0;
  team = await hiringTeam(t.db);
});
afterAll(async () => {
  await t?.close();
  server.close();
});

const usage = async () =>
  (await callAs(t.app, team.admin, { url: '/api/transcription/usage' })).json().data as TTranscriptionUsage;
const summarise = (assetId: string, member = team.manager) =>
  callAs(t.app, member, { method: 'POST', url: `/api/asset/${assetId}/summary` });
const turnOn = () =>
  callAs(t.app, team.admin, {
    method: 'PUT',
    url: '/api/transcription/settings',
    payload: { answerSummaries: true },
  });

describe('answer summaries', () => {
  it('are off by default: nothing is sent to the AI endpoint', async () => {
    expect(await usage()).toMatchObject({ answerSummaries: false, summariesAvailable: true });
    const grace = await answeredVideo(t.db, team.job, { segments: SEGMENTS });
    const res = await summarise(grace.assetId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(summaryMessages.off);
    expect(received).toEqual([]);
  });

  it('are turned on by an admin only', async () => {
    const byManager = await callAs(t.app, team.manager, {
      method: 'PUT',
      url: '/api/transcription/settings',
      payload: { answerSummaries: true },
    });
    expect(byManager.statusCode).toBe(403);
    expect((await usage()).answerSummaries).toBe(false);
    const bad = await callAs(t.app, team.admin, {
      method: 'PUT',
      url: '/api/transcription/settings',
      payload: { answerSummaries: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    const on = await turnOn();
    expect(on.statusCode).toBe(200);
    expect((on.json().data as TTranscriptionUsage).answerSummaries).toBe(true);
  });

  it('keep only points that quote the transcript verbatim at its time, and never a judgement', async () => {
    await turnOn();
    const grace = await answeredVideo(t.db, team.job, { prompt: 'Why this café?', segments: SEGMENTS });
    answer = {
      points: [
        { point: 'Six years in coffee', quote: 'worked in coffee for six years', time: 0.4 },
        // Curly quotes and a rounded time are the model's habits, not invention: kept, the time made exact.
        { point: 'Busy mornings', quote: '“brewing espresso for two hundred guests”', time: '3' },
        // Words the candidate never said.
        { point: 'Loves teamwork', quote: 'I really love working in a team', time: 8 },
        // The right words at the wrong time.
        { point: 'Trains people', quote: 'I trained four new baristas', time: 1 },
        // A judgement, however well quoted.
        { point: 'Strong candidate, 9/10', quote: 'I trained four new baristas last winter.', time: 7.9 },
        { point: 'Recommend to hire', quote: 'I trained four new baristas', time: 8 },
        { point: 42, quote: 'six years', time: 0.4 },
      ],
      score: 4.5,
    };
    const res = await summarise(grace.assetId);
    expect(res.statusCode, res.body).toBe(200);
    const transcript = res.json().data as TTranscript;
    expect(transcript.summary).toEqual({
      points: [
        { text: 'Six years in coffee', quote: 'worked in coffee for six years', start: 0.4 },
        { text: 'Busy mornings', quote: 'brewing espresso for two hundred guests', start: 3.2 },
      ],
    });
    expect(JSON.stringify(transcript)).not.toContain('4.5');
    const [row] = await t.db.select().from(transcripts).where(eq(transcripts.assetId, grace.assetId));
    expect(row).toMatchObject({ summaryModel: 'gpt-test' });

    // What the model was asked: the question, each line with its time, and never to judge.
    const [chat] = received;
    expect(chat!.model).toBe('gpt-test');
    const [system, user] = chat!.messages;
    expect(system!.content).toMatch(/never a score, a rating, a ranking/);
    expect(system!.content).toMatch(/recommendation to hire or reject/);
    expect(user!.content).toContain('Interview question: Why this café?');
    expect(user!.content).toContain('[3.2] Every morning I was brewing espresso for two hundred guests.');
  });

  it('are refused for a video that is no interview answer, and to a viewer', async () => {
    await turnOn();
    const grace = await answeredVideo(t.db, team.job, { segments: SEGMENTS });
    expect((await summarise(grace.assetId, team.viewer)).statusCode).toBe(403);
    const malformed = await summarise('not-an-id');
    expect(malformed.statusCode).toBe(404);
    expect(received).toEqual([]);
  });

  it('an answer without points stores an empty summary, never anything else', async () => {
    await turnOn();
    const grace = await answeredVideo(t.db, team.job, { segments: SEGMENTS });
    answer = 'not json at all';
    const res = await summarise(grace.assetId);
    // The model's content is a JSON string, not an object with points: nothing of it kept.
    expect(res.statusCode).toBe(200);
    expect((res.json().data as TTranscript).summary).toEqual({ points: [] });
  });
});
