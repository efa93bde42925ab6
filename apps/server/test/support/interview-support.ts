import { desc, eq } from 'drizzle-orm';
import { applicationHistory, outboxEmails } from '@hirecast/db/schema';
import type { TDb } from '@hirecast/db/client';
import type { TPutInterviewRequest } from '@hirecast/domain/interview';
import type { TApp } from '../../src/app.ts';
import type { TMember } from './applicants-support.ts';
import { bearer } from './helper.ts';

// Shared by the interview-*.test.ts files (issue 25): the team's calls, the candidate's calls with the private
// link's token, and the take uploads through tus as the recorder sends them.

export const threeQuestions = (): TPutInterviewRequest => ({
  inApply: false,
  asStage: true,
  questions: [
    {
      prompt: 'Tell us about a time you turned a bad day around for a customer.',
      answerType: 'video',
      prepSeconds: 30,
      limitSeconds: 60,
      retakes: 1,
      required: true,
    },
    { prompt: 'Why this café?', answerType: 'text', maxChars: 500, required: true },
    {
      prompt: 'Which shift suits you?',
      answerType: 'choice',
      options: ['Mornings', 'Afternoons', 'Weekends'],
      required: false,
    },
  ],
});

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call as `member` (their token and company header). */
export const asMember = (
  app: TApp,
  member: Pick<TMember, 'token' | 'companyId'>,
  method: TMethod,
  url: string,
  payload?: unknown,
) =>
  app.inject({
    method,
    url,
    headers: { ...bearer(member.token), 'x-company-id': member.companyId },
    ...(payload !== undefined && { payload: payload as object }),
  });

export const putInterview = (app: TApp, member: TMember, jobId: string, payload: unknown) =>
  asMember(app, member, 'PUT', `/api/job/${jobId}/interview`, payload);

export const invite = (app: TApp, member: TMember, jobId: string, applicationId: string, payload: unknown) =>
  asMember(app, member, 'POST', `/api/job/${jobId}/application/${applicationId}/interview/invite`, payload);

export async function emailsTo(db: TDb, to: string) {
  return db.select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(desc(outboxEmails.createdAt));
}

/** The interview token in the newest email to `to` that carries one. */
export async function interviewTokenFor(db: TDb, to: string) {
  for (const email of await emailsTo(db, to)) {
    const match = email.text.match(/\/interview\/([\w-]{43})/);
    if (match) return match[1]!;
  }
  throw new Error(`no interview link in an email to ${to}`);
}

export async function historyTitles(db: TDb, applicationId: string) {
  const rows = await db
    .select()
    .from(applicationHistory)
    .where(eq(applicationHistory.applicationId, applicationId))
    .orderBy(applicationHistory.createdAt);
  return rows.filter((r) => r.eventName === 'interview').map((r) => r.details.title);
}

/** A candidate's call (no account: the token is the key). */
export const asCandidate = (app: TApp, method: TMethod, path: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/api/public/interview/${path}`,
    ...(payload !== undefined && { payload: payload as object }),
  });

export const b64 = (text: string) => Buffer.from(text).toString('base64');

/** Opens a take's tus upload; answers the response (Location on 201). */
export const openTakeUpload = (app: TApp, takeId: string, size: number, filetype = 'video/mp4') =>
  app.inject({
    method: 'POST',
    url: '/api/public/interview/uploads',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': [
        `take ${b64(takeId)}`,
        `filename ${b64('answer.mp4')}`,
        `filetype ${b64(filetype)}`,
      ].join(','),
    },
  });

export const patchUpload = (app: TApp, location: string, offset: number, body: Buffer) =>
  app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: body,
  });

/**
 * Records one take as the recorder does: opens the take, uploads its bytes in two chunks (the second after a
 * HEAD, as after going offline), finishes it. Answers the take's id and the finish response.
 */
export async function recordTake(app: TApp, token: string, questionId: string, bytes: Uint8Array) {
  const opened = await asCandidate(app, 'POST', `${token}/questions/${questionId}/takes`);
  if (opened.statusCode !== 201) return { opened, takeId: null, finished: null };
  const takeId = opened.json().data.take._id as string;
  const created = await openTakeUpload(app, takeId, bytes.length);
  if (created.statusCode !== 201) throw new Error(`tus create ${created.statusCode}: ${created.body}`);
  const location = created.headers.location as string;
  const half = Math.floor(bytes.length / 2);
  const first = await patchUpload(app, location, 0, Buffer.from(bytes.subarray(0, half)));
  if (first.statusCode !== 204) throw new Error(`tus patch ${first.statusCode}: ${first.body}`);
  const head = await app.inject({ method: 'HEAD', url: location, headers: { 'tus-resumable': '1.0.0' } });
  const offset = Number(head.headers['upload-offset']);
  const second = await patchUpload(app, location, offset, Buffer.from(bytes.subarray(offset)));
  if (second.statusCode !== 204) throw new Error(`tus patch ${second.statusCode}: ${second.body}`);
  const uploadId = location.split('/').pop()!;
  const finished = await asCandidate(app, 'POST', `${token}/takes/${takeId}/finish`, { uploadId });
  return { opened, takeId, finished, uploadId };
}
