import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { buildEmbedSnippet } from '@hirecast/domain/company-page-rules';
import type { TCompanyPage } from '@hirecast/domain/company-page';
import { expect, test } from './fixtures.ts';
import { listVideos, makePng, makeVideo, type TVideo } from './media-support.ts';
import { employer, expectAccessible, PHONE, publishJob, type TEmployer } from './public-site-support.ts';

// Issue 15 item 3: the public company page, as the API of item 1 leaves it. An admin's page with a banner, a
// text card, a quote, a video, statistics and a story, reordered; the page shows the blocks in that order, its
// Jobs tab lists only live jobs, the story has its own page, and a page of another site that embeds the snippet
// grows its iframe to the content's height.

const SHOTS_DIR = process.env.E2E_SHOTS_DIR;

/**
 * Another site: a real HTTP server on another origin (Chromium lets only a page of the local network frame one of
 * the local network, so the host is local too, as the site is in these tests).
 */
async function hostSite(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/careers`, server };
}

async function uploadVideo(
  request: APIRequestContext,
  { headers }: TEmployer,
  title: string,
  { waitUntilPlayable = true } = {},
) {
  const bytes = await readFile(await makeVideo(title.replace(/\W+/g, '-')));
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const open = await request.post('/api/uploads', {
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${b64('team.mp4')},filetype ${b64('video/mp4')}`,
    },
  });
  expect(open.status(), await open.text()).toBe(201);
  const uploadId = open.headers().location!.split('/').pop()!;
  const patch = await request.patch(`/api/uploads/${uploadId}`, {
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    data: bytes,
  });
  expect(patch.status(), await patch.text()).toBe(204);
  const asset = await request.post('/api/asset', {
    headers,
    data: { title, fileName: 'team.mp4', uploadId },
  });
  expect(asset.status(), await asset.text()).toBe(201);
  if (!waitUntilPlayable) return (await asset.json()).data as { _id: string };
  // The first start's demo media (onboarding videos, the demo applicants' videos) are processed first: the 480p
  // rendition, all the page needs to play, may take a while on a loaded machine.
  let found: TVideo | undefined;
  await expect
    .poll(
      async () => {
        found = (await listVideos(request, headers)).find((a) => a.title === title);
        if (found?.status === 'error') return `error: ${found.statusReason}`;
        return found?.data.videoMp4Url ? 'playable' : (found?.status ?? 'missing');
      },
      { timeout: 240_000, intervals: [1000, 2000] },
    )
    .toBe('playable');
  return found!;
}

async function uploadImage(request: APIRequestContext, { headers }: TEmployer) {
  const signed = await request.get('/api/signed-url?content-type=image/png', { headers });
  expect(signed.ok(), await signed.text()).toBe(true);
  const { url, key } = (await signed.json()).data as { url: string; key: string };
  const put = await request.put(url, {
    headers: { 'content-type': 'image/png' },
    data: await readFile(await makePng('banner')),
  });
  expect(put.ok(), await put.text()).toBe(true);
  const image = await request.post('/api/image-asset', { headers, data: { key, fileName: 'banner.png' } });
  expect(image.status(), await image.text()).toBe(201);
  return (await image.json()).data as { _id: string };
}

