import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signInViaForm, test } from './fixtures.ts';
import { DESKTOP, shots } from './applicants-support.ts';
import { employer, PHONE, publishJob } from './public-site-support.ts';

// Issue 35 item 1 in Chromium: an admin creates an API key in Settings › Integrations, copies it, another
// system lists the company's jobs with it, the admin revokes it and the same call answers 401. (Webhooks have
// their own spec, webhooks.spec.ts.)

test.use({ viewport: DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
async function axe(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `${where}: ${v.id} (${v.impact}) ${n.target.join(' ')} — ${n.failureSummary}`),
  );
}

test('API keys: an admin creates a key in Settings › Integrations, the key lists jobs, then is revoked', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const boss = await employer(request);
  const job = await publishJob(request, boss, { title: 'Barista', isVideoOptional: true });

  await page.goto('/sign-in');
  await signInViaForm(page, boss.user.email, boss.user.password);
  // Signing in hashes the password (argon2): slow on a busy 2-core machine.
  await expect(page).not.toHaveURL(/\/sign-in/, { timeout: 90_000 });
  await page.goto('/settings?tab=integrations');
  await expect(page.getByRole('tab', { name: 'Integrations' })).toHaveAttribute('aria-selected', 'true', {
    timeout: 30_000,
  });
  await expect(page.getByText('No API keys yet.')).toBeVisible();
  await shots(page, 'api-keys-empty');

  // Create: name, scopes, no expiry; a bad name is refused in the dialog first.
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByText('Give the key a name.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Greenhouse sync');
  await expect(dialog.getByText('Give the key a name.')).toBeHidden();
  await expect(dialog.getByRole('checkbox', { name: /^Read/ })).toBeChecked();
  await dialog.getByRole('checkbox', { name: /^Write/ }).check();
  await shots(page, 'api-keys-create-dialog');
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your key “Greenhouse sync”' });
  await expect(shown.getByText('you will not see it again')).toBeVisible();
  const field = shown.getByRole('textbox', { name: 'API key' });
  const key = await field.inputValue();
  expect(key).toMatch(/^hc_live_[\w-]{43}$/);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(page.locator('.Toastify').getByText('API key copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  expect(await axe(page, 'key shown once')).toEqual([]);
  await shots(page, 'api-keys-shown-once');
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  // The key lists the company's jobs, with no session and no company header.
  const withKey = { authorization: `Bearer ${key}` };
  const jobs = await request.get('/api/job', { headers: withKey });
  expect(jobs.status(), await jobs.text()).toBe(200);
  expect(((await jobs.json()).data as { _id: string }[]).map((j) => j._id)).toEqual([job._id]);
  expect(jobs.headers()['ratelimit-policy']).toBe('"per-key";q=400;w=60');

  // The list: the prefix only, the creator, the scopes, and now a last use.
  await page.reload();
  const table = page.getByRole('table', { name: 'API keys' });
  const row = table.getByRole('row', { name: /Greenhouse sync/ });
  await expect(row).toContainText(key.slice(0, 14));
  await expect(row).not.toContainText(key);
  await expect(row).toContainText('Read, Write');
  await expect(row).toContainText(`by ${boss.user.firstName} ${boss.user.lastName}`);
  await expect(row.getByRole('cell').nth(4)).not.toHaveText('Never');
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expect(page.getByRole('button', { name: 'Revoke Greenhouse sync' })).toBeVisible();
    expect(await axe(page, `Integrations at ${size.width} px`)).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
  await shots(page, 'api-keys-list');

  // Revoke, with a confirm; the key answers 401 at once.
  await page.getByRole('button', { name: 'Revoke Greenhouse sync' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Revoke “Greenhouse sync”?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.locator('.Toastify').getByText('“Greenhouse sync” was revoked.')).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(page.getByRole('button', { name: 'Revoke Greenhouse sync' })).toHaveCount(0);
  const after = await request.get('/api/job', { headers: withKey });
  expect(after.status()).toBe(401);
  await shots(page, 'api-keys-revoked');
});
