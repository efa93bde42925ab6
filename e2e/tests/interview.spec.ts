import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { applyOverApi, candidateEmail } from './applicants-support.ts';
import { expect as baseExpect, signInViaForm, test } from './fixtures.ts';
import { makeVideo, uploadVideo, waitForVideo } from './media-support.ts';
import {
  employer,
  hydrated,
  PHONE,
  publishJob,
  startApplying,
  type TEmployer,
} from './public-site-support.ts';

// Issue 25 "Must show": an admin builds a 3-question interview; a candidate applies, retakes the first answer
// and submits the second take, goes offline for five seconds mid-answer and finishes with nothing lost, closes
// the tab after question 2 and resumes from the link; the team rates; an outside reviewer rates through an
// anonymised share link that then expires. Also: question 1 asks with a prompt video from the library, the
// candidate practises first (nothing of it is sent), and the applicants list shows the interview's state and
// score, sorts and filters by them, and invites from a row. Chromium's fake camera records the answers.

// Screens wait on a busy 2-core machine (the server makes videos with ffmpeg meanwhile): 60 s per expectation.
const expect = baseExpect.configure({ timeout: 60_000 });

const SHOTS_DIR = process.env.E2E_SHOTS_DIR;
/** The page as it is now, at 390 px and at 1280 px (then back to where it was); `viewport`: no more than shows. */
async function shots(page: Page, name: string, { viewport = false }: { viewport?: boolean } = {}) {
  if (!SHOTS_DIR) return;
  await mkdir(SHOTS_DIR, { recursive: true });
  const before = page.viewportSize();
  for (const size of [PHONE, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    await page.screenshot({
      path: join(SHOTS_DIR, `interview-${name}-${size.width}.png`),
      fullPage: !viewport,
    });
  }
  if (before) await page.setViewportSize(before);
}

const PROMPTS = [
  'Tell us about a time you made a customer’s day.',
  'What does great coffee mean to you?',
  'Which shift suits you best?',
] as const;

type TSession = {
  state: string;
  questions: {
    prompt: string;
    answer: {
      _id: string;
      text?: string;
      choice?: { label: string };
      takesUsed: number;
      video?: { duration: number | null; url: string | null };
      ratings: { raterName: string; stars: number; isGuest: boolean }[];
      average: number | null;
    } | null;
  }[];
};
const sessionOf = async (request: APIRequestContext, boss: TEmployer, jobId: string, id: string) => {
  const res = await request.get(`/api/job/${jobId}/application/${id}/interview`, { headers: boss.headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as TSession;
};

/** The timer shows at least `seconds` recorded (it counts down from the limit: 0:30 → 0:28 is 2 s). */
async function recordFor(page: Page, seconds: number, limit = 30) {
  await expect(page.getByRole('timer')).toHaveText(
    new RegExp(
      `^0:(${Array.from({ length: limit - seconds + 1 }, (_, i) => String(i).padStart(2, '0')).join('|')}) left$`,
    ),
    { timeout: (seconds + 15) * 1000 },
  );
}

test('one-way interview: build, answer with a retake through a lost connection, resume, rate, review outside', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(600_000);
  const boss = await employer(request);
  const job = await publishJob(request, boss, {
    title: 'Barista',
    employmentType: 'full-time',
    locationType: 'office',
    isVideoOptional: true,
  });

  // Someone applied before the job had an interview: the list invites them later.
  await applyOverApi(request, job, { firstName: 'Sam', lastName: 'Early', email: candidateEmail('sam') });

  await page.goto('/sign-in');
  await signInViaForm(page, boss.user.email, boss.user.password);
  // Signed in when the jobs dashboard shows (its address may carry a query).
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 60_000 });
  // A prompt video in the company's library (uploaded as a team member would, on the Content page).
  const promptTitle = 'Our manager asks question 1';
  await page.goto('/content?tab=recorded');
  await uploadVideo(page, await makeVideo('prompt'), promptTitle);
  await waitForVideo(request, boss.headers, promptTitle, 'videoMp4Url');

  // The admin builds the interview on the job's Interview tab.
  await page.goto(`/jobs/${job._id}/edit?tab=interview`);
  await expect(page.getByRole('heading', { name: 'Interview', level: 2 })).toBeVisible();
  await page.getByLabel('Question 1', { exact: true }).fill(PROMPTS[0]);
  await page.getByRole('combobox', { name: 'Answer time limit' }).click();
  await page.getByRole('option', { name: '30 s', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Retakes' })).toHaveText('1');
  // Question 1 is asked on video too: chosen from the library, removed, chosen again.
  const chooseVideo = async () => {
    await page.getByRole('button', { name: 'Choose the prompt video of question 1' }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose a video' });
    await chooser.getByRole('button', { name: promptTitle }).click();
    await expect(chooser).toBeHidden();
    await expect(page.getByLabel(`Prompt video of question 1: ${promptTitle}`)).toBeVisible();
  };
  await chooseVideo();
  await page.getByRole('button', { name: 'Remove the prompt video of question 1' }).click();
  await expect(page.getByLabel(`Prompt video of question 1: ${promptTitle}`)).toHaveCount(0);
  await chooseVideo();
  // A practice question before question 1 (never saved).
  await page.getByLabel('Practice question (never saved)').check();
  await page.getByRole('button', { name: 'Add question' }).click();
  await page.getByLabel('Question 2', { exact: true }).fill(PROMPTS[1]);
  await page.getByRole('combobox', { name: 'Answer type' }).nth(1).click();
  await page.getByRole('option', { name: 'Text', exact: true }).click();
  await page.getByRole('combobox', { name: 'Preparation time' }).nth(1).click();
  await page.getByRole('option', { name: '10 s', exact: true }).click();
  await page.getByRole('button', { name: 'Add question' }).click();
  await page.getByLabel('Question 3', { exact: true }).fill(PROMPTS[2]);
  await page.getByRole('combobox', { name: 'Answer type' }).nth(2).click();
  await page.getByRole('option', { name: 'Multiple choice' }).click();
  await page.getByLabel('Option 1').fill('Mornings');
  await page.getByLabel('Option 2').fill('Evenings');
  // Reorder by keyboard and back: question 3 moves up, then down again.
  await page.getByRole('button', { name: 'Move question 3 up' }).click();
  await expect(page.getByLabel('Question 2', { exact: true })).toHaveValue(PROMPTS[2]);
  await page.getByRole('button', { name: 'Move question 2 down' }).click();
  await expect(page.getByLabel('Question 3', { exact: true })).toHaveValue(PROMPTS[2]);
  await shots(page, 'editor');
  await page.getByRole('button', { name: 'Preview as a candidate' }).click();
  const preview = page.getByRole('dialog', { name: 'Candidate preview' });
  await expect(preview.getByText(PROMPTS[0])).toBeVisible();
  await expect(preview.getByText('Video answer · up to 30 s to answer · 1 retake')).toBeVisible();
  await shots(page, 'editor-preview');
  await preview.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Save interview' }).click();
  await expect(page.getByText('Interview saved')).toBeVisible();
  const saved = await request.get(`/api/job/${job._id}/interview`, { headers: boss.headers });
  const interview = (await saved.json()).data as {
    practiceQuestion: boolean;
    questions: {
      prompt: string;
      answerType: string;
      retakes: number;
      promptVideo: { title: string } | null;
    }[];
  };
  expect(interview.questions.map((q) => [q.prompt, q.answerType, q.retakes, q.promptVideo?.title])).toEqual([
    [PROMPTS[0], 'video', 1, promptTitle],
    [PROMPTS[1], 'text', 0, undefined],
    [PROMPTS[2], 'choice', 0, undefined],
  ]);
  expect(interview.practiceQuestion).toBe(true);

  // A candidate applies: details, then (no video introduction) the interview.
  const candidateContext = await browser.newContext({ viewport: PHONE, hasTouch: true });
  const candidate = await candidateContext.newPage();
  await candidate.goto(new URL(job.shareUrl).pathname);
  await startApplying(candidate, job);
  await candidate.getByLabel('First name').fill('Casey');
  await candidate.getByLabel('Last name').fill('Candidate');
  await candidate.getByLabel('Email', { exact: true }).fill(`casey-${Date.now()}@example-e2e.com`);
  while (await candidate.getByRole('button', { name: 'Continue' }).isVisible())
    await candidate.getByRole('button', { name: 'Continue' }).click();
  await candidate.getByLabel(`I agree that ${job.companyName} processes my application data`).check();
  const applied = candidate.waitForResponse((r) => r.url().endsWith(`/api/public/job/${job.shortId}/apply`));
  await candidate.getByRole('button', { name: 'Submit application' }).click();
  expect((await applied).status()).toBe(201);
  // The answer carried the interview's private link: the page went on to it at once.
  await expect(candidate).toHaveURL(/\/interview\/[\w-]+$/);
  await hydrated(candidate);
  const list = await request.get(`/api/job/${job._id}/applications`, { headers: boss.headers });
  const applicationId = (
    (await list.json()).data as {
      applicants: { _id: string; _profile: { personalInfo: { firstName: string } } }[];
    }
  ).applicants.find((a) => a._profile.personalInfo.firstName === 'Casey')!._id;
  const link = candidate.url();

  // The first screen: how many questions, what each allows, the device check, "Need more time?".
  await expect(candidate.getByRole('heading', { name: `Your interview for ${job.title}` })).toBeVisible();
  await expect(candidate.getByText('3 questions')).toBeVisible();
  await expect(candidate.getByText('Video answer · up to 30 seconds to answer · 1 retake')).toBeVisible();
  await candidate.getByRole('button', { name: 'Check camera and microphone' }).click();
  await expect(candidate.getByText('Your camera and microphone work.', { exact: false })).toBeVisible();
  await expect(candidate.getByRole('meter', { name: 'Microphone' })).toBeVisible();
  await expect(candidate.getByRole('heading', { name: 'Need more time?' })).toBeVisible();
  await shots(candidate, 'candidate-first-screen');
  await expect(candidate.getByText('You start with a practice question')).toBeVisible();
  await candidate.getByRole('button', { name: 'Start the interview' }).click();

  // The practice round: the same preparation countdown and recorder, labelled, repeatable, and never sent —
  // no request at all leaves the page while it runs (no take is opened, nothing is uploaded). Chromium fetches
  // the tab's icon on its own some time after the page loads; that request is the browser's, not the page's.
  const practiceRequests: string[] = [];
  const onRequest = (r: { method: () => string; url: () => string }) =>
    practiceRequests.push(`${r.method()} ${r.url()}`);
  candidate.on('request', onRequest);
  await expect(candidate.getByText('Practice — not sent')).toBeVisible();
  await expect(candidate.getByRole('timer')).toContainText('Time to prepare');
  await shots(candidate, 'candidate-practice');
  // The preparation runs out and the recording starts by itself, as in a real question.
  await recordFor(candidate, 2);
  await shots(candidate, 'candidate-practice-recording');
  await candidate.getByRole('button', { name: 'Stop recording' }).click();
  await expect(candidate.getByLabel('Your practice take')).toBeVisible();
  await shots(candidate, 'candidate-practice-take');
  await candidate.getByRole('button', { name: 'Practise again' }).click();
  await expect(candidate.getByRole('timer')).toContainText('Time to prepare');
  await candidate.getByRole('button', { name: 'Start recording' }).click();
  await recordFor(candidate, 1);
  await candidate.getByRole('button', { name: 'Stop recording' }).click();
  await candidate.getByRole('button', { name: 'Go to question 1' }).click();
  await expect(candidate.getByRole('button', { name: 'Show question 1' })).toBeVisible();
  candidate.off('request', onRequest);
  expect(practiceRequests.filter((r) => !r.includes('blob:') && !r.endsWith('/favicon.svg'))).toEqual([]);

  // Question 1: the prompt video plays; a first take, then a retake through a lost connection; the second
  // take is sent.
  await candidate.getByRole('button', { name: 'Show question 1' }).click();
  await expect(candidate.getByRole('heading', { name: PROMPTS[0] })).toBeVisible();
  const promptVideo = candidate.getByLabel('The question as a video');
  await promptVideo.evaluate((el: HTMLVideoElement) => {
    el.muted = true;
    return el.play();
  });
  await expect
    .poll(() => promptVideo.evaluate((el: HTMLVideoElement) => el.currentTime > 0 && el.readyState >= 2), {
      timeout: 15_000,
    })
    .toBe(true);
  await promptVideo.evaluate((el: HTMLVideoElement) => el.pause());
  await shots(candidate, 'candidate-prompt-video');
  await candidate.getByRole('button', { name: 'Start recording' }).click();
  await recordFor(candidate, 2);
  await shots(candidate, 'candidate-recording');
  await candidate.getByRole('button', { name: 'Stop recording' }).click();
  await expect(candidate.getByRole('radio', { name: /^Take 1/ })).toBeChecked({ timeout: 30_000 });
  await shots(candidate, 'candidate-take-1');
  await candidate.getByRole('button', { name: 'Record again (1 left)' }).click();
  await candidate.getByRole('button', { name: 'Record again', exact: true }).click();
  await recordFor(candidate, 2);
  await candidateContext.setOffline(true);
  await expect(candidate.getByText('You are offline.', { exact: false })).toBeVisible({ timeout: 10_000 });
  await shots(candidate, 'candidate-offline');
  await candidate.waitForTimeout(5_000); // five seconds without a connection, still recording
  await candidateContext.setOffline(false);
  await recordFor(candidate, 9);
  await candidate.getByRole('button', { name: 'Stop recording' }).click();
  await expect(candidate.getByRole('radio', { name: /^Take 2/ })).toBeChecked({ timeout: 60_000 });
  await expect(candidate.getByRole('button', { name: /Record again/ })).toHaveCount(0);
  await shots(candidate, 'candidate-takes');
  await candidate.getByRole('button', { name: 'Submit take 2' }).click();

  // Question 2: text, after its preparation countdown started.
  await candidate.getByRole('button', { name: 'Show question 2' }).click();
  await expect(candidate.getByRole('heading', { name: PROMPTS[1] })).toBeVisible();
  await expect(candidate.getByRole('timer')).toContainText('Time to prepare');
  await candidate.getByLabel('Your answer').fill('Fresh beans, a clean machine and a smile.');
  await shots(candidate, 'candidate-text');
  await candidate.getByRole('button', { name: 'Submit answer' }).click();
  await expect(candidate.getByRole('button', { name: 'Show question 3' })).toBeVisible();

  // The tab closes; the link opened again resumes at question 3.
  await candidate.close();
  const resumed = await candidateContext.newPage();
  await resumed.goto(link);
  await hydrated(resumed);
  // The page's own code came preloaded with the entry, so the page hydrated as soon as the entry ran.
  await expect(
    resumed.locator('link[rel="modulepreload"][href*="/site/assets/interview-page-"]'),
  ).toBeAttached();
  await expect(
    resumed.getByText('Welcome back. You have answered 2 of 3 questions; you continue with question 3.'),
  ).toBeVisible();
  await shots(resumed, 'candidate-resume');
  await resumed.getByRole('button', { name: 'Continue with question 3' }).click();
  await resumed.getByRole('button', { name: 'Show question 3' }).click();
  await resumed.getByText('Evenings').click();
  await shots(resumed, 'candidate-choice');
  await resumed.getByRole('button', { name: 'Submit answer' }).click();
  await expect(resumed.getByRole('heading', { name: 'You have answered every question' })).toBeVisible();
  await resumed.getByRole('button', { name: 'Send my answers' }).click();
  await expect(resumed.getByRole('heading', { name: 'Thank you, Casey' })).toBeVisible();
  await shots(resumed, 'candidate-done');
  await candidateContext.close();

  // Nothing was lost: the second take (about 9 s, five of them offline) is the answer, whole.
  let session = await sessionOf(request, boss, job._id, applicationId);
  expect(session.state).toBe('completed');
  const [videoAnswer, textAnswer, choiceAnswer] = session.questions.map((q) => q.answer);
  // Two takes: the practice round counted none.
  expect(videoAnswer?.takesUsed).toBe(2);
  expect(videoAnswer?.video?.duration ?? 0).toBeGreaterThanOrEqual(8);
  expect(textAnswer?.text).toBe('Fresh beans, a clean machine and a smile.');
  expect(choiceAnswer?.choice?.label).toBe('Evenings');

  // The team rates each answer on the applicant page.
  await page.goto(`/applications/${job._id}/${applicationId}/view`);
  const section = page.getByRole('region', { name: 'Interview' });
  await expect(section.getByText(/^3 of 3 answered/)).toBeVisible();
  for (const [i, stars] of [
    [0, 4],
    [1, 5],
    [2, 3],
  ] as const) {
    const card = section.getByRole('region', { name: PROMPTS[i] });
    // By keyboard: the star's radio takes the focus and Space chooses it.
    await card.getByRole('radio', { name: `${stars} Stars` }).focus();
    await page.keyboard.press('Space');
    await card.getByRole('button', { name: 'Save rating' }).click();
    await expect(card.getByText(`average ${stars}.0 / 5`)).toBeVisible();
  }
  await expect(section.getByText(/overall score 4\.0 \/ 5/)).toBeVisible();
  // The prompt video is with its question in review.
  await section.getByText(`Prompt video: ${promptTitle}`).click();
  await expect(section.getByLabel('Prompt video of question 1')).toBeVisible();
  // The chosen take plays once the server has made it playable (a remux of the browser's H.264).
  // Asked of the API, not by reloading the page: under load a reload alone can take longer than any short wait.
  await expect
    .poll(
      async () =>
        (await sessionOf(request, boss, job._id, applicationId)).questions[0]?.answer?.video?.url ?? null,
      { timeout: 180_000, intervals: [1_000] },
    )
    .not.toBeNull();
  await page.reload();
  await expect(section.getByLabel('Answer to question 1', { exact: true })).toBeVisible();
  await shots(page, 'review-applicant');
  await page.getByRole('link', { name: 'Compare candidates' }).first().click();
  await expect(page.getByRole('heading', { name: 'Compare answers' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Casey Candidate' })).toBeVisible();
  // The question as the candidates saw it, prompt video included, above their answers.
  await page.getByText(`Prompt video: ${promptTitle}`).click();
  await expect(page.getByLabel('Prompt video of question 1')).toBeVisible();
  await shots(page, 'review-compare');
  await page.goBack();

  // An anonymised share link: an outside reviewer rates without an account.
  await page.getByRole('button', { name: 'Share for review' }).click();
  const share = page.getByRole('dialog', { name: 'Share the interview for review' });
  // It works until a time the team chooses: here a minute from now (the field is in this browser's time).
  const expiresAt = new Date(Date.now() + 60_000);
  const local = await page.evaluate((iso) => {
    const d = new Date(iso);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  }, expiresAt.toISOString());
  await share.getByLabel('Link works until').fill(local);
  await share.getByRole('button', { name: 'Create link' }).click();
  const url = await share.getByRole('textbox', { name: /^Expires/ }).inputValue();
  expect(url).toMatch(/\/review\/[\w-]+$/);
  await shots(page, 'review-share');
  const outside = await browser.newContext();
  const reviewer = await outside.newPage();
  await reviewer.goto(url);
  await hydrated(reviewer);
  await expect(reviewer.getByRole('heading', { name: `A candidate for ${job.title}` })).toBeVisible();
  await expect(reviewer.getByText('Casey')).toHaveCount(0);
  await reviewer.getByLabel('Your name (shown with your ratings)').fill('Riley Reviewer');
  const first = reviewer.getByRole('region', { name: PROMPTS[0] });
  await first.getByRole('radio', { name: '2 stars' }).check({ force: true });
  await first.getByRole('button', { name: 'Save rating' }).click();
  await expect(first.getByText('Your rating is saved.')).toBeVisible();
  await shots(reviewer, 'review-outside');
  session = await sessionOf(request, boss, job._id, applicationId);
  expect(session.questions[0]?.answer?.ratings).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        raterName: expect.stringContaining('Riley Reviewer'),
        stars: 2,
        isGuest: true,
      }),
    ]),
  );

  await share.getByRole('button', { name: 'Close' }).click();

  // Meanwhile, the applicants list: each row's interview state and score (so sorting by the score and filtering
  // by completion show why), and "Invite to interview" from the row of someone not yet invited.
  await page.goto(`/jobs/${job._id}/view`);
  const rows = page.getByRole('table', { name: 'Applicants' });
  const casey = rows.getByRole('row').filter({ hasText: 'Casey Candidate' });
  await expect(casey).toContainText('Completed');
  // The score is the average of the answers' averages, the outside reviewer's 2 stars included: (3 + 5 + 3) / 3.
  await expect(casey).toContainText('3.7out of 5 (interview score)');
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'High interview score' }).click();
  await expect(rows.getByRole('row').nth(1)).toContainText('Casey Candidate');
  await page.getByRole('combobox', { name: 'Interview' }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await expect(rows.getByRole('row')).toHaveCount(2); // the header and Casey
  await shots(page, 'list-completed');
  await page.getByRole('button', { name: 'Reset' }).click();
  const sam = rows.getByRole('row').filter({ hasText: 'Sam Early' });
  await sam.getByRole('button', { name: 'Invite Sam Early to interview' }).click();
  const inviteDialog = page.getByRole('dialog', { name: 'Invite to interview' });
  await expect(inviteDialog).toContainText('Sam Early gets an email with a private link');
  await shots(page, 'list-invite');
  await inviteDialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent to Sam Early')).toBeVisible();
  await expect(sam).toContainText('Invited');
  await expect(sam.getByRole('button', { name: /Invite/ })).toHaveCount(0);
  await shots(page, 'list');

  // The review link expires at its time: afterwards the reviewer's page refuses with the product's message.
  const wait = Math.floor(expiresAt.getTime() / 1000) * 1000 + 1000 - Date.now();
  if (wait > 0) await reviewer.waitForTimeout(wait);
  await reviewer.reload();
  await expect(reviewer.getByText('This review link has expired')).toBeVisible();
  await expect(reviewer.getByRole('heading', { name: 'This link has closed' })).toBeVisible();
  await shots(reviewer, 'review-expired');
  await outside.close();
});

