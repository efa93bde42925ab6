import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TVideoTemplate, TVideoTemplateList } from '@hirecast/domain/video-template';
import { TEMPLATE_ANIMATION_MS } from '@hirecast/domain/video-template-draw';
import { formatPlaybackTime, TEMPLATE_MESSAGES } from '@hirecast/domain/video-template-rules';
import { buildTemplateTimeline } from '@hirecast/domain/video-template-timeline';
import {
  getTemplate,
  mp4Frame,
  previewFrame,
  shots,
  SHOTS_DIR,
  ssim,
  tempDir,
  waitForSample,
  waitForSamples,
  writeTemp,
} from './animated-support.ts';
import { expect, newUser, signInViaForm, signUpOverApi, test } from './fixtures.ts';
import { expectRecordedAtLeast } from './media-support.ts';
import { employer, publishJob } from './public-site-support.ts';
import { acceptLinkFor, bearer } from './settings-support.ts';

// Issue 14: animated videos, in Chromium against the built app and the real renderer (ffmpeg + skia).

const SAMPLE = 'Join our engineering team';
const FPS = 30;

test('make an animated video from a sample with a recorded clip, render it live, and use it on a job', async ({
  page,
  request,
}) => {
  // Renders queue behind the samples a fresh server makes at first start; a loaded machine is slow.
  test.setTimeout(1_200_000);
  const boss = await employer(request);
  await waitForSample(request, boss.headers, SAMPLE);
  await page.goto('/sign-in');
  await signInViaForm(page, boss.user.email, boss.user.password);
  await expect(page).toHaveURL(/\/jobs$/, { timeout: 30_000 });

  // The Animate tab: empty, with the samples to start from (made and rendered at first start).
  await page.goto('/content?tab=animated');
  // The first page a fresh server serves, while it makes its sample videos: slow on a loaded machine.
  await expect(page.getByText(/There are no animated videos here yet/)).toBeVisible({ timeout: 30_000 });
  const samples = page.getByRole('region', { name: 'Samples' });
  await expect(samples.getByRole('button', { name: `Make one like this: ${SAMPLE}` })).toBeVisible();
  await shots(page, 'tab-empty');
  await page.getByRole('button', { name: 'Animate' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Choose a format' })).toBeVisible();
  await shots(page, 'dialog-format');
  await page.getByRole('dialog', { name: 'Choose a format' }).getByRole('button', { name: 'Close' }).click();

  // Make one like the sample; Video 1 gets a clip recorded with the fake camera.
  await samples.getByRole('button', { name: `Make one like this: ${SAMPLE}` }).click();
  await expect(page).toHaveURL(/\/content\/create\/[\w-]+$/);
  const title = page.getByRole('textbox', { name: 'Title' });
  await expect(title).toHaveValue(SAMPLE);
  const name = `Our counter team ${Date.now().toString(36)}`;
  await title.fill(name);
  await page.getByRole('button', { name: 'Record a clip for Video 1' }).click();
  const recorder = page.getByRole('dialog', { name: 'Record your video' });
  await recorder.getByRole('button', { name: 'Start recording' }).click();
  await expectRecordedAtLeast(recorder.getByRole('timer'), 3);
  await recorder.getByRole('button', { name: 'Stop' }).click();
  await recorder.getByLabel('Title').fill('Counter clip');
  // The take lasts from Start to Stop, and Stop is pressed at 0:03 or, on a busy machine, a second or two later:
  // the clip must read the length the recorder measured (it goes with the new asset), whatever that was.
  const created = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/asset',
  );
  await recorder.getByRole('button', { name: 'Save' }).click();
  const takeSeconds = Number(((await created).postDataJSON() as { duration?: number }).duration);
  await expect(recorder.getByText('Your video has been saved')).toBeVisible({ timeout: 30_000 });
  await recorder.getByRole('button', { name: 'Add' }).click();
  await expect(recorder).toBeHidden();
  const video1 = page.getByRole('listitem', { name: 'Video 1' });
  expect(takeSeconds).toBeGreaterThanOrEqual(3);
  // The clip's length is the asset's, probed by the server: within half a second of the take's, either way.
  const shown = [];
  for (let s = Math.floor(takeSeconds - 0.5); s <= Math.ceil(takeSeconds + 0.5); s++)
    shown.push(`0:${String(s).padStart(2, '0')}`);
  const clipLabel = new RegExp(`^Clip · (${shown.join('|')})$`);
  await expect(video1.getByText(clipLabel)).toBeVisible();

  // The preview plays: the canvas draws frame after frame.
  const canvas = page.getByRole('img', { name: /^Preview of / });
  await expect(canvas).toHaveAttribute('data-frame-ms', /^\d+$/);
  const openedAt = Number(await canvas.getAttribute('data-frame-ms'));
  await page.getByRole('button', { name: 'Play preview' }).click();
  await expect(canvas).toHaveAttribute('data-playing', 'true');
  await expect
    .poll(async () => Number(await canvas.getAttribute('data-frame-ms')), { timeout: 15_000 })
    .toBeGreaterThan(openedAt + 800);
  await page.getByRole('button', { name: 'Pause preview' }).click();
  await shots(page, 'editor-landscape');

  // Save a draft, leave, and come back to it.
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page).toHaveURL(/\/content\/edit\/[\w-]+$/, { timeout: 20_000 });
  const id = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByText('Your video has been saved as a draft')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Videos' }).click();
  await expect(page).toHaveURL(/\/content\?tab=animated$/);
  const card = page.getByRole('article', { name });
  await expect(card.getByText('draft', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(`/content/edit/${id}`);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(name);
  await expect(page.getByRole('listitem', { name: 'Video 1' }).getByText(clipLabel)).toBeVisible();

  // The preview's frames at a card and at a title overlay, to compare with the MP4 later (same drawing code).
  const draft = await getTemplate(request, boss, id);
  const timeline = buildTemplateTimeline(draft.data.type, draft.data);
  const recorded = timeline.scenes.find((s) => s.kind === 'video')!;
  const frameAt = (ms: number) => Math.round((ms * FPS) / 1000);
  const cardFrame = frameAt(1500);
  const overlay = TEMPLATE_ANIMATION_MS.overlayDelay + TEMPLATE_ANIMATION_MS.overlayIn + 600;
  const overlayFrame = frameAt(recorded.startMs + recorded.fadeInMs + overlay);
  const previewCard = await writeTemp(
    'preview-card.png',
    await previewFrame(canvas, (cardFrame * 1000) / FPS),
  );
  const previewOverlay = await writeTemp(
    'preview-overlay.png',
    await previewFrame(canvas, (overlayFrame * 1000) / FPS),
  );

  // Finalize: the progress, then the dialog; the status moves live on the tab without a reload.
  await page.getByRole('button', { name: 'Finalize' }).click();
  const done = page.getByRole('dialog', { name: 'Your video is being made' });
  await expect(done).toBeVisible({ timeout: 30_000 });
  await shots(page, 'dialog-finalized');
  await done.getByRole('link', { name: 'Back to Videos' }).click();
  await expect(page).toHaveURL(/\/content\?tab=animated$/);
  await page.evaluate(() => Object.assign(window, { noReload: true }));
  await expect(card.getByText(/^processing/)).toBeVisible();
  await shots(page, 'tab-processing');
  await expect(card.getByText('ready', { exact: true })).toBeVisible({ timeout: 900_000 });
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
  await shots(page, 'tab-ready');

  // Play it.
  await card.getByRole('button', { name: `Play ${name}` }).click();
  const viewer = page.getByRole('dialog', { name });
  const player = viewer.getByLabel(`Animated video: ${name}`);
  await player.evaluate((el: HTMLVideoElement) => {
    el.muted = true;
    return el.play();
  });
  await expect
    .poll(() => player.evaluate((el: HTMLVideoElement) => el.currentTime > 0.2 && el.readyState >= 2), {
      timeout: 20_000,
    })
    .toBe(true);
  await viewer.getByRole('button', { name: 'Close' }).click();

  // The rendered MP4 against the preview: SSIM at the card and at the title overlay.
  const rendered: TVideoTemplate = await getTemplate(request, boss, id);
  expect(rendered.status).toBe('rendered');
  const assetRes = await request.get(`/api/asset/${rendered._file}`, { headers: boss.headers });
  expect(assetRes.ok(), await assetRes.text()).toBe(true);
  const asset = (await assetRes.json()).data as { title: string; data: { videoUrl: string } };
  const mp4 = await request.get(asset.data.videoUrl, { headers: boss.headers });
  expect(mp4.ok()).toBe(true);
  const mp4File = join(await tempDir(), 'rendered.mp4');
  await writeFile(mp4File, await mp4.body());
  const cardSsim = await ssim(previewCard, await mp4Frame(mp4File, cardFrame));
  const overlaySsim = await ssim(previewOverlay, await mp4Frame(mp4File, overlayFrame));
  test.info().annotations.push({ type: 'ssim', description: `card ${cardSsim}, overlay ${overlaySsim}` });
  expect(cardSsim).toBeGreaterThanOrEqual(0.95);
  expect(overlaySsim).toBeGreaterThanOrEqual(0.95);

  // Put it on a job through the media chooser's Animated videos tab, and see it on the public job page.
  const job = await publishJob(request, boss, { title: 'Barista' });
  await page.goto(`/jobs/${job._id}/edit`);
  await page.getByRole('button', { name: 'Choose video from library' }).click();
  const chooser = page.getByRole('dialog', { name: 'Choose a video' });
  await chooser.getByRole('tab', { name: 'Animated videos' }).click();
  await shots(page, 'dialog-chooser-animated');
  await chooser.getByRole('button', { name }).click();
  await expect(chooser).toBeHidden();
  await expect(page.getByLabel(`Job video: ${asset.title}`)).toBeVisible();
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/job/${job._id}`, { headers: boss.headers })).json()).data._video?._id,
      { timeout: 15_000 },
    )
    .toBe(rendered._file);
  await page.goto(new URL(job.shareUrl).pathname);
  await expect(page.getByRole('heading', { name: 'Barista', level: 1 })).toBeVisible();
  const jobVideo = page.locator('video').first();
  await expect(jobVideo).toBeVisible();
  // The job page loads nothing before Play when the video has a poster: start it (muted, as autoplay allows).
  await jobVideo.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => jobVideo.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThan(0);
});

test('a viewer cannot edit or delete a template someone else made', async ({ page, request }) => {
  test.setTimeout(240_000);
  const boss = await employer(request);
  const sample = await waitForSample(request, boss.headers, SAMPLE);
  const made = await request.post('/api/video', {
    headers: boss.headers,
    data: { title: 'The boss video', data: sample.data },
  });
  expect(made.status(), await made.text()).toBe(201);
  const template = (await made.json()).data as TVideoTemplate;

  // A viewer joins the company through an invitation.
  const viewerUser = newUser();
  const { token } = await signUpOverApi(request, viewerUser);
  const invited = await request.post(`/api/company/${boss.companyId}/team`, {
    headers: boss.headers,
    data: { companyId: boss.companyId, team: { email: viewerUser.email, type: 0 } },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const code = new URL(await acceptLinkFor(request, viewerUser.email)).pathname.split('/').pop();
  const accepted = await request.post('/api/manager/accept/invite', {
    headers: bearer(token),
    data: { inviteCode: code },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const viewerHeaders = { ...bearer(token), 'x-company-id': boss.companyId };
  const patch = await request.patch(`/api/video/${template._id}`, {
    headers: viewerHeaders,
    data: { title: 'Mine now' },
  });
  expect(patch.status()).toBe(403);

  await page.goto('/sign-in');
  await signInViaForm(page, viewerUser.email, viewerUser.password);
  await expect(page).toHaveURL(/\/jobs$/, { timeout: 30_000 });
  await page.goto('/content?tab=animated');
  const card = page.getByRole('article', { name: 'The boss video' });
  await expect(card).toBeVisible();
  // The card does not open the editor, and the menu's Edit and Delete are off.
  await expect(card.getByRole('button', { name: 'Edit The boss video' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Options for The boss video' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: /Edit/ })).toHaveAttribute('aria-disabled', 'true');
  await expect(menu.getByRole('menuitem', { name: /Delete/ })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');
  // The edit route itself says so and offers a copy.
  await page.goto(`/content/edit/${template._id}`);
  await expect(
    page.getByRole('heading', { name: 'You can only edit your own animated videos' }),
  ).toBeVisible();
  await shots(page, 'editor-not-yours');
  await page.getByRole('link', { name: 'Make one like this' }).click();
  await expect(page).toHaveURL(`/content/copy/${template._id}`);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Copy of The boss video');
});

// Issue 23 items 5 and 8: a company's fourth render in a row is refused with a message the editor shows; the
// cards show each animated video's duration, as the editor's player rounds it; the opening and the closing
// stay first and last whatever is dragged. The three renders queued are one 3 s clip each (tiny renders).
test('the render limit in the editor, durations on the cards, the opening and closing in place', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const boss = await employer(request);
  const sample = await waitForSample(request, boss.headers, SAMPLE);
  const create = async (title: string, data: TVideoTemplate['data']) => {
    const res = await request.post('/api/video', { headers: boss.headers, data: { title, data } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).data as TVideoTemplate;
  };
  const clip = sample.data.sections.find((s) => s.type === 'video')!;
  const tiny = { ...sample.data, sections: [clip] };
  const queued = [];
  for (const n of ['one', 'two', 'three']) queued.push(await create(`Queued ${n}`, tiny));
  const name = 'Our open day';
  const mine = await create(name, sample.data);
  const durationOf = (t: TVideoTemplate) =>
    formatPlaybackTime(buildTemplateTimeline(t.dimension, t.data).durationMs)!;

  await page.goto('/sign-in');
  await signInViaForm(page, boss.user.email, boss.user.password);
  await expect(page).toHaveURL(/\/jobs$/, { timeout: 30_000 });

  // Each card, the samples' too, shows its duration.
  await page.goto('/content?tab=animated');
  const card = page.getByRole('article', { name });
  await expect(card.getByLabel(`Duration ${durationOf(mine)}`)).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByRole('article', { name: 'Queued one' }).getByLabel(`Duration ${durationOf(queued[0]!)}`),
  ).toBeVisible();
  const sampleCard = page.getByRole('region', { name: 'Samples' }).getByRole('article', { name: SAMPLE });
  await expect(sampleCard.getByLabel(`Duration ${durationOf(sample)}`)).toBeVisible();
  await shots(page, 'tab-durations');

  // The editor's player ends at the duration the card shows.
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(`/content/edit/${mine._id}`);
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText(new RegExp(` / ${durationOf(mine)}$`))).toBeVisible({ timeout: 30_000 });

  // The opening and the closing have no handle; a video dragged (with the keyboard) up past the first
  // section or down past the last stays inside them.
  const list = page.getByRole('list', { name: 'Sections in order' });
  const order = async () =>
    list.getByRole('listitem').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')));
  const before = await order();
  expect(before[0]).toBe('Opening');
  expect(before.at(-1)).toBe('Closing');
  await expect(list.getByRole('button', { name: 'Move Opening', exact: true })).toHaveCount(0);
  await expect(list.getByRole('button', { name: 'Move Closing', exact: true })).toHaveCount(0);
  const firstVideo = list.getByRole('button', { name: 'Move Video 1', exact: true });
  await firstVideo.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  const lastVideo = list.getByRole('button', { name: 'Move Video 2', exact: true });
  await lastVideo.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect.poll(order).toEqual(before);
  await shots(page, 'editor-sections-order');

  // Three renders of the company are queued (the in-process worker takes one at a time): Finalize in the
  // editor is refused with the limit's message, and the draft is kept.
  for (const t of queued) {
    const res = await request.post(`/api/video/${t._id}/render`, { headers: boss.headers });
    expect(res.status(), await res.text()).toBe(202);
  }
  await page.getByRole('button', { name: 'Finalize' }).click();
  const refused = page.getByRole('dialog', { name: 'Saved as a draft, not rendered yet' });
  await expect(refused).toBeVisible({ timeout: 30_000 });
  await expect(refused).toContainText(TEMPLATE_MESSAGES.renderLimit);
  await shots(page, 'editor-render-limit');
  await refused.getByRole('button', { name: 'Return' }).click();
  expect((await getTemplate(request, boss, mine._id)).status).toBe('draft');
});

// The screens of the issue at 1280 and 390 px (E2E_SHOTS_DIR): the tab full and in every status (the list
// answer is the real one with the statuses changed, since a render cannot be held in each state), the portrait
// editor, field errors, the dialogs and the JSON page.
test('screens of the animated videos', async ({ page, request }) => {
  test.skip(!SHOTS_DIR, 'screenshots only');
  test.setTimeout(600_000);
  const boss = await employer(request);
  const sample = await waitForSample(request, boss.headers, SAMPLE);
  await page.goto('/sign-in');
  await signInViaForm(page, boss.user.email, boss.user.password);
  await expect(page).toHaveURL(/\/jobs$/, { timeout: 30_000 });

  // No templates of its own yet: the empty state with Animate, and the samples below it (all three made).
  await waitForSamples(request, boss.headers);
  await page.goto('/content?tab=animated');
  await expect(page.getByText(/There are no animated videos here yet/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Samples' }).getByRole('article')).toHaveCount(3);
  await shots(page, 'tab-empty-samples');

  // 14 of its own: two pages of 12, the samples in a row of their own on both, counted in neither.
  for (let i = 1; i <= 13; i++) {
    const extra = await request.post('/api/video', {
      headers: boss.headers,
      data: { title: `Shift ${String(i).padStart(2, '0')}`, data: sample.data },
    });
    expect(extra.status(), await extra.text()).toBe(201);
  }
  const made = await request.post('/api/video', {
    headers: boss.headers,
    data: { title: 'Warehouse open day', data: sample.data },
  });
  expect(made.status(), await made.text()).toBe(201);
  const mine = (await made.json()).data as TVideoTemplate;
  await page.goto('/content?tab=animated');
  const grid = page.getByRole('region', { name: 'Animated videos', exact: true });
  const sampleRow = page.getByRole('region', { name: 'Samples' });
  await expect(grid.getByRole('article')).toHaveCount(12);
  await expect(grid.getByRole('article', { name: 'Warehouse open day' })).toBeVisible();
  await expect(sampleRow.getByRole('article')).toHaveCount(3);
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await pages.getByRole('button', { name: 'Go to page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=1(&|$)/);
  await expect(grid.getByRole('article')).toHaveCount(2);
  await expect(grid.getByRole('article', { name: 'Shift 01' })).toBeVisible();
  await expect(sampleRow.getByRole('article')).toHaveCount(3);
  await expect(pages.getByRole('button', { name: 'Go to page 3' })).toHaveCount(0);
  await shots(page, 'tab-page-2');
  // An old link past the last page lands on the last page, not on an empty grid.
  await page.goto('/content?tab=animated&page=5');
  await expect(page).toHaveURL(/[?&]page=1(&|$)/);
  await expect(grid.getByRole('article')).toHaveCount(2);
  await shots(page, 'tab-past-last-page');

  const statuses: Partial<TVideoTemplate>[] = [
    { status: 'draft', title: 'Draft: warehouse open day' },
    { status: 'preparing', progress: 0, title: 'Preparing: summer hiring' },
    { status: 'rendering', progress: 45, title: 'Rendering: meet the drivers' },
    { status: 'rendered', title: 'Ready: life at the depot' },
    {
      status: 'error',
      errorReason: 'The clip of "Meet the team" could not be read',
      title: 'Error: night shift',
    },
    { status: 'prepared', title: 'Prepared: store tour' },
  ];
  await page.route('**/api/video?skip=0&limit=12', async (route) => {
    const real = await route.fetch();
    const body = (await real.json()) as { data: TVideoTemplateList };
    const samples = body.data.samples;
    const rendered = samples.find((s) => s.thumbnail);
    const fake = Array.from({ length: 12 }, (_, i) => ({
      ...mine,
      _id: `${mine._id.slice(0, -2)}${String(i).padStart(2, '0')}`,
      thumbnail: statuses[i % statuses.length]!.status === 'rendered' ? (rendered?.thumbnail ?? null) : null,
      ...statuses[i % statuses.length],
    }));
    await route.fulfill({ json: { data: { videos: fake, videosCount: 20, samples } } });
  });
  await page.goto('/content?tab=animated');
  await expect(page.getByRole('article', { name: 'Rendering: meet the drivers' }).first()).toBeVisible({
    timeout: 30_000,
  });
  await shots(page, 'tab-every-status');
  await page.unroute('**/api/video?skip=0&limit=12');

  // The delete confirmation of a real card.
  await page.goto('/content?tab=animated');
  await page.getByRole('button', { name: 'Options for Warehouse open day' }).click();
  await page.getByRole('menuitem', { name: /Delete/ }).click();
  await expect(page.getByRole('dialog', { name: 'Delete this animated video?' })).toBeVisible();
  await shots(page, 'dialog-delete');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // The portrait editor: opening, video, closing; then the field errors.
  await page.goto('/content/create-portrait');
  // The editor's renderer loads first (slow on a loaded machine).
  await expect(page.getByRole('img', { name: /^Preview of / })).toHaveAttribute('width', '720', {
    timeout: 30_000,
  });
  await shots(page, 'editor-portrait');
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.getByRole('menuitem', { name: 'Transition' }).click();
  await page.getByRole('textbox', { name: /Closing call to action/ }).fill('');
  await page.getByRole('button', { name: 'Show what is missing' }).click();
  await expect(page.getByText("Closing call to action can't be empty.")).toBeVisible();
  await expect(page.getByText("Transition heading can't be empty.")).toBeVisible();
  await expect(page.getByText("Video can't be empty.")).toBeVisible();
  await shots(page, 'editor-errors');

  // Leaving with unsaved changes.
  await page.getByRole('button', { name: 'Back to Videos' }).click();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
  await shots(page, 'dialog-leave');
  await page.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/content\?tab=animated$/);

  // The JSON page: a stored template, then a broken template and broken JSON.
  await page.goto(`/content/json?id=${mine._id}`);
  const box = page.getByRole('textbox', { name: 'Template JSON' });
  await expect(box).toHaveValue(/"aRolls"/);
  await shots(page, 'json');
  const text = await box.inputValue();
  await box.fill(text.replace('"fontFamily": "Montserrat"', '"fontFamily": "Comic Sans"'));
  await expect(page.getByText(/^VideoPlayer template error: fontFamily/)).toBeVisible();
  await shots(page, 'json-template-error');
  await box.fill(`${text}}`);
  await expect(page.getByText('Invalid JSON')).toBeVisible();
  await shots(page, 'json-invalid');
});
