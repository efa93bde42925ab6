import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJob } from '@hirecast/db/factories';
import { transcriptSearchMessages, type TTranscriptSearchResponse } from '@hirecast/domain/transcript';
import { callAs, hiringTeam, outsider, type TMember } from '../../support/applicants-support.ts';
import { answeredVideo, line } from '../../support/answers-support.ts';
import { createTestApp } from '../../support/helper.ts';

// Issue 34 item 4: "Search what candidates said" across a job's transcripts, PostgreSQL full-text search (this
// file runs on PGlite too when DATABASE_URL is unset: the e2e database).
let t: Awaited<ReturnType<typeof createTestApp>>;
let team: Awaited<ReturnType<typeof hiringTeam>>;
let grace: Awaited<ReturnType<typeof answeredVideo>>;
let alan: Awaited<ReturnType<typeof answeredVideo>>;

const search = (member: Pick<TMember, 'token' | 'companyId'>, q: string, jobId = team.job.id) =>
  callAs(t.app, member, { url: `/api/job/${jobId}/transcripts/search?q=${encodeURIComponent(q)}` });

beforeAll(async () => {
  t = await createTestApp();
  team = await hiringTeam(t.db);
  grace = await answeredVideo(t.db, team.job, {
    firstName: 'Grace',
    lastName: 'Hopper',
    prompt: 'Why this café?',
    segments: [
      line(0.4, 3.2, 'I have worked in coffee for six years.'),
      line(3.2, 7.9, 'Every morning I was brewing espresso for two hundred guests.'),
      line(7.9, 11, 'I <b>love</b> latte art & teaching it.'),
    ],
  });
  alan = await answeredVideo(t.db, team.job, {
    firstName: 'Alan',
    lastName: 'Turing',
    prompt: 'Why this café?',
    segments: [line(0, 4, 'Machines and espresso are my two passions.'), line(4, 9, 'I also bake bread.')],
  });
  // Another job of the same company: never in this job's hits.
  const other = await createJob(t.db, { companyId: team.company.id, status: 'open', title: 'Baker' });
  await answeredVideo(t.db, other, { firstName: 'Other', segments: [line(0, 3, 'Espresso all day.')] });
});
afterAll(() => t?.close());

describe('GET /api/job/:jobId/transcripts/search', () => {
  it("finds the job's candidates, the question and the moment, the words marked", async () => {
    const res = await search(team.manager, 'brew espresso');
    expect(res.statusCode).toBe(200);
    const { hits, truncated } = res.json().data as TTranscriptSearchResponse;
    expect(truncated).toBe(false);
    // Stemming: "brew" finds "brewing"; both words must be in the line (Alan's line has no brewing).
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({
      applicationId: grace.applicationId,
      candidateName: 'Grace Hopper',
      kind: 'answer',
      questionId: grace.questionId,
      question: 'Why this café?',
      assetId: grace.assetId,
      start: 3.2,
      end: 7.9,
    });
    expect(hits[0]!.snippet.filter((p) => p.match).map((p) => p.text)).toEqual(['brewing', 'espresso']);
    expect(hits[0]!.snippet.map((p) => p.text).join('')).toBe(
      'Every morning I was brewing espresso for two hundred guests.',
    );
  });

  it('lists every matching line of every candidate of the job, and no other job', async () => {
    const res = await search(team.admin, 'espresso');
    const { hits } = res.json().data as TTranscriptSearchResponse;
    expect(hits.map((h) => h.candidateName).sort()).toEqual(['Alan Turing', 'Grace Hopper']);
    expect(hits.find((h) => h.applicationId === alan.applicationId)).toMatchObject({ start: 0, end: 4 });
  });

  it('gives markup in a transcript back as words, never as HTML', async () => {
    const res = await search(team.admin, 'latte');
    const { hits } = res.json().data as TTranscriptSearchResponse;
    expect(hits).toHaveLength(1);
    expect(hits[0]!.snippet.map((p) => p.text).join('')).toBe('I <b>love</b> latte art & teaching it.');
    expect(hits[0]!.snippet.find((p) => p.match)?.text).toBe('latte');
  });

  it('lets a viewer search', async () => {
    const res = await search(team.viewer, 'bread');
    expect(res.statusCode).toBe(200);
    expect((res.json().data as TTranscriptSearchResponse).hits.map((h) => h.candidateName)).toEqual([
      'Alan Turing',
    ]);
  });

  it('answers no hits for words nobody said', async () => {
    const res = await search(team.admin, 'kubernetes');
    expect(res.statusCode).toBe(200);
    expect((res.json().data as TTranscriptSearchResponse).hits).toEqual([]);
  });

  it("answers 404 for another company's job, and for a job id that is not one", async () => {
    const stranger = await outsider(t.db);
    expect((await search(stranger, 'espresso')).statusCode).toBe(404);
    expect((await search(team.admin, 'espresso', 'not-a-job')).statusCode).toBe(404);
  });

  it('refuses an empty, a too long and a NUL query with 400 and its reason', async () => {
    const empty = await search(team.admin, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(transcriptSearchMessages.empty);
    const long = await search(team.admin, 'espresso '.repeat(30));
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(transcriptSearchMessages.tooLong);
    const nul = await search(team.admin, 'espresso\u0000');
    expect(nul.statusCode).toBe(400);
    // The API's one answer to a NUL anywhere in a request (messages.ts).
    expect(nul.json().error.fields.q).toMatch(/null character/);
    const bell = await search(team.admin, 'espresso\u0007');
    expect(bell.statusCode).toBe(400);
    expect(bell.body).toContain(transcriptSearchMessages.badCharacter);
    const missing = await callAs(t.app, team.admin, { url: `/api/job/${team.job.id}/transcripts/search` });
    expect(missing.statusCode).toBe(400);
  });

  it('treats search syntax as words (quotes, or, minus) without failing', async () => {
    const res = await search(team.admin, '"two hundred" -bread or )(:*');
    expect(res.statusCode).toBe(200);
    expect((res.json().data as TTranscriptSearchResponse).hits.map((h) => h.candidateName)).toEqual([
      'Grace Hopper',
    ]);
  });

  it('answers 401 to a caller who is not signed in', async () => {
    const res = await t.app.inject({ url: `/api/job/${team.job.id}/transcripts/search?q=espresso` });
    expect(res.statusCode).toBe(401);
  });
});
