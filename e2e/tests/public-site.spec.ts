import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { applyMessages } from '@hirecast/domain/apply-messages';
import { applicantMessages } from '@hirecast/domain/applicants';
import { expect, followEmailLink, signInViaForm, test } from './fixtures.ts';
import { probe, tempDir } from './media-support.ts';
import {
  employer,
  expectAccessible,
  PHONE,
  pdfFile,
  publishJob,
  shots,
  startApplying,
  type TEmployer,
  type TPublishedJob,
} from './public-site-support.ts';

// Issue 5 acceptance: the public candidate site in Chromium at 390 px with the fake camera. A shared link →
// job page → apply with a recorded video and a PDF CV → confirmation → the employer sees the application with a
// playable video; the confirmation email's link withdraws it; a job with a required video refuses to go on
// without one. axe-core checks each page on the way.

test.use({ viewport: PHONE });

const SALARY = { from: '25000', to: '30000', currency: 'GBP', unit: 'annually' } as const;
const SALARY_TEXT = '£25,000 – £30,000 per year';
const CUSTOM_QUESTION = 'When could you start?';
const VIDEO_QUESTION = 'What makes a great cup of coffee?';

type TApplicant = {
  status: string;
  _profile: {
    personalInfo: { firstName: string; lastName: string; cvFileName: string | null; pdfCvUrl: string | null };
    _user: { email: string };
    _introduction: { status: string; question: string | null; data: { videoMp4Url: string | null } } | null;
    experience: { title: string; employer: string; startDate: string; endDate: string }[];
    customQuestion: string | null;
  };
};

const candidateEmail = () => `candidate-${Math.random().toString(36).slice(2, 10)}@example-e2e.com`;
const applyPath = (shortId: string) => `/api/public/job/${shortId}/apply`;
const isApplyPost = (shortId: string) => (r: Request) =>
  r.method() === 'POST' && new URL(r.url()).pathname === applyPath(shortId);

