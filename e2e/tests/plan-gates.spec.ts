import type { APIRequestContext, Page } from '@playwright/test';
import { applyMessages } from '@hirecast/domain/apply-messages';
import { expect, test } from './fixtures.ts';
import {
  employer,
  expectAccessible,
  PHONE,
  pdfFile,
  publishJob,
  shots,
  startApplying,
  type TEmployer,
} from './public-site-support.ts';

// Issue 23 item 2 in Chromium: what a plan sells is what the public site does. A job set up on the free plan
// with a required video and a custom question; once its company is on 'Video First Job Posts' (candidates
// apply with a CV) the apply flow has no video step and takes a CV alone. On 'Video First Applications' (a
// pre-launch plan) the job's video is blurred and says why. With E2E_SHOTS_DIR set, the pages are saved at
// 390 and 1280 px.

test.use({ viewport: PHONE });

const PRICE = {
  jobPosts: 'price_local_video_first_job_posts',
  applications: 'price_local_video_first_applications',
} as const;

/** Buys a plan through the embedded provider's test checkout (POST /api/billing, then the card form). */
async function buyPlan(request: APIRequestContext, boss: TEmployer, priceId: string) {
  const started = await request.post('/api/billing', { headers: boss.headers, data: { priceId, amount: 1 } });
  expect(started.ok(), await started.text()).toBe(true);
  const { redirectUrl } = (await started.json()).data as { redirectUrl: string };
  const paid = await request.post(redirectUrl, {
    form: { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Erin Tester' },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(303);
  expect(paid.headers().location).toMatch(/success=1/);
  const state = await request.get('/api/billing/subscription', { headers: boss.headers });
  expect((await state.json()).data.subscription.productId).toBe(
    priceId === PRICE.jobPosts ? 'video-first-job-posts' : 'video-first-applications',
  );
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { name, level: 2 });

test('on a CV-only plan the apply flow has no video step and takes a CV', async ({ page, request }) => {
  test.setTimeout(240_000);
  const boss = await employer(request);
  const job = await publishJob(request, boss, {
    title: 'Barista',
    isVideoOptional: false,
    videoQuestion: 'What makes a great cup of coffee?',
    customQuestion: 'When could you start?',
  });
  await buyPlan(request, boss, PRICE.jobPosts);

  await page.goto(new URL(job.shareUrl).pathname);
  await startApplying(page, job);
  const steps = page.getByRole('navigation', { name: 'Application steps' });
  await expect(steps.getByRole('listitem')).toHaveText([
    '1Your details',
    '2Experience & education',
    '3Review',
  ]);
  await expect(steps).toContainText('Step 1 of 3');
  await expect(page.getByText('Video introduction')).toHaveCount(0);

  await page.getByLabel('First name').fill('Casey');
  await page.getByLabel('Last name').fill('Candidate');
  const email = `cv-only-${Math.random().toString(36).slice(2, 10)}@example-e2e.com`;
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel(/^CV/).setInputFiles(pdfFile());
  await expect(page.getByText('cv.pdf')).toBeVisible();
  await shots(page, 'plan-cv-only-details');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Experience & education')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Straight to the review: no video, no custom question (its plan does not sell them).
  await expect(stepHeading(page, 'Review')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit application' })).toBeVisible();
  const review = page.locator('dl.review');
  await expect(review).toContainText('cv.pdf');
  await expect(review).not.toContainText('Video introduction');
  await expect(page.getByLabel('When could you start?')).toHaveCount(0);
  await expect(page.getByText(/receives the details and CV you send here/)).toBeVisible();
  await page.getByRole('checkbox', { name: /I agree that/ }).check();
  await expectAccessible(page, 'the review step of a CV-only apply flow');
  await shots(page, 'plan-cv-only-review');

  const sent = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(`/api/public/job/${job.shortId}/apply`),
  );
  await page.getByRole('button', { name: 'Submit application' }).click();
  const response = await sent;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({ video: null, cv: { fileName: 'cv.pdf' } });
  await expect(page.getByRole('heading', { level: 1, name: applyMessages.submitted })).toBeVisible();
  await expect(page.getByText(/reviews your application\.$/)).toBeVisible();
  await shots(page, 'plan-cv-only-sent');
});

test('on a pre-launch plan the job video is blurred and says why', async ({ page, request }) => {
  test.setTimeout(240_000);
  const boss = await employer(request);
  // The video was added on the free plan; 'Video First Applications' adds none but keeps this one, blurred.
  const job = await publishJob(request, boss, {
    title: 'Roaster',
    _video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  });
  await buyPlan(request, boss, PRICE.applications);

  await page.goto(new URL(job.shareUrl).pathname);
  const figure = page.locator('figure.prelaunch-video');
  await expect(figure).toBeVisible();
  await expect(figure.locator('figcaption')).toHaveText('Video coming soon');
  const frame = figure.locator('.media-frame');
  expect(await frame.evaluate((el) => getComputedStyle(el).filter)).toMatch(/blur\(16px\)/);
  // Out of reach: inert, and hidden from assistive technology (the caption speaks for it).
  await expect(figure.locator('[inert][aria-hidden="true"] iframe')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Roaster' })).toBeVisible();
  await expectAccessible(page, 'a job page with a blurred pre-launch video');
  await shots(page, 'plan-prelaunch-job');
});