/** Full-page screenshots at 1280 and 390 px into E2E_SHOTS_DIR, when set; the page keeps its viewport. */
async function screens(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  await mkdir(SHOTS_DIR, { recursive: true });
  const viewport = page.viewportSize();
  for (const size of [{ width: 1280, height: 800 }, PHONE]) {
    await page.setViewportSize(size);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${size.width}.png`, fullPage: true });
  }
  if (viewport) await page.setViewportSize(viewport);
}

test('the public company page shows the blocks in order, only live jobs, a story, and grows its embed', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const admin = await employer(request);
  const { headers } = admin;
  const live = await publishJob(request, admin, { title: 'Head Barista' });
  // A job that is not live (the free plan has one live job; a job never published is closed).
  const draft = await request.post('/api/job', {
    headers,
    data: {
      title: 'Night Porter',
      postHeading: 'Nights at the roastery',
      location: { city: 'Leeds', country: 'United Kingdom' },
      description: { ops: [{ insert: 'Keep the roastery safe at night.\n' }] },
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  expect((await draft.json()).data.status).toBe('closed');

  const video = await uploadVideo(request, admin, 'A day at the roastery');
  const banner = await uploadImage(request, admin);
  const opened = await request.get(`/api/company-page/${admin.companyId}/company`, { headers });
  expect(opened.ok(), await opened.text()).toBe(true);
  const start = (await opened.json()).data as TCompanyPage;
  const base = `/api/company-page/${start._id}`;
  const write = async (method: 'post' | 'patch', path: string, data: object) => {
    const res = await request[method](`${base}${path}`, { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).data;
  };
  await write('patch', '', {
    bannerImage: banner._id,
    stats: { foundingYear: 2009, employees: 48, gender: { male: 20, female: 28 } },
  });
  await write('post', '/text-area', {
    pageType: 'WHY_JOIN',
    header: 'Our coffee',
    content: 'We roast every bean ourselves.',
  });
  await write('post', '/quote', {
    pageType: 'WHY_JOIN',
    content: 'The best team I have worked in',
    author: 'Sam',
  });
  await write('post', '/asset', { pageType: 'WHY_JOIN', assetType: 'video', assetId: video._id });
  await write('post', '/employer-testimonial', {
    name: 'Ana Lopes',
    title: 'Head roaster',
    quoteText: 'I learn something new every week.',
    _video: video._id,
    text: { ops: [{ insert: 'I joined as a barista in 2019 and now run the roastery.\n' }] },
  });
  // Reorder: the quote first, the video second, then the rest as they were.
  const after: TCompanyPage = (
    await (await request.get(`/api/company-page/${admin.companyId}/company`, { headers })).json()
  ).data;
  const blocks = after.pages.WHY_JOIN.sortedBlocks;
  const quote = blocks.find((b) => b.type === 'QUOTE')!;
  const videoBlock = blocks.find((b) => b.type === 'VIDEO_ASSET')!;
  const rest = blocks.filter((b) => b !== quote && b !== videoBlock);
  const order = [quote, videoBlock, ...rest];
  await write('patch', '/reorder', { elements: order.map((b, i) => ({ _id: b._id, order: i })) });
  // What the public page shows of them: the empty default text and the socials (no links) are left out.
  const shown = order
    .filter((b) => !(b.type === 'TEXT_AREA' && !b.textArea.content) && b.type !== 'SOCIALS')
    .map((b) => b.type);
  expect(shown).toEqual(['QUOTE', 'VIDEO_ASSET', 'TEXT_AREA', 'STATISTIC', 'LATEST_JOBS', 'TEXT_AREA']);

  const slug = after.company.slug;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/company/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: after.company.name })).toBeVisible();
  await expect(page.locator('[data-block-type]')).toHaveCount(shown.length);
  expect(
    await page.locator('[data-block-type]').evaluateAll((els) => els.map((e) => e.dataset.blockType)),
  ).toEqual(shown);
  await expect(page.getByText('“The best team I have worked in”')).toBeVisible();
  await expect(page.getByText('We roast every bean ourselves.')).toBeVisible();
  await expect(page.getByText('Founded').locator('xpath=following-sibling::dd')).toHaveText('2009');
  await expect(page.getByLabel('A day at the roastery')).toHaveJSProperty('tagName', 'VIDEO');
  await expect(page.locator('.company-banner')).toBeVisible();
  await expectAccessible(page, 'company page');
  await screens(page, 'company-page');

  // The Jobs tab: the live job only, and it leads to the job's page, which links back to the company page.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: 'Jobs', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/company/${slug}\\?tab=jobs$`));
  const jobs = page.getByRole('region', { name: 'Open jobs' });
  await expect(jobs.getByRole('link')).toHaveCount(1);
  await expect(jobs.getByRole('link', { name: /Head Barista/ })).toBeVisible();
  await expect(page.getByText('Night Porter')).toHaveCount(0);
  await screens(page, 'company-page-jobs');
  await jobs.getByRole('link', { name: /Head Barista/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: live.title })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: after.company.name }).click();
  await expect(page).toHaveURL(new RegExp(`/company/${slug}$`));

  // The story, from its card on the Stories tab.
  await page.getByRole('link', { name: 'Stories', exact: true }).click();
  await page.getByRole('link', { name: 'Ana Lopes' }).click();
  await expect(page).toHaveURL(new RegExp(`/company/${slug}/stories/ana-lopes$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Ana Lopes' })).toBeVisible();
  await expect(page.getByText('I joined as a barista in 2019 and now run the roastery.')).toBeVisible();
  await expectAccessible(page, 'story page');
  await screens(page, 'story-page');

  // Another site embeds the snippet: its iframe grows from the snippet's 800 px to the page's height.
  await page.setViewportSize({ width: 1280, height: 800 });
  const snippet = buildEmbedSnippet(baseURL!, after.company);
  const host = await hostSite(
    `<!doctype html><html lang="en"><head><title>Host</title></head><body style="margin:0"><h1>Our careers</h1>${snippet}<footer>Host footer</footer></body></html>`,
  );
  await page.goto(host.url);
  const iframe = page.locator('iframe[data-hirecast-embed]');
  const frame = page.frameLocator('iframe[data-hirecast-embed]');
  await expect(frame.getByRole('heading', { level: 1, name: after.company.name })).toBeVisible();
  await expect(frame.getByRole('banner')).toHaveCount(0);
  const contentHeight = () =>
    frame.locator('#root').evaluate((root) => Math.ceil(root.getBoundingClientRect().height));
  await expect.poll(async () => (await iframe.boundingBox())?.height).toBeGreaterThan(800);
  await expect
    .poll(async () => Math.abs(((await iframe.boundingBox())?.height ?? 0) - (await contentHeight())))
    .toBeLessThanOrEqual(1);
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/embed-host-1280.png`, fullPage: true });
  // Another tab inside the iframe: the iframe follows the new height.
  const before = (await iframe.boundingBox())!.height;
  await frame.getByRole('link', { name: 'Jobs', exact: true }).click();
  await expect(frame.getByRole('region', { name: 'Open jobs' })).toBeVisible();
  await expect.poll(async () => (await iframe.boundingBox())?.height).not.toBe(before);
  await expect
    .poll(async () => Math.abs(((await iframe.boundingBox())?.height ?? 0) - (await contentHeight())))
    .toBeLessThanOrEqual(1);
  host.server.close();
});