async function applicant(request: APIRequestContext, boss: TEmployer, id: string) {
  const res = await request.get(`/api/job/candidate/${id}`, { headers: boss.headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as TApplicant;
}

/** The share link as a candidate receives it: /s/{shortId} with the sharer's UTM values. */
const sharedLink = (job: TPublishedJob) => `/s/${job.shortId}${new URL(job.shareUrl).search}`;

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { name, level: 2 });
const next = (page: Page) => page.getByRole('button', { name: 'Continue' }).click();

async function fillDetails(page: Page, email: string) {
  await page.getByLabel('First name').fill('Casey');
  await page.getByLabel('Last name').fill('Candidate');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Current position (optional)').fill('Barista');
  await page.getByLabel('Where you live (optional)').fill('Leeds');
}

test.describe('public candidate site', () => {
  test('a shared link → job page → apply with a recorded video and a PDF CV → the employer sees it play', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const boss = await employer(request);
    const job = await publishJob(request, boss, {
      title: 'Barista',
      salary: SALARY,
      employmentType: 'full-time',
      locationType: 'office',
      isVideoOptional: false,
      videoQuestion: VIDEO_QUESTION,
      customQuestion: CUSTOM_QUESTION,
    });
    const share = new URL(job.shareUrl);
    expect(share.searchParams.get('utm_campaign')).toBe('share-reward');
    expect(share.searchParams.get('utm_medium')).toBe('employer-app');
    expect(share.searchParams.get('utm_source')).toBeTruthy();

    // The shared short link redirects to the job's address, keeping the query.
    await page.goto(sharedLink(job));
    await expect(page).toHaveURL(`${share.pathname}${share.search}`);
    expect(share.pathname).toMatch(new RegExp(`^/job/leeds/[\\w-]+/barista-${job.shortId}$`));

    // The job page: title, company, salary, canonical URL.
    await expect(page.getByRole('heading', { name: 'Barista', level: 1 })).toBeVisible();
    const facts = page.locator('dl.facts');
    await expect(facts.locator('.fact-company dd')).toHaveText(job.companyName);
    await expect(facts.locator('.fact-salary dd')).toHaveText(SALARY_TEXT);
    await expect(facts.locator('.fact-location dd')).toHaveText('Leeds, United Kingdom');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${baseURL}${share.pathname}`,
    );
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    expect(jsonLd).toMatchObject({ '@type': 'JobPosting', title: 'Barista', directApply: true });
    await expectAccessible(page, 'the job page');
    await shots(page, 'job-page');

    // Apply: step 1, details and a PDF CV.
    const email = candidateEmail();
    await startApplying(page, job);
    await expect(stepHeading(page, 'Your details')).toBeVisible();
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    await fillDetails(page, email);
    await page.getByLabel('LinkedIn or portfolio link (optional)').fill('https://www.linkedin.com/in/casey');
    await page.getByLabel('CV (optional)').setInputFiles(pdfFile('casey-cv.pdf'));
    await expect(page.locator('.upload-status')).toContainText('casey-cv.pdf');
    await expect(page.locator('.upload-status')).toContainText('Uploaded');
    await expectAccessible(page, 'apply step 1 (details)');
    await shots(page, 'apply-1-details');
    await next(page);

    // Step 2: an experience entry that is still going on.
    await expect(stepHeading(page, 'Experience & education')).toBeVisible();
    await page.getByRole('button', { name: 'Add experience' }).click();
    const entry = page.getByRole('group', { name: 'Experience 1' });
    await expect(entry.getByLabel('Job title')).toBeFocused();
    await entry.getByLabel('Job title').fill('Barista');
    await entry.getByLabel('Employer', { exact: true }).fill('Corner Café');
    await entry.getByLabel('Start', { exact: true }).fill('2021-09');
    await entry.getByLabel('I work here now').check();
    await expect(entry.getByLabel('End', { exact: true })).toBeDisabled();
    await expectAccessible(page, 'apply step 2 (experience)');
    await shots(page, 'apply-2-experience');
    await next(page);

    // Step 3: record with the fake camera (countdown, ~3 s, stop; the recording is kept), answer the question.
    await expect(stepHeading(page, 'Video introduction')).toBeVisible();
    await expect(page.getByText(VIDEO_QUESTION)).toBeVisible();
    await page.getByRole('button', { name: 'Turn on camera' }).click();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect(page.locator('.countdown')).toHaveText(/^[123]$/);
    await expect(page.locator('.rec-badge')).toHaveText(/Recording/);
    // Stop after about 3 s (the check polls, so it may see 0:04 first, or later on a busy machine).
    await expect(page.getByRole('timer')).toHaveText(/^0:0[3-9] \/ 2:00$/);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    const recording = page.getByLabel('Your recording');
    await expect(recording).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retake' })).toBeVisible();
    // The preview is a real recording of a few seconds.
    await expect
      .poll(() => recording.evaluate((v: HTMLVideoElement) => v.readyState >= 1 && v.videoWidth > 0))
      .toBe(true);
    await expect(page.locator('.upload-status')).toContainText('Uploaded', { timeout: 20_000 });
    await page.getByLabel(CUSTOM_QUESTION).fill('Next Monday.');
    await expectAccessible(page, 'apply step 3 (video)');
    await shots(page, 'apply-3-video');
    await next(page);

    // Step 4: review, consent, submit.
    await expect(stepHeading(page, 'Review')).toBeVisible();
    const review = page.locator('dl.review');
    await expect(review).toContainText('Casey Candidate');
    await expect(review).toContainText('casey-cv.pdf');
    await expect(review).toContainText('Barista at Corner Café');
    await expect(review).toContainText(/Recorded video \(0:0[3-9]\)/);
    await expect(review).toContainText('Next Monday.');
    // Submitting without consent is refused in the page.
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect(page.getByText(applyMessages.consentRequired)).toBeVisible();
    await page.getByLabel(`I agree that ${job.companyName} processes my application data`).check();
    await expectAccessible(page, 'apply step 4 (review)');
    await shots(page, 'apply-4-review');
    const applied = page.waitForResponse((r) => isApplyPost(job.shortId)(r.request()));
    await page.getByRole('button', { name: 'Submit application' }).click();
    const answer = await applied;
    expect(answer.status(), await answer.text()).toBe(201);
    const applicationId = (await answer.json()).data.applicationId as string;

    // The confirmation.
    await expect(page.getByRole('heading', { name: applyMessages.submitted, level: 1 })).toBeFocused();
    await expect(page.getByText(`We sent a confirmation to ${email}.`)).toBeVisible();
    await expect(page).toHaveURL(/#applied$/);
    await expectAccessible(page, 'the confirmation');
    await shots(page, 'apply-5-confirmation');
    // The confirmation survives a reload.
    await page.reload();
    await expect(page.getByRole('heading', { name: applyMessages.submitted, level: 1 })).toBeVisible();

    // The employer sees the application, and its video introduction reaches a playable rendition.
    let seen = await applicant(request, boss, applicationId);
    expect(seen.status).toBe('new');
    expect(seen._profile.personalInfo).toMatchObject({
      firstName: 'Casey',
      lastName: 'Candidate',
      cvFileName: 'casey-cv.pdf',
    });
    expect(seen._profile.personalInfo.pdfCvUrl).toBeTruthy();
    expect(seen._profile._user.email).toBe(email);
    expect(seen._profile.customQuestion).toBe('Next Monday.');
    // 'I work here now' is sent as the spec's end date 'present'.
    expect(seen._profile.experience).toEqual([
      expect.objectContaining({
        title: 'Barista',
        employer: 'Corner Café',
        startDate: '2021-09',
        endDate: 'present',
      }),
    ]);
    expect(seen._profile._introduction?.question).toBe(VIDEO_QUESTION);
    const cv = await request.get(seen._profile.personalInfo.pdfCvUrl!);
    expect((await cv.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await expect
      .poll(
        async () => {
          seen = await applicant(request, boss, applicationId);
          const intro = seen._profile._introduction;
          if (intro?.status === 'error') return 'error';
          return intro?.data.videoMp4Url ? 'playable' : `${intro?.status ?? 'no video'} (no mp4 yet)`;
        },
        { timeout: 90_000, intervals: [1_000, 2_000] },
      )
      .toBe('playable');
    const mp4Url = seen._profile._introduction!.data.videoMp4Url!;

    // The rendition is a real video of the recording's length…
    const mp4 = await request.get(mp4Url);
    expect(mp4.status()).toBe(200);
    const file = join(await tempDir(), 'introduction.mp4');
    await writeFile(file, await mp4.body());
    const probed = await probe(file);
    expect(probed.streams.map((s) => s.codec_type)).toContain('video');
    expect(Number((probed.format as { duration?: string }).duration)).toBeGreaterThan(2);

    // …and it plays in the browser.
    await page.goto(share.pathname);
    await page.evaluate((src) => {
      const video = document.createElement('video');
      video.id = 'e2e-introduction';
      video.muted = true;
      video.src = src;
      document.body.append(video);
      void video.play();
    }, mp4Url);
    await expect
      .poll(
        () =>
          page
            .locator('#e2e-introduction')
            .evaluate((v: HTMLVideoElement) => v.currentTime > 0 && v.readyState >= 2 && !v.error),
        { timeout: 15_000 },
      )
      .toBe(true);

    // The job's stats moved.
    await expect
      .poll(async () => {
        const res = await request.get(`/api/job/${job._id}?includeStats=true`, { headers: boss.headers });
        const stats = (await res.json()).data.stats as Record<string, number>;
        return {
          visited: stats.totalVisits! >= 1,
          started: stats.startedApplications! >= 1,
          submitted: stats.submittedApplications,
        };
      })
      .toEqual({ visited: true, started: true, submitted: 1 });
  });

  test("the confirmation email's private link withdraws the application", async ({ page, request }) => {
    const boss = await employer(request);
    const job = await publishJob(request, boss, { title: 'Kitchen Porter', isVideoOptional: true });
    const email = candidateEmail();
    const applied = await request.post(applyPath(job.shortId), {
      data: {
        firstName: 'Robin',
        lastName: 'Applicant',
        email,
        consent: true,
      },
    });
    expect(applied.status(), await applied.text()).toBe(201);
    const applicationId = (await applied.json()).data.applicationId as string;

    // The dev mailbox (an employer-app tool) shows its list beside the email only on wide screens.
    await page.setViewportSize({ width: 1280, height: 800 });
    await followEmailLink(page, email, new RegExp(`Your application for ${job.title}`));
    await page.setViewportSize(PHONE);
    await expect(page).toHaveURL(/\/application\/[\w-]+$/);
    await expect(page.getByRole('heading', { name: job.title, level: 1 })).toBeVisible();
    const status = page.locator('.review-row').filter({ hasText: 'Status' }).locator('dd');
    await expect(status).toHaveText('Received');
    await expectAccessible(page, 'the candidate page');
    await shots(page, 'application-before-withdraw');

    // Withdraw, after a confirmation (the scripts' enhancement of the plain form: wait for them).
    const confirm = page.getByRole('group', { name: 'Withdraw your application?' });
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    await page.getByRole('button', { name: 'Withdraw application' }).click();
    await expect(confirm).toBeVisible();
    await expectAccessible(page, 'the withdraw confirmation');
    await confirm.getByRole('button', { name: 'Yes, withdraw' }).click();
    await expect(page.getByRole('status').filter({ hasText: applyMessages.withdrawn })).toBeVisible();
    await expect(status).toHaveText('Withdrawn');
    await expect(page.getByRole('button', { name: 'Withdraw application' })).toBeHidden();
    await expectAccessible(page, 'the candidate page after withdrawing');
    await shots(page, 'application-after-withdraw');

    // A reload still says withdrawn, and so does the employer's API.
    await page.reload();
    await expect(status).toHaveText('Withdrawn');
    expect((await applicant(request, boss, applicationId)).status).toBe('withdrawn');

    // The withdrawal is final for the employer: no status menu or actions, and the API refuses a change.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/sign-in');
    await signInViaForm(page, boss.user.email, boss.user.password);
    await expect(page).not.toHaveURL(/\/sign-in/);
    await page.goto(`/jobs/${job._id}/view`);
    const row = page.getByRole('row').filter({ hasText: 'Robin Applicant' });
    await expect(row).toContainText('Withdrawn');
    await expect(row.getByText(applicantMessages.withdrawnByCandidate, { exact: false })).toBeAttached();
    await expect(row.getByRole('button', { name: /^Status of Robin Applicant/ })).toHaveCount(0);
    await shots(page, 'applicants-withdrawn');
    await page.setViewportSize({ width: 1280, height: 800 });
    await row.getByRole('link', { name: 'Robin Applicant' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Robin Applicant' })).toBeVisible();
    await expect(page.getByText(applicantMessages.withdrawnByCandidate)).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Reject|Interview|Hire)$/ })).toHaveCount(0);
    await shots(page, 'applicant-withdrawn');
    const undo = await request.patch(`/api/job/${job._id}/application/${applicationId}/status`, {
      headers: boss.headers,
      data: { data: { status: 'new' } },
    });
    expect(undo.status()).toBe(403);
    expect((await undo.json()).error.message).toBe(applicantMessages.withdrawnIsFinal);
  });

  test('a job whose video is required refuses to go on without one', async ({ page, request }) => {
    const boss = await employer(request);
    const job = await publishJob(request, boss, { title: 'Shift Supervisor', isVideoOptional: false });
    const applyRequests: Request[] = [];
    page.on('request', (r) => {
      if (isApplyPost(job.shortId)(r)) applyRequests.push(r);
    });

    await page.goto(sharedLink(job));
    await expect(page.getByRole('heading', { name: job.title, level: 1 })).toBeVisible();
    await startApplying(page, job);
    await fillDetails(page, candidateEmail());
    await next(page);
    await expect(stepHeading(page, 'Experience & education')).toBeVisible();
    await next(page);
    await expect(stepHeading(page, 'Video introduction')).toBeVisible();
    await expect(page.getByText('A short video is part of this application.')).toBeVisible();

    // Going on without a video: the message, and the flow stays on the video step.
    await next(page);
    await expect(page.getByRole('alert').filter({ hasText: applyMessages.videoRequired })).toBeVisible();
    await expect(stepHeading(page, 'Video introduction')).toBeVisible();
    await expect(page.getByText('Step 3 of 4')).toBeVisible();
    await expectAccessible(page, 'the video step with its error');
    await shots(page, 'apply-3-video-required');
    expect(applyRequests).toHaveLength(0);

    // The API refuses a submission without a video all the same, and nothing is saved.
    const refused = await request.post(applyPath(job.shortId), {
      data: { firstName: 'Sam', lastName: 'Novideo', email: candidateEmail(), consent: true },
    });
    expect(refused.status()).toBe(400);
    const body = (await refused.json()) as { error: { message: string; fields?: Record<string, string> } };
    expect(body.error.message).toBe(applyMessages.videoRequired);
    expect(body.error.fields?.video).toBe(applyMessages.videoRequired);
    const res = await request.get(`/api/job/${job._id}?includeStats=true`, { headers: boss.headers });
    const saved = (await res.json()).data as {
      applicantsCount: number;
      stats: { submittedApplications: number };
    };
    expect(saved.applicantsCount).toBe(0);
    expect(saved.stats.submittedApplications).toBe(0);
    expect(applyRequests).toHaveLength(0);
  });
});

// Issue 23 item 8: Apply and Withdraw work before the site's scripts load (plain links and forms that the
// scripts enhance).
test.describe('before the scripts load', () => {
  test('Apply tapped before the scripts ran opens the form once they run', async ({ page, request }) => {
    const boss = await employer(request);
    const job = await publishJob(request, boss, { title: 'Early Baker', isVideoOptional: true });
    // The site's scripts are held back until Apply has been tapped.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/site/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    // Not until DOMContentLoaded: that waits for the (held) module scripts.
    await page.goto(new URL(job.shareUrl).pathname, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: job.title, level: 1 })).toBeVisible();
    const apply = page.getByRole('button', { name: 'Apply', exact: true });
    await expect(apply).toHaveAttribute('href', '#apply');
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    await apply.click();
    await expect(page).toHaveURL(/#apply$/);
    release();
    await expect(page.getByRole('heading', { name: `Apply for ${job.title}`, level: 1 })).toBeVisible();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('Apply is a link to the form and Withdraw a form that works', async ({ page, request }) => {
      const boss = await employer(request);
      const job = await publishJob(request, boss, { title: 'Plain Porter', isVideoOptional: true });
      await page.goto(new URL(job.shareUrl).pathname);
      await expect(page.getByRole('heading', { name: job.title, level: 1 })).toBeVisible();
      const apply = page.getByRole('button', { name: 'Apply', exact: true });
      await apply.click();
      await expect(page).toHaveURL(/#apply$/);

      const email = candidateEmail();
      const applied = await request.post(applyPath(job.shortId), {
        data: { firstName: 'Robin', lastName: 'Plain', email, consent: true },
      });
      expect(applied.status(), await applied.text()).toBe(201);
      const applicationId = (await applied.json()).data.applicationId as string;
      let link: string | undefined;
      await expect
        .poll(async () => {
          const mails = ((
            await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()
          ).data ?? []) as { text: string }[];
          link = mails.map((m) => /\/application\/[\w-]+/.exec(m.text)?.[0]).find(Boolean);
          return link;
        })
        .toBeTruthy();

      await page.goto(link!);
      const status = page.locator('.review-row').filter({ hasText: 'Status' }).locator('dd');
      await expect(status).toHaveText('Received');
      await page.getByRole('button', { name: 'Withdraw application' }).click();
      await expect(page).toHaveURL(new RegExp(`${link!}$`));
      await expect(status).toHaveText('Withdrawn');
      await expect(page.getByRole('button', { name: 'Withdraw application' })).toHaveCount(0);
      expect((await applicant(request, boss, applicationId)).status).toBe('withdrawn');
      await shots(page, 'application-withdrawn-no-js');
    });
  });
});
