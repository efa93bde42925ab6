import { expect, followEmailLink, signUpOverApi, test } from './fixtures.ts';

test('forgot password, reset from the emailed link, and be signed in', async ({ page, request }) => {
  const { user } = await signUpOverApi(request, undefined, true);
  await page.goto('/sign-in');
  await page.getByRole('link', { name: /forgot/i }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel(/email/i).fill(user.email);
  await page.getByRole('button', { name: /send|reset/i }).click();
  await expect(
    page.getByText('Great! We have sent you a reset link. Please check your email.').first(),
  ).toBeVisible();

  await followEmailLink(page, user.email, /reset|password/);
  await expect(page).toHaveURL(/\/forgot-password\?reset-token=/);
  await page.getByLabel(/^new password/i).fill('brand-new-secret-7');
  await page.getByLabel(/confirm/i).fill('brand-new-secret-7');
  await page.getByRole('button', { name: /set|save|reset/i }).click();
  await expect(page.getByText('Great! We have set a new password for you.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/jobs$/);

  // The old password no longer works; the new one does.
  const old = await request.post('/api/manager/signin/email', {
    data: { email: user.email, password: user.password },
  });
  expect(old.status()).toBe(401);
  const fresh = await request.post('/api/manager/signin/email', {
    data: { email: user.email, password: 'brand-new-secret-7' },
  });
  expect(fresh.status()).toBe(200);
});
