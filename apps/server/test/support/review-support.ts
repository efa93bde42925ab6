import type { TApp } from '../../src/app.ts';
import type { TDb } from '@hirecast/db/client';
import {
  apply,
  applyBody,
  openJob,
  PDF,
  pdfBytes,
  putSignedFile,
  uploadCandidateVideo,
} from './apply-support.ts';
import { mp4Bytes } from './assets-support.ts';
import { asCandidate, asMember, interviewTokenFor, recordTake } from './interview-support.ts';
import { memberOf } from './privacy-support.ts';

// Issue 33 (items 3 and 4): a candidate who used every feature of an application (a video introduction, a CV
// picked twice, an interview with all four answer types), and the team around them.

type TPerson = { firstName: string; lastName: string; email: string };

export const FOUR_QUESTIONS = {
  inApply: false,
  asStage: true,
  questions: [
    { prompt: 'Say hello', answerType: 'video', limitSeconds: 30, retakes: 1 },
    { prompt: 'Why this café?', answerType: 'text' },
    { prompt: 'Which shift?', answerType: 'choice', options: ['Early', 'Late'] },
    { prompt: 'Your certificate', answerType: 'file' },
  ],
};

/** A PDF whose bytes carry `text` (a CV names its candidate). */
export const pdfNaming = (text: string) =>
  Buffer.concat([pdfBytes(1024), Buffer.from(`\n% ${text}\n`), pdfBytes(64).subarray(0, 8)]);

export async function teamWithJob(db: TDb) {
  const { job, company, adminToken, instantAdmin } = await openJob(db);
  const admin = { token: adminToken, companyId: company.id, user: instantAdmin };
  const viewer = await memberOf(db, company.id, 0, { firstName: 'Vic', lastName: 'Viewer' });
  return { job, company, admin, viewer };
}
export type TTeam = Awaited<ReturnType<typeof teamWithJob>>;

/**
 * Applies with a video introduction and a CV picked twice in one visit (the first replaced before sending; the
 * CV sent is named after the candidate); answers the application id and both CV keys.
 */
export async function applyWithEverything(app: TApp, team: TTeam, person: TPerson, session: string) {
  const signedPath = `/api/public/signed-url?${new URLSearchParams({
    'content-type': PDF,
    job: team.job.shortId,
    session,
  })}`;
  const firstCv = await putSignedFile(app, signedPath, pdfNaming(`${person.firstName} draft`));
  const cv = await putSignedFile(app, signedPath, pdfNaming(`${person.firstName} ${person.lastName}`));
  const { uploadId } = await uploadCandidateVideo(app, team.job.shortId, mp4Bytes(8192));
  const res = await apply(
    app,
    team.job.shortId,
    applyBody({
      ...person,
      sessionId: session,
      cv: { key: cv, fileName: `${person.firstName}_${person.lastName}_CV.pdf` },
      video: { uploadId },
    }),
  );
  if (res.statusCode !== 201) throw new Error(`apply ${res.statusCode}: ${res.body}`);
  return { id: res.json().data.applicationId as string, cvKeys: [firstCv, cv] };
}

/** `answerInterview`'s `recordVideo`: records `clip` as one take of the video question and sends it as the answer. */
export const recordVideoAnswer =
  (app: TApp, clip: Uint8Array) => async (token: string, questionId: string) => {
    const take = await recordTake(app, token, questionId, clip);
    if (take.finished?.statusCode !== 200)
      throw new Error(`take ${take.finished?.statusCode}: ${take.finished?.body}`);
    const chosen = await asCandidate(app, 'POST', `${token}/questions/${questionId}/answer`, {
      takeId: take.takeId,
    });
    if (chosen.statusCode !== 200) throw new Error(`answer ${chosen.statusCode}: ${chosen.body}`);
  };

/**
 * Invites the candidate to the four-question interview and answers the text, choice and file questions (the
 * file named after them); the video question when `recordVideo` is given. Answers the token and question ids.
 */
export async function answerInterview(
  app: TApp,
  db: TDb,
  team: TTeam,
  input: {
    applicationId: string;
    person: TPerson;
    recordVideo?: (token: string, questionId: string) => Promise<void>;
  },
) {
  const base = `/api/job/${team.job.id}/application/${input.applicationId}/interview`;
  const invited = await asMember(app, team.admin, 'POST', `${base}/invite`, { days: 7 });
  if (invited.statusCode !== 201) throw new Error(`invite ${invited.statusCode}: ${invited.body}`);
  const token = await interviewTokenFor(db, input.person.email);
  const ids = (await asCandidate(app, 'GET', token))
    .json()
    .data.questions.map((q: { _id: string }) => q._id) as string[];
  if (input.recordVideo) await input.recordVideo(token, ids[0]!);
  const answer = async (questionId: string, payload: unknown) => {
    await asCandidate(app, 'POST', `${token}/questions/${questionId}/start`);
    const res = await asCandidate(app, 'POST', `${token}/questions/${questionId}/answer`, payload);
    if (res.statusCode !== 200) throw new Error(`answer ${res.statusCode}: ${res.body}`);
  };
  await answer(ids[1]!, { text: 'I love a busy morning behind the counter.' });
  await answer(ids[2]!, { choice: 1 });
  // Upload URLs are for the file question only (issue 33 item 9). The candidate picks a file, then another: the
  // first is never attached (it belongs to the application all the same).
  const fileUrl = `/api/public/interview/${token}/signed-url?content-type=${encodeURIComponent(PDF)}&question=${ids[3]!}`;
  const unattachedKey = await putSignedFile(app, fileUrl, pdfNaming(`${input.person.lastName} unsent`));
  const fileKey = await putSignedFile(
    app,
    fileUrl,
    pdfNaming(`${input.person.firstName} ${input.person.lastName} certificate`),
  );
  await answer(ids[3]!, {
    file: { key: fileKey, fileName: `${input.person.lastName} certificate.pdf` },
  });
  return { token, ids, base, fileKey, unattachedKey };
}
