import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Locator, Page, Response } from '@playwright/test';
import { expect, newUser, signInViaForm, signUpOverApi } from './fixtures.ts';

// Helpers of the media e2e tests (media.spec.ts, media-library.spec.ts): a signed-in library, test files made by
// ffmpeg, the API for waiting on the video pipeline, and the library's cards and menus.

const run = promisify(execFile);
export const PLAYABLE = ['prepared', 'posted', 'new', 'ready'];
// Set E2E_SHOTS_DIR to save screenshots of each dialog at desktop and phone widths.
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR;

export type THeaders = Record<string, string>;
export type TVideo = {
  _id: string;
  title: string;
  status: string;
  statusReason: string | null;
  duration?: number | null;
  data: { videoUrl?: string | null; videoMp4Url?: string | null; videoMp4Url_720p?: string | null };
};
export type TImage = { _id: string; title: string; url: string; width: number | null; height: number | null };

export async function tempDir() {
  return mkdtemp(join(tmpdir(), 'hirecast-media-lib-'));
}

export async function ffmpeg(...args: string[]) {
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

/** A 2 s 1280x720 test pattern with sound, so the 720p rendition is 720 high. */
export async function makeVideo(name: string) {
  const file = join(await tempDir(), `${name}.mp4`);
  await ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=1280x720:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=2',
    '-shortest',
    // x264's fastest preset: the same kind of H.264 a browser records, for a fraction of the default's CPU.
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    file,
  );
  return file;
}

export async function makePng(name: string) {
  const file = join(await tempDir(), `${name}.png`);
  await ffmpeg('-f', 'lavfi', '-i', 'color=c=blue:s=1200x800', '-frames:v', '1', file);
  return file;
}

export type TStream = { codec_type: string; codec_name: string; width?: number; height?: number };
export async function probe(file: string) {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_streams',
    '-show_format',
    '-of',
    'json',
    file,
  ]);
  return JSON.parse(stdout) as { streams: TStream[]; format: { format_name: string } };
}

// A user with a company, signed in on a library tab.
export async function openLibrary(page: Page, request: APIRequestContext, tab: 'recorded' | 'images') {
  const user = newUser();
  const { token } = await signUpOverApi(request, user, true);
  const auth = { authorization: `Bearer ${token}` };
  const me = (await (await request.get('/api/manager/me', { headers: auth })).json()).data as {
    _company: string;
  };
  const headers: THeaders = { ...auth, 'x-company-id': me._company };
  await page.goto('/sign-in');
  await signInViaForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/jobs$/, { timeout: 30_000 });
  await page.goto(`/content?tab=${tab}`);
  // The Content page's code is another set of chunks; a fresh server serves it while it makes its sample videos
  // (the first test of a run meets that), as the sign-in above allows for.
  await expect(page.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible({ timeout: 30_000 });
  return { headers };
}

export const listVideos = async (request: APIRequestContext, headers: THeaders) => {
  const res = await request.get('/api/company/assets?skip=0&limit=12', { headers });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()).data as { assets: TVideo[] }).assets;
};

export const listImages = async (request: APIRequestContext, headers: THeaders) => {
  const res = await request.get('/api/company/image-assets?skip=0&limit=12', { headers });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()).data as { assets: TImage[] }).assets;
};

/** Waits (up to 60 s) until the pipeline saved the rendition the test needs; an error fails with its reason. */
export async function waitForVideo(
  request: APIRequestContext,
  headers: THeaders,
  title: string,
  rendition: 'videoMp4Url' | 'videoMp4Url_720p',
) {
  let found: TVideo | undefined;
  await expect
    .poll(
      async () => {
        found = (await listVideos(request, headers)).find((a) => a.title === title);
        if (!found) return 'missing';
        if (found.status === 'error') return `error: ${found.statusReason}`;
        return found.data[rendition] ? found.status : `${found.status} (no ${rendition} yet)`;
      },
      { timeout: 60_000, intervals: [500, 1000] },
    )
    .toMatch(new RegExp(`^(${PLAYABLE.join('|')})$`));
  return found!;
}

// The library header's Add: an empty library offers a second one in its intro.
export const libraryAdd = (page: Page) =>
  page.locator('main header').getByRole('button', { name: 'Add', exact: true });

// The same path as media.spec.ts: Add → Upload a video → choose the file → title → Save.
export async function uploadVideo(page: Page, file: string, title: string) {
  // The header's Add (an empty library offers a second one in its intro).
  await libraryAdd(page).click();
  await page.getByRole('menuitem', { name: 'Upload a video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add video' });
  await dialog.getByLabel('Video file').setInputFiles({
    name: file.split('/').pop()!,
    mimeType: 'video/mp4',
    buffer: await readFile(file),
  });
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your file has been uploaded and saved').last()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(videoCard(page, title)).toBeVisible();
}

export async function uploadImage(page: Page, file: string) {
  await libraryAdd(page).click();
  const dialog = page.getByRole('dialog', { name: 'Add an image' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByText('Your file has been uploaded and saved').last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

export const videoCard = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Videos' }).getByRole('article', { name: title, exact: true });
export const imageCard = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Images' }).getByRole('article', { name: title, exact: true });

export async function cardAction(page: Page, title: string, action: string) {
  await page.getByRole('button', { name: `Options for ${title}`, exact: true }).click();
  await page
    .getByRole('menu', { name: `Options for ${title}` })
    .getByRole('menuitem', { name: action })
    .click();
}

/** Screenshots the page at 1280 px and 390 px wide (then goes back to 1280) when E2E_SHOTS_DIR is set. */
export async function shots(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  await mkdir(SHOTS_DIR, { recursive: true });
  const desktop = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    // Let the dialog settle into its layout for this width (full screen on phones for some).
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(SHOTS_DIR, `${name}-${width}.png`) });
  }
  await page.setViewportSize(desktop);
  await page.waitForTimeout(200);
}

/** Remembers the last video list the page received, so a test knows what the download dialog was given. */
export function trackVideoList(page: Page) {
  let last: TVideo[] = [];
  page.on('response', (res: Response) => {
    if (res.request().method() !== 'GET' || !/\/api\/company\/assets\?/.test(res.url()) || !res.ok()) return;
    void res
      .json()
      .then((body: { data: { assets: TVideo[] } }) => (last = body.data.assets))
      .catch(() => undefined);
  });
  return () => last;
}

/** Resolves when the page itself receives a video list in which `title` is fully processed (720p and every
 * thumbnail, the first of which comes with the playable copy: decision 039): the library polls until then. Start waiting before the pipeline can finish. */
export const pageReceivesFinished = (page: Page, title: string) =>
  page.waitForResponse(async (res) => {
    if (!res.url().includes('/api/company/assets')) return false;
    const body = (await res.json()) as { data: { assets: (TVideo & { thumbnails: string[] })[] } };
    return body.data.assets.some(
      (a) => a.title === title && a.data.videoMp4Url_720p && a.thumbnails.length > 1,
    );
  });

/**
 * Waits until a recorder's "m:ss / m:ss" timer reads `seconds` or more. Not one exact reading: a busy machine's
 * poll can miss a given second (2026-12-06's gate saw 0:01, then 0:04, and waited for 0:03 until it timed out).
 */
export async function expectRecordedAtLeast(timer: Locator, seconds: number, timeout = 20_000) {
  await expect
    .poll(
      async () => {
        const reading = /^(\d+):(\d\d) \//.exec(((await timer.textContent()) ?? '').trim());
        return reading ? Number(reading[1]) * 60 + Number(reading[2]) : -1;
      },
      { timeout },
    )
    .toBeGreaterThanOrEqual(seconds);
}