// Issue 33 item 2 "Must show": a reload during the preparation countdown lands on the running question (no
// first screen, no practice round) and no take starts without the candidate's action; coming back after the
// preparation ended says what happened and what is left; a link past its deadline says so on its first screen
// (410) with no Start and no practice.
test('interview: a reload during preparation resumes the question and records nothing unasked; an expired link says so', async ({
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const boss = await employer(request);
  const job = await publishJob(request, boss, {
    title: 'Barista',
    employmentType: 'full-time',
    locationType: 'office',
    isVideoOptional: true,
  });
  const prompt = 'What would you do in your first week with us?';
  const set = await request.put(`/api/job/${job._id}/interview`, {
    headers: boss.headers,
    data: {
      inApply: true,
      asStage: false,
      practiceQuestion: true,
      questions: [{ prompt, answerType: 'video', prepSeconds: 40, limitSeconds: 30, retakes: 1 }],
    },
  });
  expect(set.status(), await set.text()).toBe(200);
  const applied = await request.post(`/api/public/job/${job.shortId}/apply`, {
    data: { firstName: 'Robin', lastName: 'Reload', email: candidateEmail('robin'), consent: true, cv: null },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const { applicationId, interviewToken } = (await applied.json()).data as {
    applicationId: string;
    interviewToken: string;
  };
  const link = `/interview/${interviewToken}`;
  const takesUsed = async () => {
    const res = await request.get(`/api/public/interview/${interviewToken}`);
    return ((await res.json()).data as { questions: { takesUsed: number }[] }).questions[0]!.takesUsed;
  };

  const context = await browser.newContext({ viewport: PHONE });
  const candidate = await context.newPage();
  await candidate.goto(link);
  await hydrated(candidate);
  await candidate.getByRole('button', { name: 'Start the interview' }).click();
  await candidate.getByRole('button', { name: 'Skip the practice' }).click();
  await candidate.getByRole('button', { name: 'Show question 1' }).click();
  await expect(candidate.getByRole('heading', { name: prompt })).toBeVisible();
  await expect(candidate.getByRole('timer')).toContainText('recording starts by itself when it ends');

  // A reload mid-preparation: straight back to question 1, its countdown where it was.
  await candidate.reload();
  await hydrated(candidate);
  await expect(candidate.getByText('Welcome back: question 1’s preparation is running.')).toBeVisible();
  await expect(candidate.getByRole('heading', { name: prompt })).toBeVisible();
  await expect(candidate.getByRole('timer')).toHaveText(
    /^Time to prepare: 0:[0-3]\d — then you start recording when you are ready\.$/,
  );
  await expect(candidate.getByRole('button', { name: 'Start the interview' })).toHaveCount(0);
  await expect(candidate.getByText('Practice — not sent')).toHaveCount(0);
  await shots(candidate, 'welcome-back-preparing', { viewport: true });

  // The preparation runs out on screen: nothing records until the candidate says so.
  await expect(candidate.getByRole('heading', { name: 'Your preparation time has ended' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(
    candidate.getByText('Nothing is being recorded: you start the recording when you are ready.'),
  ).toBeVisible();
  await candidate.waitForTimeout(5_000); // longer than an automatic 3-2-1 start would take
  await expect(candidate.getByText(/Recording starts in/)).toHaveCount(0);
  expect(await takesUsed()).toBe(0);

  // Back after it ended: what happened and what is left; still nothing records on its own.
  await candidate.reload();
  await hydrated(candidate);
  await expect(
    candidate.getByText(
      'Question 1’s preparation time ended while you were away. Nothing was recorded and no take was used.',
    ),
  ).toBeVisible();
  await expect(
    candidate.getByText(
      'You have 2 takes left. Record now when you are ready: press Start recording and a 3-second countdown starts it.',
    ),
  ).toBeVisible();
  await expect(candidate.getByRole('button', { name: 'Start recording' })).toBeVisible();
  await shots(candidate, 'preparation-ended', { viewport: true });
  await candidate.waitForTimeout(5_000);
  expect(await takesUsed()).toBe(0);
  // The candidate's own action starts it, after a countdown they see.
  await candidate.getByRole('button', { name: 'Start recording' }).click();
  await expect(candidate.getByText(/^Recording starts in \d…$/)).toBeVisible();
  await expect.poll(takesUsed).toBe(1);
  await context.close();

  // The team sets a deadline a few seconds away; once it passes, the link's first screen says so (410).
  const deadline = new Date(Date.now() + 4_000);
  const patched = await request.patch(`/api/job/${job._id}/application/${applicationId}/interview`, {
    headers: boss.headers,
    data: { deadline: deadline.toISOString() },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  const wait = deadline.getTime() + 1_000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const later = await browser.newContext({ viewport: PHONE });
  const returning = await later.newPage();
  const response = await returning.goto(link);
  expect(response?.status()).toBe(410);
  await hydrated(returning);
  await expect(returning.getByRole('heading', { name: 'This interview has closed' })).toBeVisible();
  await expect(returning.getByRole('status').filter({ hasText: 'its deadline' })).toHaveText(
    /^This interview closed on \d{1,2} \w+ \d{4}, \d\d:\d\d UTC, its deadline\. To ask about it, write to .+ at .+ \(.+@.+\)\.$/,
  );
  await expect(returning.getByRole('link', { name: /^Email / })).toBeVisible();
  await expect(returning.getByRole('button', { name: /Start|Continue/ })).toHaveCount(0);
  await expect(returning.getByText(/practice/i)).toHaveCount(0);
  await expect(returning.getByRole('heading', { name: 'Need more time?' })).toBeVisible();
  await shots(returning, 'expired-link', { viewport: true });
  await later.close();
});
