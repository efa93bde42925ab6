import { expect, signInViaForm, signUpOverApi, test } from './fixtures.ts';

test('an unauthenticated visit to a private route lands on /sign-in and returns there after sign-in', async ({
  page,
  request,
}) => {
  const { user } = await signUpOverApi(request, undefined, true);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/sign-in/);
  await signInViaForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/settings$/);
});

test('log out from the profile menu, then sign in again', async ({ page, request }) => {
  const { user } = await signUpOverApi(request, undefined, true);
  await page.goto('/sign-in');
  await signInViaForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/jobs$/);
  await page.getByRole('button', { name: /account|profile/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  // The session is gone: a private route sends us back to sign-in.
  await page.goto('/jobs');
  await expect(page).toHaveURL(/\/sign-in/);
  await signInViaForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/jobs$/);
});

test('a wrong password shows the spec message', async ({ page, request }) => {
  const { user } = await signUpOverApi(request);
  await page.goto('/sign-in');
  await signInViaForm(page, user.email, 'not-the-password');
  await expect(
    page.getByText('Seems like this password is not correct. Try resetting if you forgot it.').first(),
  ).toBeVisible();
});

test('a user without a company lands on /company/new', async ({ page, request }) => {
  const { user } = await signUpOverApi(request);
  await page.goto('/sign-in');
  await signInViaForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/company\/new$/);
  await page.goto('/jobs');
  await expect(page).toHaveURL(/\/company\/new$/);
});
