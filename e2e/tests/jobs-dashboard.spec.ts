import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { shots } from './applicants-support.ts';
import { expect, signUpOverApi, test } from './fixtures.ts';

// spec 1 §2 Jobs dashboard, §4 Job status and the share/duplicate/reorder/delete actions, against the real API.

const auth = (token: string, companyId?: string) => ({
  authorization: `Bearer ${token}`,
  ...(companyId ? { 'x-company-id': companyId } : {}),
});

async function companyOf(request: APIRequestContext, token: string): Promise<string> {
  const me = await request.get('/api/manager/me', { headers: auth(token) });
  expect(me.ok(), await me.text()).toBe(true);
  return (await me.json()).data._company;
}

// Confirms the email the way a person does: the link of the dev mailbox, posted to the verify endpoint.
async function verifyOverApi(request: APIRequestContext, email: string, token: string) {
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()).data ?? [])
          .length,
    )
    .toBeGreaterThan(0);
  const mails = (await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json())
    .data as {
    text: string;
  }[];
  const verifyToken = mails.map((m) => /verify-token=([\w-]+)/.exec(m.text)?.[1]).find(Boolean);
  expect(verifyToken).toBeTruthy();
  const res = await request.post('/api/manager/signup/email/verify', {
    headers: auth(token),
    data: { token: verifyToken },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function signInWithCookies(context: BrowserContext, baseURL: string, token: string, companyId: string) {
  await context.addCookies([
    { name: 'auth-token', value: token, url: baseURL },
    { name: 'company-id', value: companyId, url: baseURL },
  ]);
}

async function createJobOverApi(request: APIRequestContext, token: string, companyId: string, title: string) {
  const res = await request.post('/api/job', {
    headers: auth(token, companyId),
    data: {
      title,
      postHeading: `Join us as ${title}`,
      location: { city: 'Leeds', country: 'United Kingdom' },
      description: { ops: [{ insert: `We are hiring a ${title}.\n` }] },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { _id: string; title: string };
}

const cardTitles = (page: Page) =>
  page.getByRole('region', { name: /^Jobs/ }).getByRole('heading', { level: 2 });
const openMenu = (page: Page, title: string) =>
  page.getByRole('button', { name: `More actions for ${title}` }).click();
// The reorder grid's live region (dnd-kit's, role status): it says each lift, move and drop.
const reorderAnnouncement = (page: Page) =>
  page.getByRole('status').filter({ hasText: /^(Picked up|.+ moved to|.+ dropped at) / });
const savedTitles = async (request: APIRequestContext, token: string, companyId: string) => {
  const res = await request.get('/api/job', { headers: auth(token, companyId) });
  return ((await res.json()).data as { title: string }[]).map((j) => j.title);
};

test.describe('jobs dashboard', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('first job from the empty state, publish, share, duplicate, reorder and delete', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { user, token } = await signUpOverApi(request, undefined, true);
    await verifyOverApi(request, user.email, token);
    const companyId = await companyOf(request, token);
    await signInWithCookies(context, baseURL!, token, companyId);

    // Empty state → add listing → first-job prompt.
    await page.goto('/jobs');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New Job' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a new listing' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Head Chef');
    await dialog.getByRole('button', { name: 'Create listing' }).click();
    await expect(page.getByText('Please fill the required fields:')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Job post heading' }).fill('Lead our kitchen');
    // The location is the editor's autocomplete: typed text that is not chosen is not a place.
    const location = dialog.getByRole('combobox', { name: /Location/ });
    await location.fill('Manc');
    // Leave the field without a click: the open suggestions may cover the fields below it.
    await dialog.getByRole('textbox', { name: 'Short description' }).focus();
    await expect(location).toHaveValue('');
    await expect(dialog.getByText('Choose a place from the suggestions')).toBeVisible();
    await location.fill('Leeds');
    await page
      .getByRole('option', { name: /^Leeds, / })
      .first()
      .click();
    await expect(location).toHaveValue(/^Leeds, .*United Kingdom$/);
    await dialog.getByRole('textbox', { name: 'Short description' }).fill('Run a kitchen of eight.');
    await dialog.getByRole('button', { name: 'Create listing' }).click();
    const prompt = page.getByRole('dialog', { name: 'Add details to your first job?' });
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await expect(cardTitles(page)).toHaveText(['Head Chef']);

    // Publish through the first-job dialog: 'Cancel' publishes anyway.
    const live = page.getByRole('switch', { name: 'Live: Head Chef' });
    await expect(live).not.toBeChecked();
    await live.click();
    await page
      .getByRole('dialog', { name: 'Add details to your first job?' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await expect(live).toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Live: Head Chef' })).toBeChecked();

    // Share: copy the job link, make a short link and follow it.
    await openMenu(page, 'Head Chef');
    await page.getByRole('menuitem', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share “Head Chef”' });
    const jobLink = share.getByRole('textbox', { name: 'Job link' });
    await expect(jobLink).toHaveValue(/\/job\/.+utm_campaign=share-reward/);
    const shareUrl = await jobLink.inputValue();
    await share.getByRole('button', { name: 'Copy' }).first().click();
    await expect(page.getByText('Link has been successfully copied to the clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
    await share.getByRole('button', { name: 'Create a short link' }).click();
    const shortLink = share.getByRole('textbox', { name: 'Short link' });
    await expect(shortLink).toHaveValue(/\/s\/\w+$/);
    const redirect = await request.get(await shortLink.inputValue(), { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    // Short links lead only to the company's own pages, so they answer a path on this site.
    const { pathname, search } = new URL(shareUrl);
    expect(redirect.headers().location).toBe(`${pathname}${search}`);
    await share.getByRole('button', { name: 'Close' }).click();

    // Duplicate.
    await openMenu(page, 'Head Chef');
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await expect(page.getByText('Your job has been successfully copied')).toBeVisible();
    await expect(cardTitles(page)).toHaveText(['Head Chef', 'Head Chef (copy)']);

    // A third job so two cards can swap (the first job stays pinned on top).
    await createJobOverApi(request, token, companyId, 'Barista');
    await page.reload();
    await expect(cardTitles(page)).toHaveText(['Head Chef', 'Head Chef (copy)', 'Barista']);

    // Reorder by drag. dnd-kit settles the card's new place in a render after the pointer moves; releasing
    // before it (the move announced) drops the card where it was.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Move Barista' })).toBeVisible();
    await shots(page, 'jobs-reorder');
    const announced = reorderAnnouncement(page);
    const from = await page.getByRole('button', { name: 'Move Barista' }).boundingBox();
    const to = await page.getByRole('button', { name: 'Move Head Chef (copy)' }).boundingBox();
    await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
    await page.mouse.down();
    await page.mouse.move(from!.x - 20, from!.y + 10, { steps: 5 });
    await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2, { steps: 15 });
    await expect(announced).toHaveText('Barista moved to position 1 of 2.');
    await page.mouse.up();
    await expect(announced).toHaveText('Barista dropped at position 1 of 2.');
    await expect(cardTitles(page)).toHaveText(['Head Chef', 'Barista', 'Head Chef (copy)']);
    await expect
      .poll(() => savedTitles(request, token, companyId))
      .toEqual(['Head Chef', 'Barista', 'Head Chef (copy)']);

    // Reorder by keyboard: Space lifts, an arrow moves, Space drops; each key waits for the step before it
    // to be announced (a Space pressed before the move settles drops the card where it was).
    await page.getByRole('button', { name: 'Move Head Chef (copy)' }).focus();
    await page.keyboard.press('Space');
    await expect(announced).toHaveText('Picked up Head Chef (copy). It is at position 2 of 2.');
    // dnd-kit starts listening for arrows from a timer after the lift, which a busy page runs after keys
    // already queued: an arrow that lands first does nothing (no move, nothing said), so press it again.
    // A second arrow is harmless: there is no place left of position 1.
    await expect(async () => {
      await page.keyboard.press('ArrowLeft');
      await expect(announced).toHaveText('Head Chef (copy) moved to position 1 of 2.', { timeout: 2_000 });
    }).toPass();
    await page.keyboard.press('Space');
    await expect(announced).toHaveText('Head Chef (copy) dropped at position 1 of 2.');
    await expect(cardTitles(page)).toHaveText(['Head Chef', 'Head Chef (copy)', 'Barista']);
    // The reload below must read the saved order, not race the save.
    await expect
      .poll(() => savedTitles(request, token, companyId))
      .toEqual(['Head Chef', 'Head Chef (copy)', 'Barista']);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    await expect(cardTitles(page)).toHaveText(['Head Chef', 'Head Chef (copy)', 'Barista']);

    // Delete with confirmation.
    await openMenu(page, 'Barista');
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete this job?' });
    await expect(confirmDelete).toBeVisible();
    await shots(page, 'jobs-delete-confirm');
    await confirmDelete.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Your job has been deleted successfully.')).toBeVisible();
    await expect(cardTitles(page)).toHaveText(['Head Chef', 'Head Chef (copy)']);
  });

  test('a viewer sees no New, duplicate, export, delete or working toggle, and gets the tooltips', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    // The demo admin adds a job to the demo company; the demo viewer looks at it.
    const admin = await request.post('/api/manager/signin/email', {
      data: { email: 'admin@demo.hirecast.io', password: 'hirecast-demo' },
    });
    expect(admin.ok(), await admin.text()).toBe(true);
    const adminToken: string = (await admin.json()).data['access-token'];
    const companyId = await companyOf(request, adminToken);
    const title = `Viewer check ${Date.now()}`;
    await createJobOverApi(request, adminToken, companyId, title);

    const viewer = await request.post('/api/manager/signin/email', {
      data: { email: 'viewer@demo.hirecast.io', password: 'hirecast-demo' },
    });
    expect(viewer.ok(), await viewer.text()).toBe(true);
    await signInWithCookies(context, baseURL!, (await viewer.json()).data['access-token'], companyId);

    await page.goto(`/jobs?search=${encodeURIComponent(title)}`);
    await expect(cardTitles(page)).toHaveText([title]);
    await expect(page.getByRole('button', { name: 'New', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New Job' })).toHaveCount(0);

    const toggle = page.getByRole('switch', { name: `Live: ${title}` });
    await expect(toggle).toBeDisabled();
    await page.getByTestId('live-toggle-viewer').hover();
    await expect(
      page.getByRole('tooltip', { name: "Viewers can't publish and unpublish jobs." }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Edit', exact: true }).locator('..').hover();
    await expect(
      page.getByRole('tooltip', { name: 'Only admins and job managers can edit these settings.' }),
    ).toBeVisible();

    await openMenu(page, title);
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Tracking data' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Duplicate' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Export emails' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
  });

  test("an unverified user gets 'Confirm your email to publish jobs'", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { token } = await signUpOverApi(request, undefined, true);
    const companyId = await companyOf(request, token);
    await createJobOverApi(request, token, companyId, 'Line Cook');
    await signInWithCookies(context, baseURL!, token, companyId);

    await page.goto('/jobs');
    const toggle = page.getByRole('switch', { name: 'Live: Line Cook' });
    await toggle.click();
    await expect(page.getByText('Confirm your email to publish jobs')).toBeVisible();
    await expect(toggle).not.toBeChecked();
  });
});
