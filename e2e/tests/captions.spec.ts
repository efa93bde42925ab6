import { join } from 'node:path';
import { engineSentenceAt } from '../transcribe-engine.ts';
import { captionsOf, cueAt, makeSpokenVideo } from './captions-support.ts';
import { expect, signInViaForm, test } from './fixtures.ts';
import {
  cardAction,
  shots as dialogShots,
  SHOTS_DIR,
  uploadVideo,
  videoCard,
  waitForVideo,
} from './media-support.ts';
import { employer, expectAccessible, hydrated, publishJob, shots } from './public-site-support.ts';

// Issue 34 items 2–3 in Chromium: a job video uploaded to the library is transcribed by the run's local speech
// engine (e2e/transcribe-engine.ts: one known sentence every 2 s), and the public job page's player carries
// its captions: the cue at a given moment is read from the video's own text track. The team edits a cue in the
// caption editor, and the public page shows the edited words. Screenshots in E2E_SHOTS_DIR (shots/issue-34).

test.setTimeout(300_000);

test('a job video gets captions from the engine; the public page plays them, and an edited cue shows there', async ({
  page,
  request,
}) => {
  const boss = await employer(request);
  await page.goto('/sign-in');
  await signInViaForm(page, boss.user.email, boss.user.password);
  await expect(page).toHaveURL(/\/jobs$/, { timeout: 60_000 });
  await page.goto('/content?tab=recorded');
  await expect(page.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible({ timeout: 60_000 });

  const title = 'Welcome to Northwind';
  await uploadVideo(page, await makeSpokenVideo(), title);
  const video = await waitForVideo(request, boss.headers, title, 'videoMp4Url_720p');
  // Transcribed after processing, through the local engine: generated captions.
  await expect
    .poll(async () => (await captionsOf(request, boss.headers, video._id)).state, { timeout: 120_000 })
    .toBe('generated');
  const generated = await captionsOf(request, boss.headers, video._id);
  expect(generated.cues.map((c) => c.text)).toEqual([0, 2, 4, 6].map(engineSentenceAt));

  const job = await publishJob(request, boss, { title: 'Barista', _video: video._id });
  await page.goto(job.shareUrl);
  await hydrated(page);
  const player = page.getByLabel(`Video: ${job.title} at ${job.companyName}`);
  await expect(player).toBeVisible();
  await expect.poll(() => cueAt(page, 3), { timeout: 30_000 }).toBe(engineSentenceAt(3));
  await expect.poll(() => cueAt(page, 0.5)).toBe(engineSentenceAt(0.5));

  // The CC button: on by default, off remembered across pages (localStorage), and the track hidden.
  const cc = page.getByRole('button', { name: 'CC captions' });
  await expect(cc).toHaveAttribute('aria-pressed', 'true');
  await cc.click();
  await expect(cc).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'CC captions' })).toHaveAttribute('aria-pressed', 'false');
  await expect
    .poll(() => page.evaluate(() => document.querySelector('video')?.textTracks[0]?.mode))
    .toBe('hidden');
  await page.getByRole('button', { name: 'CC captions' }).click();
  await expect
    .poll(() => page.evaluate(() => document.querySelector('video')?.textTracks[0]?.mode))
    .toBe('showing');
  // For the screenshot: the player at 3 s, its cue drawn over the picture.
  await page.evaluate(() => {
    const v = document.querySelector('video');
    if (v) {
      v.preload = 'auto';
      v.currentTime = 3;
    }
  });
  await page.waitForTimeout(1500);
  await shots(page, 'public-job-captions');
  // And as a phone opens it: at 390 px from the start, the screen as it is (the shots above are full-page
  // captures of a window narrowed with the player paused).
  if (SHOTS_DIR) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await hydrated(page);
    await page.evaluate(() => {
      const v = document.querySelector('video');
      if (v) {
        v.preload = 'auto';
        v.currentTime = 3;
      }
    });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(SHOTS_DIR, 'public-job-captions-phone-390.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // The team edits the second cue in the caption editor.
  await page.goto('/content?tab=recorded');
  await expect(videoCard(page, title)).toBeVisible({ timeout: 60_000 });
  await expect(videoCard(page, title).getByText('Captions: generated')).toBeVisible();
  await cardAction(page, title, 'Captions');
  const editor = page.getByRole('dialog', { name: `Captions · ${title}` });
  const second = editor.getByRole('listitem', { name: 'Cue 2' });
  await expect(second.getByLabel('Cue 2 words')).toHaveValue(engineSentenceAt(3));
  await second.getByLabel('Cue 2 words').fill('We hire kind people.');
  // By keyboard: the first cue's end a tenth of a second earlier.
  await editor.getByRole('button', { name: 'Cue 1: end 0.1 s earlier' }).focus();
  await page.keyboard.press('Enter');
  await expect(editor.getByRole('listitem', { name: 'Cue 1' })).toContainText('00:00:01.900');
  // Play from a cue: the player moves to the cue's start.
  await second.getByRole('button', { name: 'Play from cue 2' }).click();
  await expect
    .poll(() => editor.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime))
    .toBeGreaterThanOrEqual(2);
  await editor.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
  await expectAccessible(page, 'the caption editor');
  await dialogShots(page, 'caption-editor');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The captions have been saved').last()).toBeVisible();
  await expect(editor).toBeHidden();
  await expect(videoCard(page, title).getByText('Captions: reviewed')).toBeVisible();
  await dialogShots(page, 'media-card-captions-state');
  expect((await captionsOf(request, boss.headers, video._id)).state).toBe('reviewed');

  // The public page serves the edited cue (reloaded: the browser may keep the page itself for its 60 s).
  await page.goto(job.shareUrl);
  await page.reload();
  await hydrated(page);
  await expect.poll(() => cueAt(page, 3), { timeout: 30_000 }).toBe('We hire kind people.');
  await expect.poll(() => cueAt(page, 1.95)).toBe('no cue (4)');
});
