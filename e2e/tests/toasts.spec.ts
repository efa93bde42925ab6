import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, signInViaForm, test } from './fixtures.ts';
import { employer, PHONE, publishJob } from './public-site-support.ts';

// Issue 17 item 8: at 390 px a toast covers neither the top bar (menu, avatar) nor, in a dialog, the dialog's
// title; toasts in a dialog reach screen readers (Playwright's role queries skip what aria-hides), and they
// are announced: role=status for news, role=alert for errors.

const SHOTS_DIR = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  await mkdir(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `${name}-${page.viewportSize()?.width}.png`) });
}

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  expect(b, 'on screen').not.toBeNull();
  return b!;
};

/** What the browser shows at the middle of `target`: `target` itself, not something laid over it. */
const uncovered = (target: Locator) =>
  target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return top !== null && (el === top || el.contains(top));
  });

for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
  test(`toasts at ${viewport.width} px: under the top bar and the dialog title, and announced`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const boss = await employer(request);
    await publishJob(request, boss, { title: 'Barista', isVideoOptional: true });
    await page.goto('/sign-in');
    await signInViaForm(page, boss.user.email, boss.user.password);
    await expect(page).toHaveURL(/\/jobs$/, { timeout: 30_000 });

    // A success toast on the page: a status message below the top bar, which stays usable.
    await page.getByRole('button', { name: 'More actions for Barista' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    const copied = page.getByRole('status').filter({ hasText: 'Your job has been successfully copied' });
    await expect(copied).toBeVisible();
    const bar = page.locator('header').first();
    expect((await box(copied)).y).toBeGreaterThanOrEqual((await box(bar)).y + (await box(bar)).height);
    const avatar = page.getByRole('button', { name: /^Profile menu for / });
    expect(await uncovered(avatar)).toBe(true);
    if (viewport.width < 600)
      expect(await uncovered(page.getByRole('button', { name: 'Open navigation' }))).toBe(true);
    await shot(page, 'toast-page');
    // It hides itself after 4 s unless the pointer rests on it (paused on hover): the pointer leaves, the toast
    // goes. (Closing it with a click raced that timer on a loaded machine: the toast was gone before the click.)
    await page.mouse.move(1, viewport.height - 1);
    await expect(copied).toBeHidden();

    // An error toast in a dialog: an alert screen readers reach, below the dialog's title.
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a new listing' });
    await dialog.getByRole('button', { name: 'Create listing' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Please fill the required fields' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Title');
    const title = dialog.getByRole('heading', { name: 'Add a new listing' });
    const titleBox = await box(title);
    expect((await box(alert)).y).toBeGreaterThanOrEqual(titleBox.y + titleBox.height);
    expect(await uncovered(title)).toBe(true);
    await shot(page, 'toast-dialog');
  });
}