// Issue 23 item 6: the public page's corrections.
test('a story added on Why Us is on the Stories tab; the page wears the company colours and its tabs fit a phone', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await employer(request);
  const { headers } = admin;
  const branded = await request.patch(`/api/company/${admin.companyId}`, {
    headers,
    data: {
      primaryColor: '#1F6F8B',
      backgroundColor: '#F4F8FA',
      info: [{ type: 'website', value: 'https://northwind.example' }],
    },
  });
  expect(branded.ok(), await branded.text()).toBe(true);
  const video = await uploadVideo(request, admin, 'Ana at work', { waitUntilPlayable: false });
  const opened = await request.get(`/api/company-page/${admin.companyId}/company`, { headers });
  const start = (await opened.json()).data as TCompanyPage;
  // What "Add content" → "Employee story" on the Why Us tab sends.
  const story = await request.post(`/api/company-page/${start._id}/employer-testimonial`, {
    headers,
    data: {
      name: 'Ana Lopes',
      title: 'Head roaster',
      quoteText: 'I learn something new every week.',
      _video: video._id,
      pageType: 'WHY_JOIN',
    },
  });
  expect(story.status(), await story.text()).toBe(201);
  const slug = start.company.slug;

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/company/${slug}?tab=stories`);
  const tab = page.getByRole('region', { name: 'Stories' });
  await expect(page.getByRole('link', { name: 'Stories', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(tab.getByRole('link', { name: 'Ana Lopes' })).toBeVisible();
  await expect(page.getByText('No stories yet.')).toHaveCount(0);

  // The company's colours: its primary colour on the header and the chosen tab, its background on the page,
  // and its links in a shade of its colour rather than the browser's blue.
  const colour = (locator: ReturnType<Page['locator']>, property: string) =>
    locator.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);
  expect(await colour(page.locator('.site-header'), 'background-color')).toBe('rgb(31, 111, 139)');
  expect(await colour(page.locator('.site'), 'background-color')).toBe('rgb(244, 248, 250)');
  const current = page.getByRole('link', { name: 'Stories', exact: true });
  expect(await colour(current, 'background-color')).toBe('rgb(31, 111, 139)');
  const website = page.getByRole('link', { name: 'Visit website' });
  expect(await colour(website, 'color')).not.toBe('rgb(11, 87, 208)');
  expect(await colour(tab.getByRole('link', { name: 'Ana Lopes' }), 'color')).not.toBe('rgb(11, 87, 208)');
  await expectAccessible(page, 'company page, stories tab');
  await screens(page, 'public-stories');

  // At 390 px the four tabs fit: no sideways scrolling, each wholly on screen.
  await page.setViewportSize(PHONE);
  const list = page.getByRole('navigation', { name: 'Career page' }).getByRole('list');
  expect(await list.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  for (const name of ['Why Us', 'Stories', 'Benefits', 'Jobs']) {
    const box = (await page.getByRole('link', { name, exact: true }).boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(PHONE.width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The story also keeps its card where it was added.
  await page.getByRole('link', { name: 'Why Us', exact: true }).click();
  await expect(
    page.getByRole('region', { name: 'Why Us' }).getByRole('link', { name: 'Ana Lopes' }),
  ).toBeVisible();
  await screens(page, 'public-why-us');
});

test('an unknown company page says so', async ({ page }) => {
  const res = await page.goto('/company/no-such-company-anywhere');
  expect(res?.status()).toBe(404);
  await expect(page.getByText('This company page could not be found.')).toBeVisible();
  await expect(page.getByText('This job could not be found.')).toHaveCount(0);
});

test("the embed's height reaches another site's page without a console error, even before the frame loads", async ({
  page,
  request,
  baseURL,
}) => {
  const admin = await employer(request);
  const opened = await request.get(`/api/company-page/${admin.companyId}/company`, {
    headers: admin.headers,
  });
  const { company } = (await opened.json()).data as TCompanyPage;
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // The browser's own messages too (a refused postMessage is one), which the console event does not carry.
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Log.entryAdded', ({ entry }) => {
    if (entry.level === 'error') errors.push(entry.text);
  });
  await cdp.send('Log.enable');
  // The frame's page is held back until the host's /embed.js has run, so its first ping finds the frame still
  // loading (about:blank), as it does on a slow network.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === `/company/${company.slug}` && url.searchParams.get('embed') === '1',
    async (route) => {
      await released;
      await route.continue();
    },
  );
  const host = await hostSite(
    `<!doctype html><html lang="en"><head><title>Host</title></head><body style="margin:0"><h1>Our careers</h1>${buildEmbedSnippet(baseURL!, company)}</body></html>`,
  );
  try {
    // Not until 'load': the held frame holds the host page's load event back.
    await page.goto(host.url, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(
      () => (window as unknown as { __hirecastEmbed?: boolean }).__hirecastEmbed === true,
    );
    release();
    const iframe = page.locator('iframe[data-hirecast-embed]');
    const frame = page.frameLocator('iframe[data-hirecast-embed]');
    await expect(frame.getByRole('heading', { level: 1, name: company.name })).toBeVisible();
    const contentHeight = () =>
      frame.locator('#root').evaluate((root) => Math.ceil(root.getBoundingClientRect().height));
    await expect
      .poll(async () => Math.abs(((await iframe.boundingBox())?.height ?? 0) - (await contentHeight())))
      .toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
  } finally {
    host.server.close();
  }
});
