import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, interviewTakes, transcripts, videoAssets } from '@hirecast/db/schema';
import { interviewMessages } from '@hirecast/domain/interview';
import { createTestApp } from '../../support/helper.ts';
import { createApplication, hiringTeam } from '../../support/applicants-support.ts';
import { apply, applyBody, openJob, pdfBytes } from '../../support/apply-support.ts';
import { mp4StartingLate, makeClip } from '../../support/video-pipeline-support.ts';
import {
  asCandidate,
  asMember,
  emailsTo,
  historyTitles,
  invite,
  interviewTokenFor,
  openTakeUpload,
  putInterview,
  recordTake,
  threeQuestions,
} from '../../support/interview-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let clip: Uint8Array;
let longClip: Uint8Array;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
  clip = makeClip({ width: 160, height: 120, seconds: 3, audio: true });
  // 40 s: over a 30 s limit plus the 5 s grace.
  longClip = makeClip({ width: 64, height: 48, seconds: 40, audio: false });
});
afterAll(() => t.close());

/** A team, its 3-question interview and one invited candidate; answers the candidate's token. */
async function invited(questions = threeQuestions()) {
  const team = await hiringTeam(t.db);
  // The sender must have confirmed their address (decision 018): the hiringTeam admin has.
  await putInterview(t.app, team.admin, team.job.id, questions);
  const application = await createApplication(t.db, team.job);
  const res = await invite(t.app, team.admin, team.job.id, application.id, { days: 7 });
  expect(res.statusCode, res.body).toBe(201);
  const token = await interviewTokenFor(t.db, application.email);
  const state = (await asCandidate(t.app, 'GET', token)).json().data;
  return {
    team,
    application,
    token,
    state,
    ids: state.questions.map((q: { _id: string }) => q._id) as string[],
  };
}

