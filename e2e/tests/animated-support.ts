import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { TVideoTemplate, TVideoTemplateList } from '@hirecast/domain/video-template';
import { expect } from './fixtures.ts';
import type { TEmployer } from './public-site-support.ts';

// Helpers of the animated video e2e tests (animated.spec.ts): the templates over the API, the preview's
// frames, the rendered MP4's frames, SSIM between them, and the screenshots.

const run = promisify(execFile);
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR;
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

/** The first page of 50 of the company's own templates, and the samples that come beside them. */
export async function listTemplates(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.get('/api/video?skip=0&limit=50', { headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as TVideoTemplateList;
}

/** Waits until the server has made all three samples (at first start, beside the first tests). */
export async function waitForSamples(request: APIRequestContext, headers: Record<string, string>) {
  await expect
    .poll(async () => (await listTemplates(request, headers)).samples.length, {
      timeout: 240_000,
      intervals: [1000, 2000],
    })
    .toBe(3);
}

/** The sample `title`, once the server made it (samples are made at first start, beside the first tests). */
export async function waitForSample(
  request: APIRequestContext,
  headers: Record<string, string>,
  title: string,
) {
  let found: TVideoTemplate | undefined;
  await expect
    .poll(
      async () => {
        found = (await listTemplates(request, headers)).samples.find((t) => t.isSample && t.title === title);
        return Boolean(found);
      },
      { timeout: 180_000, intervals: [1000, 2000] },
    )
    .toBe(true);
  return found!;
}

export async function getTemplate(request: APIRequestContext, boss: TEmployer, id: string) {
  const res = await request.get(`/api/video/${id}`, { headers: boss.headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as TVideoTemplate;
}

/** Seeks the editor's preview (through the player's seek event) and answers the drawn frame as a PNG. */
export async function previewFrame(canvas: Locator, ms: number) {
  await canvas.evaluate((el, t) => {
    el.dispatchEvent(new CustomEvent('template-seek', { detail: t }));
  }, ms);
  await expect(canvas).toHaveAttribute('data-frame-ms', String(Math.round(ms)));
  const dataUrl = await canvas.evaluate((el: HTMLCanvasElement) => el.toDataURL('image/png'));
  return Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
}

export async function tempDir() {
  return mkdtemp(join(tmpdir(), 'hirecast-animated-'));
}

/** Frame `index` of an MP4 as a PNG (exact frame, counted from 0). */
export async function mp4Frame(file: string, index: number) {
  const out = join(await tempDir(), `frame-${index}.png`);
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    file,
    '-vf',
    `select=eq(n\\,${index})`,
    '-fps_mode',
    'passthrough',
    '-frames:v',
    '1',
    out,
  ]);
  return out;
}

/** ffmpeg's SSIM (All) between two pictures of the same size. */
export async function ssim(a: string, b: string) {
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-i',
    a,
    '-i',
    b,
    '-lavfi',
    'ssim',
    '-f',
    'null',
    '-',
  ]);
  const all = /All:([\d.]+)/.exec(stderr)?.[1];
  if (!all) throw new Error(`No SSIM in: ${stderr}`);
  return Number(all);
}

export async function writeTemp(name: string, bytes: Buffer) {
  const file = join(await tempDir(), name);
  await writeFile(file, bytes);
  return file;
}

/** Screenshots at 1280 and 390 px into E2E_SHOTS_DIR (when set); the page is left at 1280. */
export async function shots(page: Page, name: string, before?: () => Promise<void>) {
  if (!SHOTS_DIR) return;
  await mkdir(SHOTS_DIR, { recursive: true });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await before?.();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SHOTS_DIR, `${name}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}
