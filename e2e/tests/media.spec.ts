import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  cardAction,
  expectRecordedAtLeast,
  libraryAdd,
  makeVideo,
  openLibrary,
  probe,
  tempDir,
  pageReceivesFinished,
  waitForVideo,
} from './media-support.ts';

const openAddMenu = async (page: Page, item: 'Record a video' | 'Upload a video') => {
  await libraryAdd(page).click();
  await page.getByRole('menuitem', { name: item }).click();
};

test('record 5 s with the fake camera, save it, and see it become playable in the library', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { headers } = await openLibrary(page, request, 'recorded');

  await openAddMenu(page, 'Record a video');
  const recorder = page.getByRole('dialog', { name: 'Record your video' });
  const start = recorder.getByRole('button', { name: 'Start recording' });
  await expect(start).toBeEnabled();
  // The 3-2-1 before the recording is checked by recorders.spec.ts, which watches every change of the page: a
  // one-second '3' can pass between two looks of a poll on a busy machine, as it did here once.
  await start.click();
  await expectRecordedAtLeast(recorder.getByRole('timer'), 5);
  await recorder.getByRole('button', { name: 'Stop' }).click();
  await expect(recorder.getByLabel('Recorded video')).toBeVisible();

  const title = 'Hello from the counter';
  await recorder.getByLabel('Title').fill(title);
  await recorder.getByRole('button', { name: 'Save' }).click();
  await expect(recorder.getByText('Your video has been saved')).toBeVisible({ timeout: 30_000 });
  const pageSawIt = pageReceivesFinished(page, title);
  await recorder.getByRole('button', { name: 'Add' }).click();
  await expect(recorder).toBeHidden();

  // The new recording shows in the library straight away, then becomes playable.
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  const asset = await waitForVideo(request, headers, title, 'videoMp4Url');
  expect(asset.data.videoMp4Url_720p ?? asset.data.videoMp4Url, JSON.stringify(asset)).toBeTruthy();
  // The library polls while videos process, so the card's player link shows without a reload.
  await expect(page.getByRole('button', { name: `Play ${title}` }).first()).toBeVisible({ timeout: 20_000 });

  // It plays in the view dialog once the 720p rendition is in (the library polls until then).
  const finished = await waitForVideo(request, headers, title, 'videoMp4Url_720p');
  await pageSawIt;
  await page
    .getByRole('button', { name: `Play ${title}` })
    .first()
    .click();
  const viewer = page.getByRole('dialog', { name: title });
  const video = viewer.locator('video');
  await video.evaluate((el: HTMLVideoElement) => {
    el.muted = true;
    return el.play();
  });
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime > 0 && el.readyState >= 2), {
      timeout: 15_000,
    })
    .toBe(true);
  expect(await video.evaluate((el: HTMLVideoElement) => el.currentSrc.split('?')[0])).toBe(
    finished.data.videoMp4Url_720p!.split('?')[0],
  );
  await viewer.getByRole('button', { name: 'Close' }).click();

  // And downloads at 720p: an H.264 MP4.
  await cardAction(page, title, 'Download');
  const downloadDialog = page.getByRole('dialog', { name: 'Download' });
  const download = page.waitForEvent('download');
  await downloadDialog.getByRole('button', { name: '720p' }).click();
  const saved = join(await tempDir(), 'recording-720p.mp4');
  await (await download).saveAs(saved);
  const info = await probe(saved);
  expect(info.streams.find((st) => st.codec_type === 'video')?.codec_name).toBe('h264');
  expect(info.format.format_name).toContain('mp4');

  // Choose the recording as a job's video through the media chooser in the job editor.
  const created = await request.post('/api/job', {
    headers,
    data: {
      title: 'Barista',
      postHeading: 'Pull shots with us',
      description: { ops: [{ insert: 'Make great coffee.\n' }] },
      location: { city: 'Leeds', country: 'United Kingdom' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const jobId = (await created.json()).data._id as string;
  await page.goto(`/jobs/${jobId}/edit`);
  await page.getByRole('button', { name: 'Choose video from library' }).click();
  const chooser = page.getByRole('dialog', { name: 'Choose a video' });
  await chooser.getByRole('button', { name: title }).click();
  await expect(chooser).toBeHidden();
  await expect(page.getByLabel(`Job video: ${title}`)).toBeVisible();
  const shots = process.env.E2E_SHOTS_DIR;
  if (shots) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByLabel(`Job video: ${title}`).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/job-library-video-${width}.png` });
    }
  }
  await expect
    .poll(async () => (await (await request.get(`/api/job/${jobId}`, { headers })).json()).data._video?._id, {
      timeout: 10_000,
    })
    .toBe(asset._id);
  // It survives a reload, and the player can load the rendition.
  await page.reload();
  const player = page.getByLabel(`Job video: ${title}`);
  await expect(player).toBeVisible();
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThan(0);
});

test('upload an mp4 with progress, save it and see it become playable', async ({ page, request }) => {
  test.setTimeout(240_000);
  const file = await makeVideo('office-tour');
  const { headers } = await openLibrary(page, request, 'recorded');

  await openAddMenu(page, 'Upload a video');
  const dialog = page.getByRole('dialog', { name: 'Add video' });
  await dialog.getByLabel('Video file').setInputFiles({
    name: 'office-tour.mp4',
    mimeType: 'video/mp4',
    buffer: await readFile(file),
  });
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeVisible();
  await expect(dialog.getByLabel('Title')).toHaveValue('office-tour');
  await dialog.getByLabel('Title').fill('Office tour');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your file has been uploaded and saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Office tour', { exact: true }).first()).toBeVisible();
  await waitForVideo(request, headers, 'Office tour', 'videoMp4Url');
});