describe('the candidate flow (issue 25 item 3)', () => {
  it('says up front how many questions and what each allows, then resumes at the first unanswered one', async () => {
    const { token, state, ids } = await invited();
    expect(state.state).toBe('invited');
    expect(state.questions).toHaveLength(3);
    expect(state.questions[0]).toMatchObject({
      answerType: 'video',
      prepSeconds: 30,
      limitSeconds: 60,
      takesLeft: 2,
      status: 'new',
    });
    // What each allows is known up front; the question itself only once it is opened (its preparation starts).
    expect(state.questions[2]).toMatchObject({
      answerType: 'choice',
      required: false,
      prompt: null,
      options: [],
    });
    expect(state.questions[0]).toMatchObject({ prompt: null, promptVideo: null });
    const opened = await asCandidate(t.app, 'POST', `${token}/questions/${ids[2]}/start`);
    expect(opened.json().data).toMatchObject({
      prompt: 'Which shift suits you?',
      options: ['Mornings', 'Afternoons', 'Weekends'],
      status: 'preparing',
    });
    expect(state.currentQuestionId).toBe(ids[0]);

    const answered = await asCandidate(t.app, 'POST', `${token}/questions/${ids[1]}/answer`, {
      text: 'I love coffee.',
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data).toMatchObject({ status: 'answered', answer: { text: 'I love coffee.' } });
    // Still at the first (unanswered) video question; another device sees the same.
    const again = (await asCandidate(t.app, 'GET', token)).json().data;
    expect(again.currentQuestionId).toBe(ids[0]);
    expect(again.state).toBe('started');
  });

  it('keeps the preparation start: a reload or a second start cannot buy a fresh timer', async () => {
    const { token, ids } = await invited();
    const first = await asCandidate(t.app, 'POST', `${token}/questions/${ids[0]}/start`);
    expect(first.statusCode).toBe(200);
    const { prepStartedAt, prepEndsAt } = first.json().data;
    expect(Date.parse(prepEndsAt) - Date.parse(prepStartedAt)).toBe(30_000);
    await new Promise((r) => setTimeout(r, 20));
    const second = await asCandidate(t.app, 'POST', `${token}/questions/${ids[0]}/start`);
    expect(second.json().data.prepStartedAt).toBe(prepStartedAt);
    const reloaded = (await asCandidate(t.app, 'GET', token)).json().data.questions[0];
    expect(reloaded).toMatchObject({ status: 'preparing', prepStartedAt, prepEndsAt });
  });

  it('shows the prompt video once the question is opened, with time to watch it before preparing', async () => {
    const team = await hiringTeam(t.db);
    const [video] = await t.db
      .insert(videoAssets)
      .values({
        companyId: team.company.id,
        title: 'The question, asked by the manager',
        fileName: 'q.mp4',
        status: 'ready',
        originalKey: 'uploads/x/q.mp4',
        duration: 12.4,
      })
      .returning();
    const questions = threeQuestions();
    questions.questions[0]!.promptVideoId = video!.id;
    await putInterview(t.app, team.admin, team.job.id, questions);
    const application = await createApplication(t.db, team.job);
    expect((await invite(t.app, team.admin, team.job.id, application.id, { days: 7 })).statusCode).toBe(201);
    const token = await interviewTokenFor(t.db, application.email);
    // Issue 34 item 2: the prompt video was transcribed; the candidate's page gets its captions with it.
    await t.db.insert(transcripts).values({
      assetId: video!.id,
      companyId: team.company.id,
      status: 'done',
      language: 'en',
      segments: [{ start: 0.5, end: 3, text: 'What does great service mean to you?' }],
    });
    const before = (await asCandidate(t.app, 'GET', token)).json().data.questions[0];
    expect(before.promptVideo).toBeNull();
    const opened = (await asCandidate(t.app, 'POST', `${token}/questions/${before._id}/start`)).json().data;
    expect(opened.promptVideo).toMatchObject({ duration: 12.4 });
    expect(opened.promptVideo.captions).toEqual({
      language: 'en',
      vtt: 'WEBVTT\n\n1\n00:00:00.500 --> 00:00:03.000\nWhat does great service mean to you?\n',
    });
    expect(opened.promptVideo.url).toMatch(/q\.mp4/);
    // 30 s of preparation plus the 13 s video (rounded up).
    expect(Date.parse(opened.prepEndsAt) - Date.parse(opened.prepStartedAt)).toBe(43_000);
    // The team sees the prompt video with the question in review.
    const review = await asMember(
      t.app,
      team.admin,
      'GET',
      `/api/job/${team.job.id}/application/${application.id}/interview`,
    );
    expect(review.json().data.questions[0].promptVideo).toMatchObject({
      _id: video!.id,
      title: 'The question, asked by the manager',
    });
  });

  it('counts a take when it starts, allows exactly 1 + retakes, and submits the chosen take', async () => {
    const { team, application, token, ids } = await invited();
    const one = await recordTake(t.app, token, ids[0]!, clip);
    expect(one.finished?.statusCode, one.finished?.body).toBe(200);
    expect(one.finished!.json().data).toMatchObject({ n: 1, status: 'saved' });
    expect(one.finished!.json().data.duration).toBeGreaterThan(2.5);
    // A second finish of the same upload (a retried request) answers the saved take.
    const repeat = await asCandidate(t.app, 'POST', `${token}/takes/${one.takeId}/finish`, {
      uploadId: one.uploadId,
    });
    expect(repeat.statusCode).toBe(200);

    // The retake opens (counted at once), and a reload mid-recording cannot open a third.
    const opened = await asCandidate(t.app, 'POST', `${token}/questions/${ids[0]}/takes`);
    expect(opened.statusCode).toBe(201);
    const midRecording = (await asCandidate(t.app, 'GET', token)).json().data.questions[0];
    expect(midRecording).toMatchObject({ status: 'recording', takesUsed: 2, takesLeft: 0 });
    const third = await asCandidate(t.app, 'POST', `${token}/questions/${ids[0]}/takes`);
    expect(third.statusCode).toBe(409);
    expect(third.json().error.message).toBe(interviewMessages.noTakesLeft);

    // The second take finishes; the candidate chooses it.
    const secondId = opened.json().data.take._id as string;
    const created = await openTakeUpload(t.app, secondId, clip.length);
    const location = created.headers.location as string;
    await t.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.from(clip),
    });
    const finished = await asCandidate(t.app, 'POST', `${token}/takes/${secondId}/finish`, {
      uploadId: location.split('/').pop(),
    });
    expect(finished.statusCode, finished.body).toBe(200);
    const chosen = await asCandidate(t.app, 'POST', `${token}/questions/${ids[0]}/answer`, {
      takeId: secondId,
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data).toMatchObject({ status: 'answered', answer: { takeId: secondId } });
    // Final: another choice is refused.
    const change = await asCandidate(t.app, 'POST', `${token}/questions/${ids[0]}/answer`, {
      takeId: one.takeId,
    });
    expect(change.statusCode).toBe(409);

    // The team sees the chosen take as the answer (a company video kept out of the library).
    const seen = await asMember(
      t.app,
      team.viewer,
      'GET',
      `/api/job/${team.job.id}/application/${application.id}/interview`,
    );
    const answer = seen.json().data.questions[0].answer;
    expect(answer.takesUsed).toBe(2);
    const [take] = await t.db.select().from(interviewTakes).where(eq(interviewTakes.id, secondId));
    expect(answer.video.assetId).toBe(take!.videoAssetId);
    const [asset] = await t.db.select().from(videoAssets).where(eq(videoAssets.id, take!.videoAssetId!));
    expect(asset!.exclude).toBe(true);
    expect(await historyTitles(t.db, application.id)).toEqual([
      expect.stringMatching(/^Interview invitation sent \(deadline /),
      'Interview started',
      'Interview question 1 answered',
    ]);
  });

  it('measures a Chrome take that starts late at its true length (the limit is checked against that)', async () => {
    const { token, ids } = await invited();
    // 2.5 s of H.264 and Opus (a Chrome take) whose timestamps start at 5.3 s: read from 0, it lasts 7.8 s.
    const late = await recordTake(t.app, token, ids[0]!, mp4StartingLate());
    expect(late.finished?.statusCode, late.finished?.body).toBe(200);
    const { duration } = late.finished!.json().data;
    expect(duration).toBeGreaterThan(2.3);
    expect(duration).toBeLessThan(2.8);
  });

  it('refuses a take longer than the limit (plus the grace), and still counts it', async () => {
    const { token, ids } = await invited({
      inApply: false,
      asStage: true,
      questions: [
        { prompt: 'Thirty seconds on your best shift', answerType: 'video', limitSeconds: 30, retakes: 1 },
      ],
    });
    const long = await recordTake(t.app, token, ids[0]!, longClip);
    expect(long.finished?.statusCode).toBe(400);
    expect(long.finished!.json().error.message).toBe(interviewMessages.takeTooLong);
    const state = (await asCandidate(t.app, 'GET', token)).json().data.questions[0];
    expect(state.takesUsed).toBe(1);
    expect(state.takes[0].status).toBe('failed');
    const choose = await asCandidate(t.app, 'POST', `${token}/questions/${ids[0]}/answer`, {
      takeId: long.takeId,
    });
    expect(choose.statusCode).toBe(400);
    expect(choose.json().error.message).toBe(interviewMessages.takeNotSaved);
  });

  it('cannot be bypassed with hand-made calls: foreign uploads, unknown takes, takes for other answer types', async () => {
    const a = await invited();
    const b = await invited();
    // A take of candidate B finished with candidate A's token: unknown to A.
    const bTake = await recordTake(t.app, b.token, b.ids[0]!, clip);
    expect(bTake.finished?.statusCode).toBe(200);
    const foreign = await asCandidate(t.app, 'POST', `${a.token}/questions/${a.ids[0]}/answer`, {
      takeId: bTake.takeId,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(interviewMessages.takeUnknown);
    // A's take finished with B's upload: refused (the upload belongs to another take).
    const aOpened = await asCandidate(t.app, 'POST', `${a.token}/questions/${a.ids[0]}/takes`);
    const aTakeId = aOpened.json().data.take._id as string;
    const stolen = await asCandidate(t.app, 'POST', `${a.token}/takes/${aTakeId}/finish`, {
      uploadId: bTake.uploadId,
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.message).toBe(interviewMessages.uploadMissing);
    // An upload cannot be opened for a take that does not exist or is no longer recording.
    expect((await openTakeUpload(t.app, '00000000-0000-4000-8000-000000000000', 100)).statusCode).toBe(404);
    expect((await openTakeUpload(t.app, bTake.takeId!, 100)).statusCode).toBe(404);
    // Takes only for video questions; text only for text questions.
    const textTake = await asCandidate(t.app, 'POST', `${a.token}/questions/${a.ids[1]}/takes`);
    expect(textTake.statusCode).toBe(400);
    expect(textTake.json().error.message).toBe(interviewMessages.notVideo);
    const videoAsText = await asCandidate(t.app, 'POST', `${a.token}/questions/${a.ids[0]}/answer`, {
      text: 'hi',
    });
    expect(videoAsText.json().error.message).toBe(interviewMessages.wrongAnswerType);
    // A question of another interview is not one of this interview's.
    expect((await asCandidate(t.app, 'POST', `${a.token}/questions/${b.ids[1]}/start`)).statusCode).toBe(404);
  });

  it('counts takes one at a time: parallel requests cannot open more than 1 + retakes', async () => {
    const { token, ids } = await invited();
    const opened = await Promise.all(
      Array.from({ length: 5 }, () => asCandidate(t.app, 'POST', `${token}/questions/${ids[0]}/takes`)),
    );
    expect(opened.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    const q = (await asCandidate(t.app, 'GET', token)).json().data.questions[0];
    expect(q.takesUsed).toBe(2);
    expect(q.takes.map((take: { n: number }) => take.n)).toEqual([1, 2]);
  });

  it('deleting the application deletes the interview recordings and files with it', async () => {
    const { team, application, token, ids } = await invited({
      inApply: false,
      asStage: true,
      questions: [
        { prompt: 'Say hello', answerType: 'video', limitSeconds: 30 },
        { prompt: 'Your certificate', answerType: 'file' },
      ],
    });
    const take = await recordTake(t.app, token, ids[0]!, clip);
    expect(take.finished?.statusCode).toBe(200);
    const signed = (
      await asCandidate(t.app, 'GET', `${token}/signed-url?content-type=application%2Fpdf&question=${ids[1]}`)
    ).json().data;
    const target = new URL(signed.url);
    await t.app.inject({
      method: 'PUT',
      url: `${target.pathname}${target.search}`,
      headers: { 'content-type': 'application/pdf' },
      payload: pdfBytes(),
    });
    expect(
      (
        await asCandidate(t.app, 'POST', `${token}/questions/${ids[1]}/answer`, {
          file: { key: signed.key, fileName: 'c.pdf' },
        })
      ).statusCode,
    ).toBe(200);
    const [takeRow] = await t.db.select().from(interviewTakes).where(eq(interviewTakes.id, take.takeId!));
    const [asset] = await t.db.select().from(videoAssets).where(eq(videoAssets.id, takeRow!.videoAssetId!));
    expect(await t.app.ctx.storage.head(asset!.originalKey!)).not.toBeNull();
    expect(await t.app.ctx.storage.head(signed.key)).not.toBeNull();

    const deleted = await asMember(
      t.app,
      team.admin,
      'DELETE',
      `/api/job/${team.job.id}/application/${application.id}`,
    );
    expect(deleted.statusCode).toBe(200);
    expect(await t.db.select().from(videoAssets).where(eq(videoAssets.id, asset!.id))).toHaveLength(0);
    expect(await t.app.ctx.storage.head(asset!.originalKey!)).toBeNull();
    expect(await t.app.ctx.storage.head(signed.key)).toBeNull();
    expect((await asCandidate(t.app, 'GET', token)).statusCode).toBe(404);
  });

  it('gives extra time: ×2 doubles preparation and the answer limit; no limits lifts them', async () => {
    const { team, application, token } = await invited();
    const url = `/api/job/${team.job.id}/application/${application.id}/interview`;
    expect((await asMember(t.app, team.manager, 'PATCH', url, { accommodation: '2x' })).statusCode).toBe(200);
    let q = (await asCandidate(t.app, 'GET', token)).json().data.questions[0];
    expect(q).toMatchObject({ prepSeconds: 60, limitSeconds: 120 });
    await asMember(t.app, team.manager, 'PATCH', url, { accommodation: 'unlimited' });
    q = (await asCandidate(t.app, 'GET', token)).json().data.questions[0];
    expect(q).toMatchObject({ prepSeconds: null, limitSeconds: null });
    expect((await asMember(t.app, team.viewer, 'PATCH', url, { accommodation: 'none' })).statusCode).toBe(
      403,
    );
    expect(await historyTitles(t.db, application.id)).toContain('Interview time: no limits');
  });

  it('checks text, choice and file answers, and completes only with every required one', async () => {
    const { application, token, ids, team } = await invited({
      inApply: false,
      asStage: true,
      questions: [
        { prompt: 'Why?', answerType: 'text', maxChars: 10 },
        { prompt: 'Shift?', answerType: 'choice', options: ['Early', 'Late'] },
        { prompt: 'Your certificate', answerType: 'file', required: false },
        { prompt: 'Anything else?', answerType: 'text', required: false },
      ],
    });
    const tooLong = await asCandidate(t.app, 'POST', `${token}/questions/${ids[0]}/answer`, {
      text: 'x'.repeat(11),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(interviewMessages.textTooLong(10));
    const blank = await asCandidate(t.app, 'POST', `${token}/questions/${ids[0]}/answer`, { text: '   ' });
    expect(blank.json().error.message).toBe(interviewMessages.textRequired);
    const wrongKind = await asCandidate(t.app, 'POST', `${token}/questions/${ids[0]}/answer`, { choice: 0 });
    expect(wrongKind.statusCode).toBe(400);
    const badChoice = await asCandidate(t.app, 'POST', `${token}/questions/${ids[1]}/answer`, { choice: 2 });
    expect(badChoice.json().error.message).toBe(interviewMessages.choiceInvalid);

    // A "PDF" that is not one is refused and removed; a real one is kept.
    const put = async (bytes: Buffer, contentType: string) => {
      const signed = await asCandidate(
        t.app,
        'GET',
        `${token}/signed-url?content-type=${encodeURIComponent(contentType)}&question=${ids[2]}`,
      );
      const { url, key } = signed.json().data;
      const target = new URL(url);
      await t.app.inject({
        method: 'PUT',
        url: `${target.pathname}${target.search}`,
        headers: { 'content-type': contentType },
        payload: bytes,
      });
      return key as string;
    };
    const fake = await put(Buffer.from('not a pdf at all, just text pretending'), 'application/pdf');
    const refused = await asCandidate(t.app, 'POST', `${token}/questions/${ids[2]}/answer`, {
      file: { key: fake, fileName: 'cert.pdf' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(interviewMessages.fileWrongType);
    const real = await put(pdfBytes(), 'application/pdf');
    const kept = await asCandidate(t.app, 'POST', `${token}/questions/${ids[2]}/answer`, {
      file: { key: real, fileName: 'cert.pdf' },
    });
    expect(kept.statusCode, kept.body).toBe(200);

    const early = await asCandidate(t.app, 'POST', `${token}/complete`);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe(interviewMessages.requiredMissing);
    expect(Object.keys(early.json().error.fields)).toEqual(['questions.0', 'questions.1']);

    await asCandidate(t.app, 'POST', `${token}/questions/${ids[0]}/answer`, { text: 'Coffee!' });
    await asCandidate(t.app, 'POST', `${token}/questions/${ids[1]}/answer`, { choice: 1 });
    const requiredSkip = await asCandidate(t.app, 'POST', `${token}/questions/${ids[1]}/skip`);
    expect(requiredSkip.statusCode).toBe(400);
    expect(requiredSkip.json().error.message).toBe(interviewMessages.notOptional);
    const skipped = await asCandidate(t.app, 'POST', `${token}/questions/${ids[3]}/skip`);
    expect(skipped.json().data.status).toBe('skipped');
    const done = await asCandidate(t.app, 'POST', `${token}/complete`);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.state).toBe('completed');
    // After completion nothing more is written.
    const late = await asCandidate(t.app, 'POST', `${token}/questions/${ids[2]}/skip`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(interviewMessages.completed);

    const seen = (
      await asMember(
        t.app,
        team.admin,
        'GET',
        `/api/job/${team.job.id}/application/${application.id}/interview`,
      )
    ).json().data;
    expect(seen.state).toBe('completed');
    expect(seen.answered).toBe(4);
    expect(seen.questions[3].answer.status).toBe('skipped');
    expect(seen.questions[1].answer.choice).toEqual({ index: 1, label: 'Late' });
    expect(seen.questions[2].answer.file).toMatchObject({ name: 'cert.pdf', contentType: 'application/pdf' });
  });

  it('refuses unknown tokens and the answers of a withdrawn candidate', async () => {
    expect((await asCandidate(t.app, 'GET', 'x'.repeat(43))).statusCode).toBe(404);
    expect((await asCandidate(t.app, 'GET', 'short')).statusCode).toBe(404);
    const { token, application, ids } = await invited();
    await t.db
      .update(applications)
      .set({ status: 'withdrawn', withdrawnAt: new Date('2026-06-02T14:30:00Z') })
      .where(eq(applications.id, application.id));
    // Issue 33 item 2: a withdrawn candidate's link says so (410), and takes no answer.
    const res = await asCandidate(t.app, 'GET', token);
    expect(res.statusCode).toBe(410);
    expect(res.json().error.message).toMatch(/^You withdrew your application on 2 June 2026, 14:30 UTC/);
    const answer = await asCandidate(t.app, 'POST', `${token}/questions/${ids[1]}/answer`, { text: 'hi' });
    expect(answer.statusCode).toBe(410);
  });

  it('sends "Need more time?" to the team and keeps it in the history', async () => {
    const { team, application, token } = await invited();
    const res = await asCandidate(t.app, 'POST', `${token}/contact`, {
      message: 'I work nights this week; could I have until Monday?',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe(interviewMessages.contactSent);
    expect(await historyTitles(t.db, application.id)).toContain('Candidate asked for more time');
    const mails = await emailsTo(t.db, team.admin.user.email ?? '');
    expect(mails.some((m) => m.text.includes('could I have until Monday'))).toBe(true);
  });
});

describe('the interview in the apply flow (issue 25 item 2a)', () => {
  it('replaces the video introduction: no video asked, and the answer carries the interview token', async () => {
    const { job, adminToken, company } = await openJob(t.db, { isVideoOptional: false });
    const admin = { token: adminToken, companyId: company.id, user: { id: '', firstName: '', lastName: '' } };
    const set = threeQuestions();
    const saved = await putInterview(t.app, admin, job.id, { ...set, inApply: true, asStage: false });
    expect(saved.statusCode).toBe(200);
    const page = await t.app.inject({ url: `/api/public/job/${job.shortId}` });
    expect(page.json().data.interview).toEqual({ questionCount: 3, totalSeconds: 30 + 60 + 60 + 60 });
    // The video introduction is not asked of this job's candidates.
    expect(page.json().data.isVideoOptional).toBe(true);

    const body = applyBody();
    const applied = await apply(t.app, job.shortId, body);
    expect(applied.statusCode, applied.body).toBe(201);
    const token = applied.json().data.interviewToken as string;
    expect(token).toMatch(/^[\w-]{43}$/);
    // The same link is in the confirmation email.
    expect(await interviewTokenFor(t.db, body.email)).toBe(token);
    const state = (await asCandidate(t.app, 'GET', token)).json().data;
    expect(state).toMatchObject({ state: 'invited', deadline: null, firstName: 'Grace' });
    // A job without an interview still asks for its video introduction.
    const plain = await openJob(t.db, { isVideoOptional: false });
    const refused = await apply(t.app, plain.job.shortId, applyBody());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data).toBeUndefined();
  });
});

describe('a take on an installation without ffprobe', () => {
  it('is kept (not lost) without a duration check', async () => {
    const bare = await createTestApp({ RATE_LIMIT_DISABLED: 'true', FFPROBE_PATH: '/nonexistent/ffprobe' });
    try {
      const team = await hiringTeam(bare.db);
      await putInterview(bare.app, team.admin, team.job.id, threeQuestions());
      const application = await createApplication(bare.db, team.job);
      expect((await invite(bare.app, team.admin, team.job.id, application.id, { days: 3 })).statusCode).toBe(
        201,
      );
      const token = await interviewTokenFor(bare.db, application.email);
      const ids = (await asCandidate(bare.app, 'GET', token))
        .json()
        .data.questions.map((q: { _id: string }) => q._id);
      const take = await recordTake(bare.app, token, ids[0], clip);
      expect(take.finished?.statusCode, take.finished?.body).toBe(200);
      expect(take.finished!.json().data).toMatchObject({ status: 'saved', duration: null });
    } finally {
      await bare.close();
    }
  });
});
