import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect as baseExpect, signInViaForm, test } from './fixtures.ts';
import { employer, PHONE, publishJob, type TEmployer } from './public-site-support.ts';

// Issue 25 "Must show": an admin builds a 3-question interview; a candidate applies, retakes the first answer
// and submits the second take, goes offline for five seconds mid-answer and finishes with nothing lost, closes
// the tab after question 2 and resumes from the link; the team rates; an outside reviewer rates through an
// anonymised share link that then stops working. Chromium's fake camera records the answers.

// Screens wait on a busy 2-core machine (the server makes videos with ffmpeg meanwhile): 60 s per expectation.
const expect = baseExpect.configure({ timeout: 60_000 });

const SHOTS_DIR = process.env.E2E_SHOTS_DIR;
/** The page as it is now, at 390 px and at 1280 px (then back to where it was). */
async function shots(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  await mkdir(SHOTS_DIR, { recursive: true });
  const before = page.viewportSize();
  for (const size of [PHONE, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    await page.screenshot({ path: join(SHOTS_DIR, `interview-${name}-${size.width}.png`), fullPage: true });
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
      video?: { duration: number | null };
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

async function clickUntilShown(control: Locator, shown: Locator) {
  await expect(async () => {
    if (await control.isVisible()) await control.click({ timeout: 2_000 });
    await expect(shown).toBeVisible({ timeout: 2_000 });
  }).toPass();
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

  // The admin builds the interview on the job's Interview tab.
  await page.goto('/sign-in');
  await signInViaForm(page, boss.user.email, boss.user.password);
  // Signed in when the jobs dashboard shows (its address may carry a query).
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 60_000 });
  await page.goto(`/jobs/${job._id}/edit?tab=interview`);
  await expect(page.getByRole('heading', { name: 'Interview', level: 2 })).toBeVisible();
  await page.getByLabel('Question 1', { exact: true }).fill(PROMPTS[0]);
  await page.getByRole('combobox', { name: 'Answer time limit' }).click();
  await page.getByRole('option', { name: '30 s', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Retakes' })).toHaveText('1');
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
    questions: { prompt: string; answerType: string; retakes: number }[];
  };
  expect(interview.questions.map((q) => [q.prompt, q.answerType, q.retakes])).toEqual([
    [PROMPTS[0], 'video', 1],
    [PROMPTS[1], 'text', 0],
    [PROMPTS[2], 'choice', 0],
  ]);

  // A candidate applies: details, then (no video introduction) the interview.
  const candidateContext = await browser.newContext({ viewport: PHONE, hasTouch: true });
  const candidate = await candidateContext.newPage();
  await candidate.goto(new URL(job.shareUrl).pathname);
  await clickUntilShown(
    candidate.getByRole('button', { name: 'Apply', exact: true }),
    candidate.getByRole('heading', { name: `Apply for ${job.title}`, level: 1 }),
  );
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
  const list = await request.get(`/api/job/${job._id}/applications`, { headers: boss.headers });
  const applicationId = ((await list.json()).data as { applicants: { _id: string }[] }).applicants[0]!._id;
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
  await candidate.getByRole('button', { name: 'Start the interview' }).click();

  // Question 1: a first take, then a retake through a lost connection; the second take is sent.
  await candidate.getByRole('button', { name: 'Show question 1' }).click();
  await expect(candidate.getByRole('heading', { name: PROMPTS[0] })).toBeVisible();
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
  // The chosen take plays once the server has made it playable (a remux of the browser's H.264).
  await expect(async () => {
    await page.reload();
    await expect(section.getByLabel('Answer to question 1')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 120_000 });
  await shots(page, 'review-applicant');
  await page.getByRole('link', { name: 'Compare candidates' }).first().click();
  await expect(page.getByRole('heading', { name: 'Compare answers' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Casey Candidate' })).toBeVisible();
  await shots(page, 'review-compare');
  await page.goBack();

  // An anonymised share link: an outside reviewer rates without an account.
  await page.getByRole('button', { name: 'Share for review' }).click();
  const share = page.getByRole('dialog', { name: 'Share the interview for review' });
  await share.getByLabel('Link works for (days)').fill('1');
  await share.getByRole('button', { name: 'Create link' }).click();
  const url = await share.getByRole('textbox', { name: /^Expires/ }).inputValue();
  expect(url).toMatch(/\/review\/[\w-]+$/);
  await shots(page, 'review-share');
  const outside = await browser.newContext();
  const reviewer = await outside.newPage();
  await reviewer.goto(url);
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

  // The link stops working: revoked by the team, the reviewer's page says it has expired.
  await share.getByRole('button', { name: 'Revoke' }).click();
  await expect(share.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
  await reviewer.reload();
  await expect(reviewer.getByText('This review link has expired')).toBeVisible();
  await expect(reviewer.getByRole('heading', { name: 'This link has closed' })).toBeVisible();
  await shots(reviewer, 'review-expired');
  await outside.close();
});
