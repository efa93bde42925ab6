import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, interviewSessions, interviewTakes, jobs, videoAssets } from '@hirecast/db/schema';
import { INTERVIEW_LIMITS, interviewMessages, takeMaxBytes } from '@hirecast/domain/interview';
import { hashToken } from '../../../src/lib/tokens.ts';
import { createTestApp } from '../../support/helper.ts';
import { createApplication, hiringTeam } from '../../support/applicants-support.ts';
import { pdfBytes } from '../../support/apply-support.ts';
import { makeClip } from '../../support/video-pipeline-support.ts';
import {
  asCandidate,
  asMember,
  b64,
  invite,
  interviewTokenFor,
  openTakeUpload,
  patchUpload,
  putInterview,
  recordTake,
} from '../../support/interview-support.ts';

// Issue 33 items 2 and 9: a link that no longer takes answers says so on its first screen (410, API and page);
// a take is one upload, sized by its time limit and refused after its stop time plus the grace; file-upload
// URLs only for file questions; the question library takes only the company's own videos.

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t.close());

/** A team, a video (30 s) + file question interview and one invited candidate. */
async function invited() {
  const team = await hiringTeam(t.db);
  await putInterview(t.app, team.admin, team.job.id, {
    inApply: false,
    asStage: true,
    questions: [
      { prompt: 'Thirty seconds on your best shift', answerType: 'video', limitSeconds: 30, retakes: 1 },
      { prompt: 'Your food hygiene certificate', answerType: 'file' },
    ],
  });
  const application = await createApplication(t.db, team.job);
  const res = await invite(t.app, team.admin, team.job.id, application.id, { days: 7 });
  expect(res.statusCode, res.body).toBe(201);
  const token = await interviewTokenFor(t.db, application.email);
  const state = (await asCandidate(t.app, 'GET', token)).json().data;
  const ids = state.questions.map((q: { _id: string }) => q._id) as string[];
  const whom = interviewMessages.whomToAsk(
    { name: 'Ada Admin', email: team.admin.user.email },
    team.company.name,
  );
  return { team, application, token, ids, whom };
}

const page = (token: string) => t.app.inject({ url: `/interview/${token}` });

describe('a closed interview link says so on its first screen (issue 33 item 2)', () => {
  it('expired: 410 with the deadline and whom to ask, from the API and the page; nothing can be started', async () => {
    const { team, token, ids, whom } = await invited();
    await t.db
      .update(interviewSessions)
      .set({ deadline: new Date('2026-05-07T09:00:00Z') })
      .where(eq(interviewSessions.tokenHash, hashToken(token)));
    const res = await asCandidate(t.app, 'GET', token);
    expect(res.statusCode).toBe(410);
    const message = `${interviewMessages.linkExpired('7 May 2026, 09:00 UTC')} ${whom}`;
    expect(res.json().error).toEqual({ code: 'GONE', message });
    expect(message).toBe(
      `This interview closed on 7 May 2026, 09:00 UTC, its deadline. To ask about it, write to Ada Admin at ${team.company.name} (${team.admin.user.email}).`,
    );
    const html = await page(token);
    expect(html.statusCode).toBe(410);
    expect(html.headers['cache-control']).toBe('no-store');
    expect(html.body).toContain(escape(message));
    expect(html.body).not.toContain('Start the interview');
    expect(html.body).not.toContain('practice');
    // Starting a question is refused as before (the deadline's own message).
    const start = await asCandidate(t.app, 'POST', `${token}/questions/${ids[0]}/start`);
    expect(start.statusCode).toBe(410);
    expect(start.json().error.message).toBe(interviewMessages.closed('7 May 2026, 09:00 UTC'));
    // "Need more time?" still reaches the team (they can extend).
    const contact = await asCandidate(t.app, 'POST', `${token}/contact`, { message: 'Could I have a day?' });
    expect(contact.statusCode).toBe(200);
  });

  it('withdrawn: 410 with the withdrawal date; every write answers the same', async () => {
    const { application, token, ids, whom } = await invited();
    await t.db
      .update(applications)
      .set({ status: 'withdrawn', withdrawnAt: new Date('2026-06-02T14:30:00Z') })
      .where(eq(applications.id, application.id));
    const res = await asCandidate(t.app, 'GET', token);
    expect(res.statusCode).toBe(410);
    const what = interviewMessages.linkWithdrawn('2 June 2026, 14:30 UTC');
    expect(what).toBe(
      'You withdrew your application on 2 June 2026, 14:30 UTC, so this interview is closed.',
    );
    expect(res.json().error.message).toBe(`${what} ${whom}`);
    const html = await page(token);
    expect(html.statusCode).toBe(410);
    expect(html.body).toContain(escape(what));
    for (const [method, path] of [
      ['POST', `${token}/questions/${ids[0]}/start`],
      ['POST', `${token}/questions/${ids[0]}/takes`],
      ['GET', `${token}/signed-url?content-type=application%2Fpdf&question=${ids[1]}`],
      ['POST', `${token}/contact`],
    ] as const) {
      const write = await asCandidate(t.app, method, path, method === 'POST' ? { message: 'hi' } : undefined);
      expect(write.statusCode, path).toBe(410);
      expect(write.json().error.message, path).toBe(what);
    }
  });

  it('job closed: 410 naming the job; an open job and a completed interview are not closed', async () => {
    const { team, token, ids, whom } = await invited();
    expect((await asCandidate(t.app, 'GET', token)).statusCode).toBe(200);
    await t.db.update(jobs).set({ status: 'closed' }).where(eq(jobs.id, team.job.id));
    const res = await asCandidate(t.app, 'GET', token);
    expect(res.statusCode).toBe(410);
    const what = interviewMessages.linkJobClosed('Barista', team.company.name);
    expect(what).toBe(`${team.company.name} has closed the job Barista, so this interview is closed.`);
    expect(res.json().error.message).toBe(`${what} ${whom}`);
    const start = await asCandidate(t.app, 'POST', `${token}/questions/${ids[0]}/start`);
    expect(start.statusCode).toBe(410);
    expect(start.json().error.message).toBe(what);
    // A completed interview still thanks the candidate, whatever happened since.
    await t.db
      .update(interviewSessions)
      .set({ completedAt: new Date() })
      .where(eq(interviewSessions.tokenHash, hashToken(token)));
    const done = await asCandidate(t.app, 'GET', token);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.state).toBe('completed');
  });
});

