import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { INTERVIEW_LIMITS, interviewMessages } from '@hirecast/domain/interview';
import { createTestApp } from '../../support/helper.ts';
import { transcripts } from '@hirecast/db/schema';
import { asMember, putInterview } from '../../support/interview-support.ts';
import { makeClip } from '../../support/video-pipeline-support.ts';
import {
  answerInterview,
  applyWithEverything,
  FOUR_QUESTIONS,
  recordVideoAnswer,
  teamWithJob,
} from '../../support/review-support.ts';

// Issue 33 item 3 (and item 2's review links): an anonymised review names nobody, not even through a file's
// name; its media live minutes, so a revoked link stops them; a viewer reads who shared and when, never a link.

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const maria = () => ({
  firstName: 'Maria',
  lastName: 'Kowalska',
  email: `maria.kowalska.${Date.now()}@example-test.com`,
});

async function reviewedCandidate() {
  const team = await teamWithJob(t.db);
  expect((await putInterview(t.app, team.admin, team.job.id, FOUR_QUESTIONS)).statusCode).toBe(200);
  const person = maria();
  const { id } = await applyWithEverything(t.app, team, person, `visit-${Date.now()}`);
  const interview = await answerInterview(t.app, t.db, team, { applicationId: id, person });
  return { team, person, id, ...interview };
}

const review = (token: string) => t.app.inject({ url: `/api/public/interview-review/${token}` });
const tokenOf = (url: string) => url.split('/review/')[1]!;
/** GET of a signed storage URL through the API (local-disk driver). */
const fetchSigned = (url: string) => {
  const target = new URL(url);
  return t.app.inject({ url: `${target.pathname}${target.search}` });
};

describe('an anonymised review', () => {
  it('offers the CV and file answers under neutral names, in the answer and in the download', async () => {
    const c = await reviewedCandidate();
    const created = await asMember(t.app, c.team.admin, 'POST', `${c.base}/shares`, {
      days: 3,
      hideName: true,
      hideEmail: true,
      hideCv: false,
    });
    expect(created.statusCode).toBe(201);
    const res = await review(tokenOf(created.json().data.url));
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    // Nothing of the person: the name, the email, the file names they chose.
    for (const trace of ['Maria', 'Kowalska', c.person.email]) expect(res.body).not.toContain(trace);
    expect(body.candidate).toMatchObject({ name: null, email: null, cvName: 'CV.pdf' });
    const file = body.questions[3].answer.file;
    expect(file.name).toBe('Answer to question 4.pdf');
    expect(body.mediaSeconds).toBe(INTERVIEW_LIMITS.reviewMediaSeconds);

    // The downloads come under those names, whatever the files were uploaded as.
    const cv = await fetchSigned(body.candidate.cvUrl);
    expect(cv.statusCode).toBe(200);
    expect(cv.headers['content-disposition']).toBe(`attachment; filename="CV.pdf"; filename*=UTF-8''CV.pdf`);
    const answerFile = await fetchSigned(file.url);
    expect(answerFile.statusCode).toBe(200);
    expect(answerFile.headers['content-disposition']).toBe(
      `attachment; filename="Answer to question 4.pdf"; filename*=UTF-8''Answer%20to%20question%204.pdf`,
    );
    // The name offered is part of the signature: changing it is refused.
    const forged = new URL(body.candidate.cvUrl);
    forged.searchParams.set('download', 'Maria_Kowalska_CV.pdf');
    expect((await fetchSigned(forged.toString())).statusCode).toBe(403);

    // A link that shows the name offers the files under their own names.
    const named = await asMember(t.app, c.team.admin, 'POST', `${c.base}/shares`, { days: 1 });
    const open = (await review(tokenOf(named.json().data.url))).json().data;
    expect(open.candidate).toMatchObject({ name: 'Maria Kowalska', cvName: 'Maria_Kowalska_CV.pdf' });
    expect(open.questions[3].answer.file.name).toBe('Kowalska certificate.pdf');
  });

  it('signs its media for minutes: after a revocation they stop, and the link says it was revoked', async () => {
    const c = await reviewedCandidate();
    const created = (
      await asMember(t.app, c.team.admin, 'POST', `${c.base}/shares`, { days: 3, hideName: true })
    ).json().data;
    const token = tokenOf(created.url);
    const body = (await review(token)).json().data;
    const urls = [body.candidate.cvUrl, body.questions[3].answer.file.url] as string[];
    for (const url of urls) {
      const expires = Number(new URL(url).searchParams.get('expires'));
      expect(expires * 1000).toBeGreaterThan(Date.now());
      expect(expires * 1000).toBeLessThanOrEqual(Date.now() + INTERVIEW_LIMITS.reviewMediaSeconds * 1000);
    }

    expect(
      (await asMember(t.app, c.team.admin, 'DELETE', `${c.base}/shares/${created._id}`)).statusCode,
    ).toBe(204);
    const revoked = await review(token);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().error.message).toBe(interviewMessages.shareRevoked);
    const page = await t.app.inject({ url: `/review/${token}` });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(interviewMessages.shareRevoked);
    // The URLs already handed out stop working within the media lifetime.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + INTERVIEW_LIMITS.reviewMediaSeconds * 1000 + 1000);
    for (const url of urls) expect((await fetchSigned(url)).statusCode).toBe(403);
  });

  it('an expired link says it expired (not revoked); an unknown one that it is not valid', async () => {
    const c = await reviewedCandidate();
    const created = (await asMember(t.app, c.team.admin, 'POST', `${c.base}/shares`, { days: 1 })).json()
      .data;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(created.expiresAt) + 1000);
    const expired = await review(tokenOf(created.url));
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.message).toBe(interviewMessages.shareExpired);
    const page = await t.app.inject({ url: `/review/${tokenOf(created.url)}` });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(interviewMessages.shareExpired);
    expect(page.body).not.toContain(interviewMessages.shareRevoked);
    vi.useRealTimers();
    const unknown = await review('a'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(interviewMessages.shareUnknown);
  });
});

