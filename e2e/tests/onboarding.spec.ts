import { expect, followEmailLink, newUser, test } from './fixtures.ts';

test('sign up, verify the email from the dev mailbox, create a company and land in the shell', async ({
  page,
}) => {
  const user = newUser();
  await page.goto('/sign-up');
  await expect(
    page
      .getByRole('heading', { name: 'Let’s get started…' })
      .or(page.getByRole('heading', { name: "Let's get started…" })),
  ).toBeVisible();
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel(/email/i).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: /sign up|create account|get started/i }).click();

  // A new user has no company yet: the guard sends them to /company/new.
  await expect(page).toHaveURL(/\/company\/new$/);
  await expect(page.getByRole('heading', { name: `Welcome ${user.firstName}` })).toBeVisible();

  await followEmailLink(page, user.email, /confirm|verify/);
  await expect(page).toHaveURL(/\/confirm-email\?verify-token=/);
  await expect(page.getByText('Thank you, your email address is confirmed.')).toBeVisible();
  await page
    .getByRole('button', { name: 'Continue' })
    .or(page.getByRole('link', { name: 'Continue' }))
    .click();

  await expect(page).toHaveURL(/\/company\/new$/);
  // Name is prefilled from the email domain.
  await expect(page.getByLabel(/company name/i)).toHaveValue('Northwind E2e');
  await page.getByLabel(/company name/i).fill(`Northwind ${Date.now()}`);
  await page.getByLabel(/industry/i).click();
  await page.getByRole('option', { name: 'Retail' }).click();
  await page.getByLabel(/bio/i).fill('We roast coffee and hire kind people.');
  await page.getByLabel(/city/i).fill('Leeds');
  await page.getByLabel(/country/i).fill('United Kingdom');
  await page.getByRole('button', { name: /create company/i }).click();

  await expect(page).toHaveURL(/\/jobs$/);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Jobs' })).toBeVisible();
  // Verified users see no verify-email banner.
  await expect(page.getByRole('button', { name: 'Resend email' })).toHaveCount(0);
});

test('a free-mail sign-up is refused with the spec message', async ({ page }) => {
  await page.goto('/sign-up');
  await page.getByLabel('First name').fill('Fran');
  await page.getByLabel('Last name').fill('Free');
  await page.getByLabel(/email/i).fill('fran.free@gmail.com');
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-42');
  await page.getByRole('button', { name: /sign up|create account|get started/i }).click();
  await expect(page.getByText('Only corporate email addresses are allowed.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/sign-up/);
});