describe('a take is one upload, sized by its limit and its time (issue 33 item 9)', () => {
  it('accepts one upload per take; a second is refused (409)', async () => {
    const { token, ids } = await invited();
    const opened = await asCandidate(t.app, 'POST', `${token}/questions/${ids[0]}/takes`);
    const takeId = opened.json().data.take._id as string;
    const [first, second] = await Promise.all([
      openTakeUpload(t.app, takeId, 1000),
      openTakeUpload(t.app, takeId, 1000),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    expect((first.statusCode === 409 ? first : second).body).toBe(interviewMessages.takeUploadOpened);
    const third = await openTakeUpload(t.app, takeId, 1000);
    expect(third.statusCode).toBe(409);
    expect(third.body).toBe(interviewMessages.takeUploadOpened);
  });

  it('bounds the upload by the time limit at the bitrate cap (30 s: 45,847,152 bytes)', async () => {
    const { token, ids } = await invited();
    expect(takeMaxBytes(30)).toBe(Math.ceil((35 * 10_000_000) / 8) + 2 * 1024 * 1024);
    expect(takeMaxBytes(30)).toBe(45_847_152);
    const takeId = (await asCandidate(t.app, 'POST', `${token}/questions/${ids[0]}/takes`)).json().data.take
      ._id as string;
    const tooLarge = await openTakeUpload(t.app, takeId, takeMaxBytes(30) + 1);
    expect(tooLarge.statusCode).toBe(413);
    // Refused before anything was kept: the take's one upload is still to open.
    const fits = await openTakeUpload(t.app, takeId, takeMaxBytes(30));
    expect(fits.statusCode).toBe(201);

    // A deferred-length upload (as the recorder sends) cannot grow past it either.
    const retake = (await asCandidate(t.app, 'POST', `${token}/questions/${ids[0]}/takes`)).json().data.take
      ._id as string;
    const deferred = await t.app.inject({
      method: 'POST',
      url: '/api/public/interview/uploads',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-defer-length': '1',
        'upload-metadata': [
          `take ${b64(retake)}`,
          `filename ${b64('answer.webm')}`,
          `filetype ${b64('video/webm')}`,
        ].join(','),
      },
    });
    expect(deferred.statusCode).toBe(201);
    const location = deferred.headers.location as string;
    const over = await patchUpload(t.app, location, 0, Buffer.alloc(takeMaxBytes(30) + 1));
    expect(over.statusCode).toBe(413);
  });

  it('refuses more bytes after the stop time plus the grace (410), and a take saved within it stands', async () => {
    const { token, ids } = await invited();
    const clip = makeClip({ width: 64, height: 48, seconds: 2, audio: false });
    const takeId = (await asCandidate(t.app, 'POST', `${token}/questions/${ids[0]}/takes`)).json().data.take
      ._id as string;
    const created = await openTakeUpload(t.app, takeId, clip.length);
    const location = created.headers.location as string;
    const half = Math.floor(clip.length / 2);
    expect((await patchUpload(t.app, location, 0, Buffer.from(clip.subarray(0, half)))).statusCode).toBe(204);
    // The take started 30 s + the grace + 1 s ago: its upload is closed.
    const startedAt = new Date(Date.now() - (30 + INTERVIEW_LIMITS.takeUploadGraceSeconds + 1) * 1000);
    await t.db
      .update(interviewTakes)
      .set({ startedAt, stopBy: new Date(startedAt.getTime() + 30_000) })
      .where(eq(interviewTakes.id, takeId));
    const late = await patchUpload(t.app, location, half, Buffer.from(clip.subarray(half)));
    expect(late.statusCode).toBe(410);
    expect(late.json().error.message).toBe(interviewMessages.takeUploadClosed);
    // One second inside the grace, it is taken.
    const inTime = new Date(Date.now() - (30 + INTERVIEW_LIMITS.takeUploadGraceSeconds - 1) * 1000);
    await t.db
      .update(interviewTakes)
      .set({ startedAt: inTime, stopBy: new Date(inTime.getTime() + 30_000) })
      .where(eq(interviewTakes.id, takeId));
    expect((await patchUpload(t.app, location, half, Buffer.from(clip.subarray(half)))).statusCode).toBe(204);
    const finished = await asCandidate(t.app, 'POST', `${token}/takes/${takeId}/finish`, {
      uploadId: location.split('/').pop(),
    });
    expect(finished.statusCode, finished.body).toBe(200);
    // The whole flow as the recorder runs it still works.
    const again = await recordTake(t.app, token, ids[0]!, clip);
    expect(again.finished?.statusCode, again.finished?.body).toBe(200);
  });

  it('issues file-upload URLs only for open file questions', async () => {
    const { token, ids } = await invited();
    const url = (question?: string) =>
      `${token}/signed-url?content-type=application%2Fpdf${question === undefined ? '' : `&question=${question}`}`;
    const forVideo = await asCandidate(t.app, 'GET', url(ids[0]));
    expect(forVideo.statusCode).toBe(400);
    expect(forVideo.json().error.message).toBe(interviewMessages.notFile);
    const none = await asCandidate(t.app, 'GET', url());
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(interviewMessages.notFile);
    const unknown = await asCandidate(t.app, 'GET', url('00000000-0000-4000-8000-000000000000'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(interviewMessages.linkInvalid);
    const signed = await asCandidate(t.app, 'GET', url(ids[1]));
    expect(signed.statusCode).toBe(200);
    const { url: putUrl, key } = signed.json().data;
    const target = new URL(putUrl);
    await t.app.inject({
      method: 'PUT',
      url: `${target.pathname}${target.search}`,
      headers: { 'content-type': 'application/pdf' },
      payload: pdfBytes(),
    });
    const answered = await asCandidate(t.app, 'POST', `${token}/questions/${ids[1]}/answer`, {
      file: { key, fileName: 'certificate.pdf' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const after = await asCandidate(t.app, 'GET', url(ids[1]));
    expect(after.statusCode).toBe(409);
    expect(after.json().error.message).toBe(interviewMessages.answered);
  });
});

describe('the question library takes only the company’s own videos (issue 33 item 9)', () => {
  it("refuses another company's video id (400) and a candidate's recording; keeps its own library video", async () => {
    const team = await hiringTeam(t.db);
    const other = await hiringTeam(t.db);
    const video = async (companyId: string, exclude = false) =>
      (
        await t.db
          .insert(videoAssets)
          .values({ companyId, title: 'Prompt', fileName: 'p.mp4', status: 'ready', exclude })
          .returning()
      )[0]!;
    const theirs = await video(other.company.id);
    const recording = await video(team.company.id, true);
    const ours = await video(team.company.id);
    const save = (promptVideoId: string) =>
      asMember(t.app, team.manager, 'POST', '/api/company/questions', {
        text: `Tell us about your best shift ${promptVideoId.slice(0, 8)}`,
        interview: { answerType: 'video', limitSeconds: 60, promptVideoId },
      });
    for (const id of [theirs.id, recording.id]) {
      const refused = await save(id);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toEqual({
        code: 'VALIDATION',
        message: interviewMessages.promptVideo,
        fields: { 'interview.promptVideoId': interviewMessages.promptVideo },
      });
    }
    const listed = await asMember(t.app, team.manager, 'GET', '/api/company/questions');
    expect(listed.json().data).toEqual([]);
    const kept = await save(ours.id);
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json().data.interview.promptVideoId).toBe(ours.id);
  });
});

const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
