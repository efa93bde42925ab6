import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectRecordedAtLeast, libraryAdd, openLibrary, waitForVideo } from './media-support.ts';
import { employer, pdfFile, PHONE, publishJob, startApplying } from './public-site-support.ts';

// Issue 17 item 4: both recorders show the 3-2-1 countdown on screen after Start, and count the recorded time
// from the first recorded frame, so a take stopped at 0:04 is a video of about 4 s (not 1 s). Issue 25: Chromium
// records H.264 (`video/mp4;codecs=avc1,opus`), whose takes can start seconds late (decision 031); the take plays
// for as long as it was recorded (±0.5 s), in the preview and once the server has made it playable.

const SHOTS_DIR = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  await mkdir(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `${name}-${page.viewportSize()?.width}.png`) });
}

/**
 * How far a take's played length may be from the time it was recorded for. The faults these tests guard against
 * made a 4 s take play for 9 s (or for 1 s); on a loaded machine the encoder's first and last frames drift from
 * the page's clock: by up to 0.9 s on 2026-12-01, 1.43 s in the gate of 2026-12-06 (load average 16, with
 * Vitest and the static checks beside the browser). Two seconds still catches either fault.
 */
const TAKE_TOLERANCE_S = 2;

type TRecorded = { mimeType: string; startedAt: number; stoppedAt: number | null };

/**
 * Notes, for each take, what the page's MediaRecorder records and when it was started and stopped (page clock):
 * the span between is the take's true length, give or take the encoder's first frame.
 */
async function watchRecorders(page: Page) {
  await page.addInitScript(() => {
    const takes: TRecorded[] = [];
    Object.assign(window, { recordedTakes: takes });
    const Original = window.MediaRecorder;
    window.MediaRecorder = class extends Original {
      override start(timeslice?: number) {
        super.start(timeslice);
        takes.push({ mimeType: this.mimeType, startedAt: performance.now(), stoppedAt: null });
      }
      override stop() {
        const take = takes.at(-1);
        if (take && this.state === 'recording') take.stoppedAt = performance.now();
        super.stop();
      }
    };
  });
}

/** The last take's recorded type and its true length in seconds. */
async function lastTake(page: Page) {
  const take = await page.evaluate(() =>
    (window as unknown as { recordedTakes: TRecorded[] }).recordedTakes.at(-1)!,
  );
  return { mimeType: take.mimeType, seconds: (take.stoppedAt! - take.startedAt) / 1000 };
}

/** The length of a recorded blob as the browser plays it (a WebM without a duration is read to its end). */
const playedSeconds = (video: Locator) =>
  video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        const done = () => Number.isFinite(v.duration) && resolve(v.duration);
        if (v.readyState >= 1 && Number.isFinite(v.duration)) return resolve(v.duration);
        v.addEventListener('durationchange', done);
        v.addEventListener('loadedmetadata', () => {
          if (!Number.isFinite(v.duration)) v.currentTime = 1e9;
          else done();
        });
        v.load();
      }),
  );

/**
 * Each number of the 3-2-1 shows for one second, shorter than a look from the test can take on a busy machine, so
 * the page itself notes every count it shows: `<name>|<true when nothing is drawn over its middle (and, with
 * `caption`, "Recording starts in <name>…" reads on the page)>`. The name is the count's aria-label or its text.
 */
async function noteCountdown(
  page: Page,
  options: { selector: string; name: 'label' | 'text'; caption?: boolean },
) {
  await page.evaluate(({ selector, name: nameFrom, caption }) => {
    const seen: string[] = [];
    (window as unknown as { countdownSeen: string[] }).countdownSeen = seen;
    const note = () => {
      const count = document.querySelector(selector);
      const name = nameFrom === 'label' ? count?.getAttribute('aria-label') : count?.textContent?.trim();
      if (!count || !name) return;
      const r = count.getBoundingClientRect();
      const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      const onTop = top !== null && (count === top || count.contains(top));
      const captioned = !caption || document.body.innerText.includes(`Recording starts in ${name}…`);
      const entry = `${name}|${onTop && captioned}`;
      if (!seen.includes(entry)) seen.push(entry);
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  }, options);
}

/** What noteCountdown saw so far. */
const countdownSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { countdownSeen: string[] }).countdownSeen);