describe("a viewer's reads of the interview", () => {
  it('carry no private link and no review link, only who shared and when', async () => {
    const c = await reviewedCandidate();
    const made = await asMember(t.app, c.team.admin, 'POST', `${c.base}/shares`, { days: 2 });
    expect(made.statusCode).toBe(201);

    const asViewer = await asMember(t.app, c.team.viewer, 'GET', c.base);
    expect(asViewer.statusCode).toBe(200);
    expect(asViewer.json().data.link).toBeNull();
    expect(asViewer.body).not.toContain(c.token);
    const shares = await asMember(t.app, c.team.viewer, 'GET', `${c.base}/shares`);
    expect(shares.statusCode).toBe(200);
    expect(shares.json().data).toEqual([
      expect.objectContaining({
        _id: made.json().data._id,
        url: null,
        createdByName: `${c.team.admin.user.firstName} ${c.team.admin.user.lastName}`,
        createdAt: made.json().data.createdAt,
      }),
    ]);
    expect(shares.body).not.toContain(tokenOf(made.json().data.url));
    // The history a viewer reads keeps the letters without the link.
    const history = await asMember(t.app, c.team.viewer, 'GET', `/api/history/application/${c.id}`);
    expect(history.statusCode).toBe(200);
    expect(history.body).not.toContain(c.token);

    // Those who manage candidates still have both.
    const asAdmin = (await asMember(t.app, c.team.admin, 'GET', c.base)).json().data;
    expect(asAdmin.link).toBe(`http://localhost:3000/interview/${c.token}`);
    const adminShares = (await asMember(t.app, c.team.admin, 'GET', `${c.base}/shares`)).json().data;
    expect(adminShares[0].url).toBe(made.json().data.url);
  });
});

describe('a review link carries what was said (issue 34 item 4)', () => {
  it("the done transcript of each video answer, without the words' own times; none while not done", async () => {
    const team = await teamWithJob(t.db);
    expect((await putInterview(t.app, team.admin, team.job.id, FOUR_QUESTIONS)).statusCode).toBe(200);
    const person = maria();
    const { id } = await applyWithEverything(t.app, team, person, `visit-${Date.now()}`);
    const clip = makeClip({ width: 320, height: 240, seconds: 1, audio: true });
    const interview = await answerInterview(t.app, t.db, team, {
      applicationId: id,
      person,
      recordVideo: recordVideoAnswer(t.app, clip),
    });
    const created = await asMember(t.app, team.admin, 'POST', `${interview.base}/shares`, {
      days: 3,
      hideName: true,
      hideEmail: true,
      hideCv: true,
    });
    const token = tokenOf(created.json().data.url);
    const first = (await review(token)).json().data;
    const assetId = first.questions[0].answer.video.assetId as string;
    expect(first.transcripts).toEqual([]);

    await t.db.insert(transcripts).values({
      assetId,
      companyId: team.company.id,
      status: 'done',
      language: 'pl',
      segments: [
        { start: 0, end: 0.9, text: 'Dzień dobry.', words: [{ start: 0, end: 0.5, word: 'Dzień' }] },
      ],
    });
    const res = await review(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.transcripts).toEqual([
      { assetId, language: 'pl', segments: [{ start: 0, end: 0.9, text: 'Dzień dobry.' }] },
    ]);
  });
});
