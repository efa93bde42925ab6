import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationHistory, applications } from '@hirecast/db/schema';
import type { TAiSettings } from '@hirecast/domain/job';
import { DEFAULT_LETTERS, fillLetter } from '@hirecast/domain/letters';
import { createOpenAiClient } from '../../../src/lib/ai/openai-client.ts';
import { AiProviderError } from '../../../src/lib/ai/types.ts';
import { screenApplication } from '../../../src/modules/applications/screening.ts';
import { createTestApp } from '../../support/helper.ts';
import { apply, applyBody, DOCX, emailsTo, openJob, putCandidateFile } from '../../support/apply-support.ts';
import { BARISTA_DESCRIPTION, MATCHING_BARISTA_CV, textDocx, textPdf } from '@hirecast/db/cv-files';

// Issue 6 item 7: AI screening from a real application. The candidate applies through the public API with a
// PDF or DOCX CV; the in-process queue runs 'application.screen'; the score, its reasons and the automatic
// shortlist or rejection (history by the assistant, the company's letter in the outbox) follow the job's switches.

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true', QUEUE_INPROCESS: 'true' });
});
afterAll(() => t.close());

const screening = (over: Partial<TAiSettings> = {}): TAiSettings => ({
  isScreening: true,
  isAutoShortlist: true,
  isShortlist: true,
  isAutoRejection: false,
  isDisableApplicantFeedbackDialog: false,
  score: 3,
  ...over,
});
const subjectOf = (kind: 'shortlist' | 'rejection', company: string) =>
  fillLetter(DEFAULT_LETTERS[kind].subject, { jobTitle: 'Barista', company }, { html: false });
const UNRELATED_CV = ['Grace Hopper', 'Compiler engineer. Designed COBOL and taught mathematics at Yale.'];

async function applyWithCv(aiSettings: TAiSettings, cv: { bytes: Buffer; type?: string; fileName: string }) {
  const setup = await openJob(t.db, {
    title: 'Barista',
    description: BARISTA_DESCRIPTION,
    aiSettings,
    isVideoOptional: true,
  });
  const key = await putCandidateFile(t.app, setup.job.shortId, cv.bytes, cv.type);
  const body = applyBody({ cv: { key, fileName: cv.fileName } });
  const res = await apply(t.app, setup.job.shortId, body);
  expect(res.statusCode).toBe(201);
  const [row] = await t.db.select().from(applications).where(eq(applications.email, body.email));
  return { ...setup, applicationId: row!.id, email: body.email };
}

