import { getTemplate, shots } from './animated-support.ts';
import { expect, signInViaForm, test } from './fixtures.ts';
import { expectRecordedAtLeast } from './media-support.ts';
import { employer, publishJob } from './public-site-support.ts';

// Issue 14: the recorder's Animate opens the animated video editor with the video just recorded (Chromium's
// fake camera) as its first clip; the animated video, finalized and rendered for real, goes on a job as an
// additional video (spec 1 "Add a video (recorded, animated, or a pasted link)") and plays on the job page.

test('Animate in the recorder starts an animated video with the recording, which then goes on a job as an additional video', async ({
  page,
  request,
}) => {
  // The render queues behind the samples a fresh server makes at first start; a loaded machine is slow.
  test.setTimeout(900_000);
  const boss = await employer(request);
  await page.goto('/sign-in');
  await signInViaForm(page, boss.user.email, boss.user.password);
  await expect(page).toHaveURL(/\/jobs$/, { timeout: 30_000 });

  // Record a clip in the library and save it.
  await page.goto('/content?tab=recorded');
  await page.locator('main header').getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Record a video' }).click();
  const recorder = page.getByRole('dialog', { name: 'Record your video' });
  await recorder.getByRole('button', { name: 'Start recording' }).click();
  await expectRecordedAtLeast(recorder.getByRole('timer'), 3);
  await recorder.getByRole('button', { name: 'Stop' }).click();
  await recorder.getByLabel('Title').fill('Front desk clip');
  await recorder.getByRole('button', { name: 'Save' }).click();
  await expect(recorder.getByText('Your video has been saved')).toBeVisible({ timeout: 30_000 });
  const animate = recorder.getByRole('button', { name: 'Animate' });
  await expect(animate).toBeEnabled();
  await shots(page, 'recorder-success');

  // Animate: the editor in the camera's format (landscape), the clip already in Video 1 (still processing).
  await animate.click();
  await expect(recorder).toBeHidden();
  await expect(page).toHaveURL(/\/content\/create-landscape\?clip=[\w-]+$/);
  const clipId = new URL(page.url()).searchParams.get('clip')!;
  await expect(page.getByRole('img', { name: /^Preview of / })).toHaveAttribute('width', '1280');
  // The one video section is "Video".
  const video = page.getByRole('listitem', { name: 'Video', exact: true });
  await expect(video.getByText(/^Clip · \d+:\d\d$/)).toBeVisible();
  await expect(video.getByLabel('Video clip')).toHaveAttribute('src', /.+/);
  const name = `Front desk ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Title' }).fill(name);
  await shots(page, 'editor-from-animate');

  // Finalize and wait for the real render.
  const finalize = page.getByRole('button', { name: 'Finalize' });
  await expect(finalize).toBeEnabled();
  await finalize.click();
  const done = page.getByRole('dialog', { name: 'Your video is being made' });
  await expect(done).toBeVisible({ timeout: 30_000 });
  const listed = await request.get('/api/video?skip=0&limit=50', { headers: boss.headers });
  const templateId = ((await listed.json()).data.videos as { _id: string; title: string }[]).find(
    (v) => v.title === name,
  )!._id;
  const made = await getTemplate(request, boss, templateId);
  expect(made.data.sections.find((s) => s.type === 'video')).toMatchObject({ video: { assetId: clipId } });
  await expect
    .poll(
      async () => {
        const t = await getTemplate(request, boss, templateId);
        return t.status === 'error' ? `error: ${t.errorReason}` : t.status;
      },
      { timeout: 800_000, intervals: [2000, 5000] },
    )
    .toBe('rendered');
  const rendered = await getTemplate(request, boss, templateId);

  // The job form: Show additional videos, Add video, the Animated videos tab.
  const job = await publishJob(request, boss, { title: 'Receptionist' });
  await page.goto(`/jobs/${job._id}/edit`);
  await page.getByRole('switch', { name: 'Show additional videos' }).click();
  await page.getByRole('button', { name: 'Add video' }).click();
  const chooser = page.getByRole('dialog', { name: 'Choose a video' });
  await chooser.getByRole('tab', { name: 'Animated videos' }).click();
  await chooser.getByRole('button', { name }).click();
  await expect(chooser).toBeHidden();
  const list = page.getByRole('list', { name: 'Additional videos' });
  await expect(list.getByRole('listitem')).toHaveText([name]);
  await expect
    .poll(
      async () => {
        const data = (await (await request.get(`/api/job/${job._id}`, { headers: boss.headers })).json())
          .data;
        return {
          show: data.showAdditionalVideos,
          ids: data.additionalVideos.map((v: { _id: string }) => v._id),
        };
      },
      { timeout: 15_000 },
    )
    .toEqual({ show: true, ids: [rendered._file] });
  await shots(page, 'job-form-animated-additional', async () => {
    await list.scrollIntoViewIfNeeded();
  });

  // The public job page plays it under More videos.
  await page.goto(new URL(job.shareUrl).pathname);
  await expect(page.getByRole('heading', { name: 'Receptionist', level: 1 })).toBeVisible();
  const more = page.getByRole('region', { name: 'More videos' });
  await expect(more).toBeVisible();
  const extra = more.locator('video').first();
  await extra.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => extra.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await shots(page, 'job-page-animated-additional', async () => {
    await more.scrollIntoViewIfNeeded();
  });
});