test('the employer recorder: a visible 3-2-1, then the time counts from the first frame', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await watchRecorders(page);
  const { headers } = await openLibrary(page, request, 'recorded');
  await libraryAdd(page).click();
  await page.getByRole('menuitem', { name: 'Record a video' }).click();
  const recorder = page.getByRole('dialog', { name: 'Record your video' });
  const start = recorder.getByRole('button', { name: 'Start recording' });
  await expect(start).toBeEnabled();

  await noteCountdown(page, { selector: '[aria-label^="Recording starts in"]', name: 'label' });
  await start.click();
  await shot(page, 'recorder-employer-countdown');
  const timer = recorder.getByRole('timer');
  await expect(timer).toContainText('0:00 /');
  const seen = await countdownSeen(page);
  expect(seen.filter((entry) => entry.endsWith('|true'))).toEqual([
    'Recording starts in 3|true',
    'Recording starts in 2|true',
    'Recording starts in 1|true',
  ]);
  await expectRecordedAtLeast(timer, 4);
  await shot(page, 'recorder-employer-recording');
  await recorder.getByRole('button', { name: 'Stop' }).click();
  const take = recorder.getByLabel('Recorded video');
  await expect(take).toBeVisible();
  // Chromium records H.264; the take plays for as long as it was recorded (4 s and a bit, not 1 s, not 9 s).
  const recorded = await lastTake(page);
  expect(recorded.mimeType).toBe('video/mp4;codecs=avc1,opus');
  expect(recorded.seconds).toBeGreaterThanOrEqual(4);
  const played = await playedSeconds(take);
  expect(Math.abs(played - recorded.seconds)).toBeLessThanOrEqual(TAKE_TOLERANCE_S);
  await expect(take).toHaveJSProperty('currentTime', 0);

  const title = 'Four seconds';
  await recorder.getByLabel('Title').fill(title);
  await recorder.getByRole('button', { name: 'Save' }).click();
  await expect(recorder.getByText('Your video has been saved')).toBeVisible({ timeout: 30_000 });
  // The server measures the file and makes it playable: as long as it was recorded.
  const asset = await waitForVideo(request, headers, title, 'videoMp4Url');
  expect(Math.abs((asset.duration ?? 0) - recorded.seconds)).toBeLessThanOrEqual(TAKE_TOLERANCE_S);
  const served = page.getByTestId('served-take');
  await page.evaluate((src) => {
    const video = Object.assign(document.createElement('video'), { src, muted: true });
    video.dataset.testid = 'served-take';
    document.body.append(video);
  }, asset.data.videoMp4Url!);
  expect(Math.abs((await playedSeconds(served)) - recorded.seconds)).toBeLessThanOrEqual(TAKE_TOLERANCE_S);
  await expect(served).toHaveJSProperty('currentTime', 0);
});

test('the candidate recorder: a visible 3-2-1 at 390 px, then the time counts from the first frame', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await watchRecorders(page);
  await page.setViewportSize(PHONE);
  const boss = await employer(request);
  const job = await publishJob(request, boss, {
    title: 'Barista',
    isVideoOptional: false,
    videoQuestion: 'What makes a great cup of coffee?',
  });
  await page.goto(new URL(job.shareUrl).pathname);
  await startApplying(page, job);
  await page.getByLabel('First name').fill('Casey');
  await page.getByLabel('Last name').fill('Candidate');
  await page.getByLabel('Email', { exact: true }).fill(`casey-${Date.now()}@example-e2e.com`);
  await page.getByLabel('CV (optional)').setInputFiles(pdfFile('casey-cv.pdf'));
  await expect(page.locator('.upload-status')).toContainText('Uploaded');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Video introduction', level: 2 })).toBeVisible();

  await page.getByRole('button', { name: 'Turn on camera' }).click();
  // The count also reads under the picture, where the timer would otherwise sit at 0:00.
  await noteCountdown(page, { selector: '.countdown', name: 'text', caption: true });
  await page.getByRole('button', { name: 'Start recording' }).click();
  await shot(page, 'recorder-candidate-countdown');
  const timer = page.getByRole('timer');
  await expect(timer).toHaveText('0:00 / 2:00');
  const seen = await countdownSeen(page);
  expect(seen.filter((entry) => entry.endsWith('|true'))).toEqual(['3|true', '2|true', '1|true']);
  await expectRecordedAtLeast(timer, 4);
  await shot(page, 'recorder-candidate-recording');
  await page.getByRole('button', { name: 'Stop recording' }).click();
  const recording = page.getByLabel('Your recording');
  await expect(recording).toBeVisible();
  const recorded = await lastTake(page);
  expect(recorded.mimeType).toBe('video/mp4;codecs=avc1,opus');
  expect(recorded.seconds).toBeGreaterThanOrEqual(4);
  const played = await playedSeconds(recording);
  expect(Math.abs(played - recorded.seconds)).toBeLessThanOrEqual(TAKE_TOLERANCE_S);
  await expect(recording).toHaveJSProperty('currentTime', 0);
  await expect(page.locator('.upload-status')).toContainText('Uploaded', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Continue' }).click();
  // The review names the recording with the length it plays for (stopped at 0:04 and a bit, later when busy).
  const review = page.locator('dl.review');
  await expect(review).toContainText(/Recorded video \(0:\d\d\)/);
  const named = Number(/Recorded video \(0:(\d\d)\)/.exec((await review.textContent()) ?? '')?.[1]);
  expect(named).toBeGreaterThanOrEqual(4);
  // The review shows whole seconds (4.9 s reads 0:04); the played length also holds the last slice.
  expect(played - named).toBeGreaterThan(-0.5);
  expect(played - named).toBeLessThan(1.5);
});