async function screened(id: string, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await t.db.select().from(applications).where(eq(applications.id, id));
    if (row?.screeningProcessDate) return row;
    if (Date.now() > end) throw new Error('the application was not screened in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
const historyOf = (id: string) =>
  t.db
    .select()
    .from(applicationHistory)
    .where(eq(applicationHistory.applicationId, id))
    .orderBy(asc(applicationHistory.createdAt));

// The letter of an automatic change goes out after the change is committed (screening.ts), so it can reach the
// outbox a moment after the application reads as screened.
const expectLetter = (to: string, subject: string) =>
  expect
    .poll(async () => (await emailsTo(t.db, to)).map((m) => m.subject), { timeout: 20_000, interval: 200 })
    .toContain(subject);

describe('AI screening of an application', () => {
  it('auto-shortlists a matching PDF CV, with the shortlist email and the assistant in the history', async () => {
    const { applicationId, email, adminToken, company } = await applyWithCv(screening(), {
      bytes: textPdf(MATCHING_BARISTA_CV),
      fileName: 'ada.pdf',
    });
    const row = await screened(applicationId);
    expect(row.aiFitScore).toBeGreaterThanOrEqual(3);
    expect(row.status).toBe('shortlisted');
    expect(row.aiFitReasons?.scorer).toBe('offline');
    expect(row.aiFitReasons?.matched.map((m) => m.requirement)).toContain(
      'Espresso preparation and latte art',
    );
    expect(row.aiFitReasons?.matched.flatMap((m) => m.terms)).toEqual(
      expect.arrayContaining(['espresso', 'latte', 'hygiene']),
    );
    const [event] = await historyOf(applicationId);
    expect(event).toMatchObject({
      actorId: null,
      actorName: 'Hirecast assistant',
      eventName: 'statusChanged',
      isLetterSent: true,
      details: { status: 'shortlisted', title: 'Status changed to Shortlisted' },
    });
    await expectLetter(email, subjectOf('shortlist', company.name));

    // The employer reads the score and its reasons on the applicant page.
    const candidate = await t.app.inject({
      method: 'GET',
      url: `/api/job/candidate/${applicationId}`,
      headers: { authorization: `Bearer ${adminToken}`, 'x-company-id': company.id },
    });
    expect(candidate.statusCode).toBe(200);
    expect(candidate.json().data.aiFitReasons.matched.length).toBeGreaterThan(0);
    expect(candidate.json().data.screeningProcessDate).toBe(row.screeningProcessDate!.toISOString());
  });

  it('auto-rejects an unrelated DOCX CV with the rejection email when auto-rejection is on', async () => {
    const { applicationId, email, company } = await applyWithCv(screening({ isAutoRejection: true }), {
      bytes: textDocx(UNRELATED_CV),
      type: DOCX,
      fileName: 'grace.docx',
    });
    const row = await screened(applicationId);
    expect(row.aiFitScore).toBeLessThan(3);
    expect(row.status).toBe('rejected');
    const [event] = await historyOf(applicationId);
    expect(event).toMatchObject({ actorName: 'Hirecast assistant', details: { status: 'rejected' } });
    await expectLetter(email, subjectOf('rejection', company.name));
  });

  it('scores without moving anyone when auto-shortlist is off, and without an email when isShortlist is off', async () => {
    const scoredOnly = await applyWithCv(screening({ isAutoShortlist: false }), {
      bytes: textPdf(MATCHING_BARISTA_CV),
      fileName: 'ada.pdf',
    });
    const row = await screened(scoredOnly.applicationId);
    expect(row.aiFitScore).toBeGreaterThan(0);
    expect(row.status).toBe('new');
    expect(await historyOf(scoredOnly.applicationId)).toEqual([]);

    const quiet = await applyWithCv(screening({ isShortlist: false }), {
      bytes: textPdf(MATCHING_BARISTA_CV),
      fileName: 'ada.pdf',
    });
    expect((await screened(quiet.applicationId)).status).toBe('shortlisted');
    const [event] = await historyOf(quiet.applicationId);
    expect(event?.isLetterSent).toBe(false);
    const subjects = (await emailsTo(t.db, quiet.email)).map((m) => m.subject);
    expect(subjects).not.toContain(subjectOf('shortlist', quiet.company.name));
    expect(subjects).toHaveLength(1); // the application confirmation only
  });

  it('leaves an application of a job without CV ranking unscored', async () => {
    const { applicationId } = await applyWithCv(screening({ isScreening: false }), {
      bytes: textPdf(MATCHING_BARISTA_CV),
      fileName: 'ada.pdf',
    });
    expect(await screenApplication(t.app.ctx, { applicationId })).toEqual({
      outcome: 'skipped',
      reason: 'screening-off',
    });
    const [row] = await t.db.select().from(applications).where(eq(applications.id, applicationId));
    expect(row).toMatchObject({ aiFitScore: null, screeningProcessDate: null, status: 'new' });
  });
});

describe('the OpenAI-compatible scorer', () => {
  let server: Server;
  let answer: (body: { messages: { content: string }[] }) => { status: number; content: string };
  let baseUrl = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const { status, content } = answer(JSON.parse(raw));
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { content } }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const input = {
    jobTitle: 'Barista',
    requirements: ['Experience as Barista', 'Food hygiene certificate'],
    candidateText: 'Barista for three years.',
  };
  const client = () => createOpenAiClient({ baseUrl, model: 'test-model', timeoutMs: 2000 });

  it('sends the requirements and the CV, and keeps only requirements the job gave', async () => {
    let prompt = '';
    answer = (body) => {
      prompt = body.messages[1]!.content;
      return {
        status: 200,
        content: JSON.stringify({
          score: 3.46,
          matched: [
            { requirement: 'Experience as Barista', terms: ['barista'] },
            { requirement: 'Invented by the model', terms: ['x'] },
          ],
          missed: [],
        }),
      };
    };
    const result = await client().scoreCv(input);
    expect(prompt).toContain('- Food hygiene certificate');
    expect(prompt).toContain('Barista for three years.');
    expect(result).toEqual({
      score: 3.5,
      matched: [{ requirement: 'Experience as Barista', terms: ['barista'] }],
      missed: ['Food hygiene certificate'],
      summary: 'Meets 1 of 2 requirements.',
    });
  });

  it('throws a provider error for an answer that is not the JSON asked for, or a failure status', async () => {
    answer = () => ({ status: 200, content: 'I think this candidate is great!' });
    await expect(client().scoreCv(input)).rejects.toBeInstanceOf(AiProviderError);
    answer = () => ({ status: 200, content: JSON.stringify({ verdict: 'good' }) });
    await expect(client().scoreCv(input)).rejects.toBeInstanceOf(AiProviderError);
    answer = () => ({ status: 503, content: '' });
    await expect(client().scoreCv(input)).rejects.toBeInstanceOf(AiProviderError);
  });
});
