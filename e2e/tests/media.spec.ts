import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newUser, signInViaForm, signUpOverApi, test } from './fixtures.ts';

const run = promisify(execFile);
const PLAYABLE = ['prepared', 'posted', 'new', 'ready'];

type TAsset = {
  _id: string;
  title: string;
  status: string;
  statusReason: string | null;
  data: { videoMp4Url?: string | null; videoMp4Url_720p?: string | null };
};

// A user with a company, signed in on the video library.
async function openLibrary(page: Page, request: APIRequestContext) {
  const user = newUser();
  const { token } = await signUpOverApi(request, user, true);
  const auth = { authorization: `Bearer ${token}` };
  const me = (await (await request.get('/api/manager/me', { headers: auth })).json()).data as {
    _company: string;
  };
  const headers = { ...auth, 'x-company-id': me._company };
  await page.goto('/sign-in');
  await signInViaForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/jobs$/);
  await page.goto('/content?tab=recorded');
  return { headers };
}

const listAssets = async (request: APIRequestContext, headers: Record<string, string>) =>
  (await (await request.get('/api/company/assets?skip=0&limit=12', { headers })).json()).data as {
    assets: TAsset[];
    count: number;
  };

// The pipeline transcodes in the background: wait until the asset is playable (up to 60 s).
async function waitPlayable(request: APIRequestContext, headers: Record<string, string>, title: string) {
  let found: TAsset | undefined;
  await expect
    .poll(
      async () => {
        found = (await listAssets(request, headers)).assets.find((a) => a.title === title);
        // An error carries its reason, so a failure says why. Right after creation the server answers
        // 'new' with only the original file: wait for the MP4 renditions too.
        if (found?.status === 'error') return `error: ${found.statusReason}`;
        return found?.data.videoMp4Url ? found.status : `${found?.status} (no MP4 yet)`;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toMatch(new RegExp(`^(${PLAYABLE.join('|')})$`));
  return found!;
}

const openAddMenu = async (page: Page, item: 'Record a video' | 'Upload a video') => {
  // The header's Add (the empty state offers one too).
  await page.getByRole('button', { name: 'Add', exact: true }).first().click();
  await page.getByRole('menuitem', { name: item }).click();
};

test('record 5 s with the fake camera, save it, and see it become playable in the library', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { headers } = await openLibrary(page, request);

  await openAddMenu(page, 'Record a video');
  const recorder = page.getByRole('dialog', { name: 'Record your video' });
  const start = recorder.getByRole('button', { name: 'Start recording' });
  await expect(start).toBeEnabled();
  await start.click();
  await expect(recorder.getByLabel('Recording starts in 3')).toBeVisible();
  await expect(recorder.getByRole('timer')).toContainText('0:05 /', { timeout: 15_000 });
  await recorder.getByRole('button', { name: 'Stop' }).click();
  await expect(recorder.getByLabel('Recorded video')).toBeVisible();

  const title = 'Hello from the counter';
  await recorder.getByLabel('Title').fill(title);
  await recorder.getByRole('button', { name: 'Save' }).click();
  await expect(recorder.getByText('Your video has been saved')).toBeVisible({ timeout: 30_000 });
  await recorder.getByRole('button', { name: 'Add' }).click();
  await expect(recorder).toBeHidden();

  // The new recording shows in the library straight away, then becomes playable.
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  const asset = await waitPlayable(request, headers, title);
  expect(asset.data.videoMp4Url_720p ?? asset.data.videoMp4Url, JSON.stringify(asset)).toBeTruthy();
  // The library polls while videos process, so the card's player link shows without a reload.
  await expect(page.getByRole('button', { name: `Play ${title}` }).first()).toBeVisible({ timeout: 20_000 });

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
  test.setTimeout(120_000);
  const dir = await mkdtemp(join(tmpdir(), 'hirecast-media-'));
  const file = join(dir, 'office-tour.mp4');
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=320x240',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=2',
    '-shortest',
    file,
  ]);
  const { headers } = await openLibrary(page, request);

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
  await waitPlayable(request, headers, 'Office tour');
});
