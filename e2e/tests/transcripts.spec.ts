import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { applyOverApi, candidateEmail, DESKTOP, mailTo, shots, signIn } from './applicants-support.ts';
import { expect, test } from './fixtures.ts';
import { ffmpeg, tempDir } from './media-support.ts';
import { employer, PHONE, publishJob, type TEmployer } from './public-site-support.ts';
import { ENGINE_SENTENCES } from '../transcribe-engine.ts';

// Issue 34 item 4: a candidate's interview answer is transcribed by the run's local speech engine
// (transcribe-engine.ts: one known sentence every 2 s); the applicant page shows the transcript beside the
// player, a click on a line moves the player to its start, and "Search what candidates said" on the applicants
// page finds the candidate and opens the answer at the moment.

const b64 = (text: string) => Buffer.from(text).toString('base64');

async function api(
  request: APIRequestContext,
  boss: TEmployer,
  method: 'get' | 'post' | 'put',
  url: string,
  data?: unknown,
) {
  const res = await request[method](url, { headers: boss.headers, ...(data !== undefined && { data }) });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data;
}

/** The candidate records a 7 s take with sound through the private link's API (tus upload) and submits it. */
async function answerWithVideo(request: APIRequestContext, token: string) {
  const file = join(await tempDir(), 'answer.mp4');
  await ffmpeg(
    ...['-f', 'lavfi', '-i', 'testsrc=duration=7:size=640x360:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=7', '-shortest', '-pix_fmt', 'yuv420p'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', file],
  );
  const bytes = await readFile(file);
  const own = `/api/public/interview/${token}`;
  const [question] = (await (await request.get(own)).json()).data.questions as { _id: string }[];
  expect((await request.post(`${own}/questions/${question!._id}/start`)).ok()).toBe(true);
  const opened = await request.post(`${own}/questions/${question!._id}/takes`);
  expect(opened.status(), await opened.text()).toBe(201);
  const takeId = (await opened.json()).data.take._id as string;
  const created = await request.post('/api/public/interview/uploads', {
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': `take ${b64(takeId)},filename ${b64('answer.mp4')},filetype ${b64('video/mp4')}`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const location = created.headers().location!;
  const patched = await request.patch(location, {
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    data: bytes,
  });
  expect(patched.status(), await patched.text()).toBe(204);
  const finished = await request.post(`${own}/takes/${takeId}/finish`, {
    data: { uploadId: location.split('/').pop() },
  });
  expect(finished.ok(), await finished.text()).toBe(true);
  const answered = await request.post(`${own}/questions/${question!._id}/answer`, { data: { takeId } });
  expect(answered.ok(), await answered.text()).toBe(true);
}

const playerTime = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((v) => (v as HTMLVideoElement).currentTime);

async function axeClean(page: Page, where: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} ${n.target.join(' ')}`)),
  ).toEqual([]);
}

test("a candidate's answer reads beside its video, plays from a line, and is found by what was said", async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  const boss = await employer(request);
  const job = await publishJob(request, boss, {
    title: 'Barista',
    employmentType: 'full-time',
    locationType: 'office',
    isVideoOptional: true,
  });
  await api(request, boss, 'put', `/api/job/${job._id}/interview`, {
    inApply: false,
    asStage: true,
    questions: [{ prompt: 'Why do you want to work with us?', answerType: 'video', limitSeconds: 60 }],
  });
  const email = candidateEmail('maria.kowalska');
  const applicationId = await applyOverApi(request, job, { firstName: 'Maria', lastName: 'Kowalska', email });
  const base = `/api/job/${job._id}/application/${applicationId}/interview`;
  await api(request, boss, 'post', `${base}/invite`, { days: 7 });
  let token = '';
  await expect
    .poll(async () => {
      token =
        (await mailTo(request, email))
          .map((m) => /\/interview\/([\w-]{43})/.exec(m.text)?.[1])
          .find(Boolean) ?? '';
      return token;
    })
    .not.toBe('');
  await answerWithVideo(request, token);

  // The video is processed, then transcribed by the local engine (a queued job each).
  let assetId = '';
  await expect
    .poll(
      async () => {
        const session = await api(request, boss, 'get', base);
        assetId = session?.questions?.[0]?.answer?.video?.assetId ?? '';
        if (!assetId) return 'no answer';
        const res = await request.get(`/api/asset/${assetId}/transcript`, { headers: boss.headers });
        return res.ok() ? (await res.json()).data.status : `http ${res.status()}`;
      },
      { timeout: 240_000, intervals: [2000] },
    )
    .toBe('done');

  await page.setViewportSize(DESKTOP);
  await signIn(page, boss);
  await page.goto(`/applications/${job._id}/${applicationId}/view`);
  const label = 'Answer to question 1';
  const lines = page.getByRole('list', { name: `Transcript: ${label}` });
  await expect(lines.getByRole('button')).toHaveCount(4);
  await expect(lines.getByRole('button').first()).toContainText(ENGINE_SENTENCES[0]);
  // Captions on the player: the members' WebVTT of the same transcript.
  await expect(page.getByLabel(label, { exact: true }).locator('track[kind="captions"]')).toHaveAttribute(
    'src',
    `/api/asset/${assetId}/captions.vtt`,
  );
  // Issue 34 item 2: the app's CC button on the answer's player: on, off (the track hidden), on again.
  const cc = page.getByRole('button', { name: 'Captions', exact: true });
  await expect(cc).toHaveAttribute('aria-pressed', 'true');
  await cc.click();
  await expect(cc).toHaveAttribute('aria-pressed', 'false');
  const trackMode = () =>
    page.getByLabel(label, { exact: true }).evaluate((v) => (v as HTMLVideoElement).textTracks[0]?.mode);
  await expect.poll(trackMode).toBe('hidden');
  await cc.click();
  await expect.poll(trackMode).toBe('showing');

  // A click on the third line (said from 4 s) moves the player there and marks it.
  const third = lines.getByRole('button', { name: new RegExp(ENGINE_SENTENCES[2]) });
  await third.click();
  // Paused at once: a loaded machine could otherwise play on into the next line (from 6 s) before the checks.
  await page.getByLabel(label, { exact: true }).evaluate((v) => (v as HTMLVideoElement).pause());
  await expect.poll(() => playerTime(page, label)).toBeGreaterThanOrEqual(4);
  expect(await playerTime(page, label)).toBeLessThan(6);
  await expect(third).toHaveAttribute('aria-current', 'true');
  await third.scrollIntoViewIfNeeded();
  await shots(page, 'transcript-applicant');
  await axeClean(page, 'applicant page');

  // "Search what candidates said" on the job's applicants page finds the line and opens it at its moment.
  await page.goto(`/jobs/${job._id}/view`);
  const search = page.getByRole('region', { name: 'Search what candidates said' });
  await search.getByLabel('Words from their answers').fill('great colleagues');
  await search.getByRole('button', { name: 'Search' }).click();
  const hit = search.getByRole('link', { name: 'Maria Kowalska at 0:04' });
  await expect(hit).toBeVisible();
  await expect(search.locator('mark')).toHaveText(['great', 'colleagues']);
  await expect(search).toContainText('Why do you want to work with us?');
  await shots(page, 'transcript-search');
  await axeClean(page, 'applicants page with a transcript search');
  await hit.click();
  await expect(page).toHaveURL(/answer=[\w-]+&t=4(\b|$)/);
  await expect.poll(() => playerTime(page, label)).toBe(4);
  await expect(lines.getByRole('button', { name: new RegExp(ENGINE_SENTENCES[2]) })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await page.setViewportSize(PHONE);
  await expect(lines).toBeVisible();
  await page.setViewportSize(DESKTOP);

  // The outside review page (a link shared without the name): the same lines beside the answer, captions made
  // in the browser, and a line plays from its start.
  const share = await api(request, boss, 'post', `${base}/shares`, {
    days: 3,
    hideName: true,
    hideEmail: true,
    hideCv: true,
  });
  await page.goto(new URL(share.url).pathname);
  const reviewLines = page.locator('.review-transcript').getByRole('button');
  await expect(reviewLines).toHaveCount(4);
  await expect(page.getByLabel('Video answer').locator('track[kind="captions"]')).toHaveAttribute(
    'src',
    /^blob:/,
  );
  const reviewThird = reviewLines.filter({ hasText: ENGINE_SENTENCES[2] });
  await reviewThird.click();
  const reviewPlayer = page.getByLabel('Video answer');
  await reviewPlayer.evaluate((v) => (v as HTMLVideoElement).pause());
  const reviewTime = () => reviewPlayer.evaluate((v) => (v as HTMLVideoElement).currentTime);
  await expect.poll(reviewTime).toBeGreaterThanOrEqual(4);
  expect(await reviewTime()).toBeLessThan(6);
  await expect(reviewThird).toHaveAttribute('aria-current', 'true');
  await shots(page, 'transcript-review');
  await axeClean(page, 'outside review page');

  // Settings: the company's minutes this month (no cap in this run) and the summaries switch, off by default.
  await page.goto('/settings?tab=company');
  const minutes = page.getByRole('heading', { name: 'Transcripts' });
  await expect(minutes).toBeVisible();
  await expect(page.getByText(/minutes transcribed in \w+ \d{4} \(no monthly cap\)/)).toBeVisible();
  // The e2e run has no AI endpoint: the switch is off and says why it cannot be turned on.
  const summaries = page.getByRole('switch', { name: 'Machine-written summaries of interview answers' });
  await expect(summaries).not.toBeChecked();
  await expect(summaries).toBeDisabled();
  await expect(
    page.getByText('Summaries need an AI endpoint (AI_BASE_URL), which is not set up.'),
  ).toBeVisible();
  await minutes.scrollIntoViewIfNeeded();
  await shots(page, 'transcript-settings');
  await axeClean(page, 'settings');
});
