import { expect, newUser, signInViaForm, signUpOverApi, test } from './fixtures.ts';

const TITLES = [
  '1. Welcome to Hirecast',
  '2. Post your first job',
  '3. Record a video for your library',
  '4. Review your applicants',
];

// spec 3 §2 Onboarding videos: the server makes them with ffmpeg on its first start; the page lists them in
// their number order and plays them.
test('the onboarding page lists the shipped videos in order and plays one', async ({ page, request }) => {
  test.setTimeout(240_000);
  const user = newUser();
  await signUpOverApi(request, user, true);
  await page.goto('/sign-in');
  await signInViaForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/jobs$/);

  // They are made in the background after start-up: reload until all four are there.
  await expect
    .poll(
      async () => {
        await page.goto('/onboarding');
        await page.getByRole('heading', { level: 1 }).waitFor();
        return page.getByRole('button', { name: /^Play / }).allTextContents();
      },
      { timeout: 90_000, intervals: [2000] },
    )
    .toEqual(TITLES);

  await page.getByRole('button', { name: `Play ${TITLES[1]}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: TITLES[1] })).toBeVisible();
  const video = dialog.locator('video');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 60_000 })
    .toBeGreaterThan(0);
});
