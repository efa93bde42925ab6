import { expect, signInViaForm, test } from './fixtures.ts';
import { applyOverApi, candidateEmail, DESKTOP, shots, viewerOf } from './applicants-support.ts';
import { employer, publishJob } from './public-site-support.ts';

// Issue 17 item 7: a Viewer is shown what they cannot use as such. The job editor says it is read-only (not
// Edit) and has no formatting toolbar over the read-only description; the applicants list has no Actions
// button (its menu would be empty for them).

test.use({ viewport: DESKTOP });

test('a Viewer sees the job editor as read-only and no Actions on the applicants list', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const boss = await employer(request);
  const job = await publishJob(request, boss, { title: 'Barista', isVideoOptional: true });
  await applyOverApi(request, job, {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: candidateEmail('Grace'),
  });
  const viewer = await viewerOf(request, boss);

  await page.goto('/sign-in');
  await signInViaForm(page, viewer.user.email, viewer.user.password);
  await expect(page).toHaveURL(/\/jobs$/, { timeout: 30_000 });

  await page.goto(`/jobs/${job._id}/edit`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('View job', { timeout: 30_000 });
  await expect(page.getByText('Read-only', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/^View Barista/);
  const description = page.getByRole('textbox', { name: 'Job description' });
  await expect(description).toBeVisible();
  await expect(description).toHaveAttribute('contenteditable', 'false');
  await expect(description).toHaveAttribute('aria-readonly', 'true');
  // No formatting toolbar over text that cannot be changed.
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Bold' })).toBeHidden();
  await shots(page, 'job-editor-viewer');

  await page.goto(`/jobs/${job._id}/view`);
  await expect(page.getByRole('table', { name: 'Applicants' }).getByText('Grace Hopper')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Actions' })).toHaveCount(0);
});

test('an admin has the formatting toolbar, each control named, and the page says Edit', async ({
  page,
  request,
}) => {
  const boss = await employer(request);
  const job = await publishJob(request, boss, { title: 'Barista', isVideoOptional: true });
  await page.goto('/sign-in');
  await signInViaForm(page, boss.user.email, boss.user.password);
  await expect(page).toHaveURL(/\/jobs$/, { timeout: 30_000 });
  await page.goto(`/jobs/${job._id}/edit`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit', { timeout: 30_000 });
  await expect(page.getByText('Read-only', { exact: true })).toHaveCount(0);
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await expect(toolbar).toBeVisible();
  for (const name of ['Text style', 'Bold', 'Italic', 'Underline', 'Numbered list', 'Bulleted list', 'Link'])
    await expect(toolbar.getByRole('button', { name, exact: true })).toBeVisible();
  await toolbar.getByRole('button', { name: 'Text style' }).click();
  await expect(toolbar.getByRole('button', { name: 'Heading 2' })).toBeVisible();
});
