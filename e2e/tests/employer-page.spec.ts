import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect, signInViaForm, test, type TTestUser } from './fixtures.ts';
import { memberOf, shots } from './applicants-support.ts';
import { listVideos, makePng, makeVideo, uploadImage, uploadVideo } from './media-support.ts';
import AxeBuilder from '@axe-core/playwright';
import { employer, publishJob, type TEmployer } from './public-site-support.ts';

// Issue 15 item 2 (spec 3 §2 Employer career page, §4 reorder, §5 cards, §6, §8): an admin builds the career
// page at /employer against the real API; the public page shows the blocks in the order the admin left them.

// Every edit here is a write the server answers with the whole page; with eight engineers' tests on two cores a
// write has been seen to take over 10 s, so this spec waits up to 30 s for what each step shows.
const expect = baseExpect.configure({ timeout: 30_000 });

const QUOTE = 'We cook for the people we love, every single day.';

const reorderAnnouncement = (page: Page) =>
  page.getByRole('status').filter({ hasText: /^(Picked up|.+ moved to|.+ dropped at) / });
const moveHandles = (page: Page) =>
  page
    .getByRole('region', { name: 'Career page blocks, reorder mode' })
    .getByRole('button', { name: /^Move / });
const handleNames = async (page: Page) =>
  (await moveHandles(page).evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''))).map(
    (n) => n.replace(/^Move /, ''),
  );

async function savedOrder(request: APIRequestContext, boss: TEmployer) {
  const res = await request.get(`/api/company-page/${boss.companyId}/company`, { headers: boss.headers });
  expect(res.ok(), await res.text()).toBe(true);
  const page = (await res.json()).data as {
    pages: { WHY_JOIN: { sortedBlocks: { type: string; _id: string }[] } };
  };
  return page.pages.WHY_JOIN.sortedBlocks.map((b) => b.type);
}

// The shared sign-in helper waits 10 s for the app after the form; a busy machine can take longer to load it.
async function signIn(page: Page, { user }: { user: TTestUser }) {
  await page.goto('/sign-in');
  await signInViaForm(page, user.email, user.password);
  await expect(page).not.toHaveURL(/\/sign-in/);
}

test.describe('employer career page', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('an admin builds the page; the public page shows it in that order', async ({ page, request }) => {
    test.setTimeout(600_000);
    const boss = await employer(request);
    await publishJob(request, boss, { title: 'Head Chef' });
    // spec 3 §2: the page takes the company's colours (spec 2 settings).
    const coloured = await request.patch(`/api/company/${boss.companyId}`, {
      headers: boss.headers,
      data: { primaryColor: '#1F6F8B', backgroundColor: '#F4F8FA' },
    });
    expect(coloured.ok(), await coloured.text()).toBe(true);
    const company = (
      await (await request.get(`/api/company/${boss.companyId}`, { headers: boss.headers })).json()
    ).data as { name: string; slug: string };

    // A library image (the banner) and a video (the video card and the story).
    await signIn(page, boss);
    await page.goto('/content?tab=images');
    await uploadImage(page, await makePng('banner'));
    await page.goto('/content?tab=recorded');
    await uploadVideo(page, await makeVideo('day-one'), 'Day one');

    await page.goto('/employer');
    await expect(page.getByRole('heading', { name: company.name, level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Why Us' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('career-page')).toHaveCSS('background-color', 'rgb(244, 248, 250)');
    await expect(page.getByRole('button', { name: 'Add content' })).toHaveCSS('color', 'rgb(31, 111, 139)');
    await shots(page, 'employer-why-us-empty');

    // Banner through the image dialog.
    await page.getByRole('button', { name: 'Add Banner' }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose an image' });
    await shots(page, 'employer-banner-chooser');
    await chooser.getByRole('button', { name: 'New image' }).click();
    await expect(page.getByRole('img', { name: 'Company banner' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Replace' })).toBeVisible();

    // A text card.
    await page.getByRole('button', { name: 'Add content' }).click();
    await page.getByRole('menuitem', { name: 'Text card' }).click();
    await page.getByRole('textbox', { name: 'Heading' }).fill('Our kitchen');
    await page
      .getByRole('textbox', { name: 'Text' })
      .fill('Twelve cooks, one open kitchen, fresh bread at six.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Our kitchen' })).toBeVisible();

    // A quote.
    await page.getByRole('button', { name: 'Add content' }).click();
    await page.getByRole('menuitem', { name: 'Quote' }).click();
    await page.getByRole('textbox', { name: 'Quote' }).fill(QUOTE);
    await page.getByRole('textbox', { name: 'Author' }).fill('Maria, head chef');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Quote by Maria, head chef' })).toBeVisible();

    // A video from the library.
    await page.getByRole('button', { name: 'Add content' }).click();
    await shots(page, 'employer-add-menu', { desktopOnly: true });
    await page.getByRole('menuitem', { name: 'Video', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Choose a video' })
      .getByRole('button', { name: 'Day one' })
      .click();
    await expect(page.getByRole('region', { name: 'Video Day one' })).toBeVisible();

    // Statistics (a default card): saved 700 ms after the last key; a future year is refused.
    const stats = page.getByRole('region', { name: 'Statistics' });
    await stats.getByRole('textbox', { name: 'Founding year' }).fill('3020');
    await expect(stats.getByText('Year cannot be later than the current year')).toBeVisible();
    await stats.getByRole('textbox', { name: 'Founding year' }).fill('1998');
    await stats.getByRole('textbox', { name: 'Employees' }).fill('40');
    await stats.getByRole('textbox', { name: 'Men', exact: true }).fill('18');
    await stats.getByRole('textbox', { name: 'Women' }).fill('20');
    await expect(stats.getByText('The number of men and women does not add up')).toBeVisible();
    await stats.getByRole('textbox', { name: 'Women' }).fill('22');
    await expect(stats.getByText('Saved')).toBeVisible();
    await shots(page, 'employer-why-us-edit');

    // Reorder with the mouse: the quote to the top. dnd-kit lifts after a 100 ms hold.
    await page.getByRole('button', { name: 'Reorder' }).click();
    const announced = reorderAnnouncement(page);
    const before = await handleNames(page);
    expect(before.slice(-3)).toEqual(['Text card Our kitchen', 'Quote by Maria, head chef', 'Video Day one']);
    await shots(page, 'employer-reorder');
    // The compact rows of reorder mode fit in the window: no scrolling while dragging.
    await page
      .getByRole('region', { name: 'Career page blocks, reorder mode' })
      .evaluate((el) => el.scrollIntoView({ block: 'start' }));
    const from = await page.getByRole('button', { name: 'Move Quote by Maria, head chef' }).boundingBox();
    const to = await moveHandles(page).first().boundingBox();
    await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
    await page.mouse.down();
    await expect(announced).toHaveText(/^Picked up Quote by Maria, head chef\./);
    await page.mouse.move(from!.x, from!.y - 40, { steps: 5 });
    await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2 - 20, { steps: 20 });
    await expect(announced).toHaveText(`Quote by Maria, head chef moved to position 1 of ${before.length}.`);
    await page.mouse.up();
    await expect(announced).toHaveText(
      `Quote by Maria, head chef dropped at position 1 of ${before.length}.`,
    );

    // Reorder with the keyboard: the text card one place up.
    await page.getByRole('button', { name: 'Move Text card Our kitchen' }).focus();
    await page.keyboard.press('Space');
    await expect(announced).toHaveText(/^Picked up Text card Our kitchen\./);
    const textAt = before.indexOf('Text card Our kitchen') + 1; // after the quote moved above it, same index + 1
    await expect(async () => {
      await page.keyboard.press('ArrowUp');
      await expect(announced).toHaveText(
        `Text card Our kitchen moved to position ${textAt} of ${before.length}.`,
        {
          timeout: 2_000,
        },
      );
    }).toPass();
    await page.keyboard.press('Space');
    await expect(announced).toHaveText(
      `Text card Our kitchen dropped at position ${textAt} of ${before.length}.`,
    );
    const after = await handleNames(page);
    expect(after[0]).toBe('Quote by Maria, head chef');
    expect(after.indexOf('Text card Our kitchen')).toBe(after.indexOf('Socials') - 1);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Reorder' })).toBeVisible();
    const typesInOrder = after.map((name) =>
      name.startsWith('Quote')
        ? 'QUOTE'
        : name.startsWith('Text card')
          ? 'TEXT_AREA'
          : name.startsWith('Video')
            ? 'VIDEO_ASSET'
            : (
                { Statistics: 'STATISTIC', Socials: 'SOCIALS', 'Latest jobs': 'LATEST_JOBS' } as Record<
                  string,
                  string
                >
              )[name],
    );
    await expect.poll(() => savedOrder(request, boss)).toEqual(typesInOrder);

    // An employee story on the Stories tab.
    await page.getByRole('tab', { name: 'Stories' }).click();
    await expect(page).toHaveURL(/tab=stories/);
    await page.getByRole('button', { name: 'Add story' }).click();
    const story = page.getByRole('dialog', { name: 'Add employee story' });
    await story.getByRole('textbox', { name: 'Name' }).fill('Zoe Price');
    await expect(story.getByRole('textbox', { name: 'URL slug' })).toHaveValue('zoe-price');
    await story.getByRole('textbox', { name: 'Position' }).fill('Pastry chef');
    await story.getByRole('textbox', { name: 'Quote' }).fill('I came for a summer and stayed for six years.');
    await story.getByRole('textbox', { name: 'Story' }).fill('Zoe joined us as a kitchen porter in 2019.');
    await story.getByRole('button', { name: 'Choose video' }).click();
    await page
      .getByRole('dialog', { name: 'Choose a video' })
      .getByRole('button', { name: 'Day one' })
      .click();
    await expect(story.getByText('Day one')).toBeVisible();
    await shots(page, 'employer-story-dialog');
    await story.getByRole('button', { name: 'Add story' }).click();
    await expect(page.getByText('Great, your new employee story has been saved.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Story of Zoe Price' })).toBeVisible();
    await shots(page, 'employer-stories');

    // The same name again is refused with the spec's message.
    await page.getByRole('button', { name: 'Add story' }).click();
    await story.getByRole('textbox', { name: 'Name' }).fill('Zoe Price');
    await story.getByRole('textbox', { name: 'Position' }).fill('Baker');
    await story.getByRole('button', { name: 'Choose video' }).click();
    await page
      .getByRole('dialog', { name: 'Choose a video' })
      .getByRole('button', { name: 'Day one' })
      .click();
    await story.getByRole('button', { name: 'Add story' }).click();
    await expect(story.getByText('This name is already taken. Please choose a different one.')).toBeVisible();
    await story.getByRole('button', { name: 'Cancel' }).click();
    const unsaved = page.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(unsaved).toContainText('Are you sure you want to close this window without saving changes?');
    await shots(page, 'employer-unsaved-close');
    await unsaved.getByRole('button', { name: 'Close anyway' }).click();
    await expect(story).toBeHidden();

    await page.getByRole('tab', { name: 'Benefits' }).click();
    await shots(page, 'employer-benefits');
    await page.getByRole('tab', { name: 'Jobs' }).click();
    await expect(page.getByRole('link', { name: 'Head Chef' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reorder' })).toBeHidden();
    await shots(page, 'employer-jobs');

    // The embed code, copied to the clipboard.
    await page.getByRole('button', { name: 'Copy embed code' }).click();
    const embed = page.getByRole('dialog', { name: 'Embed your career page' });
    const snippet = await embed.getByRole('textbox', { name: 'Embed code' }).inputValue();
    expect(snippet).toContain(`/company/${company.slug}?embed=1`);
    await shots(page, 'employer-embed-dialog');
    await embed.getByRole('button', { name: 'Copy code' }).click();
    await expect(page.getByText('Link has been successfully copied to the clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    await embed.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('tab', { name: 'Why Us' }).click();
    // axe on the career page editor. The app bar is the shell's (its profile button is named by the person
    // while it shows their initials), checked with the shell, not here.
    const axe = await new AxeBuilder({ page }).exclude('header').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    // The public page plays only processed videos: wait for the pipeline (slow when the machine is busy).
    await expect
      .poll(
        async () =>
          (await listVideos(request, boss.headers)).find((v) => v.title === 'Day one')?.data.videoMp4Url,
        {
          timeout: 240_000,
          intervals: [1_000, 2_000],
        },
      )
      .toBeTruthy();

    // The public page shows the banner and the blocks in the order the admin left them.
    await page.goto(`/company/${company.slug}`);
    await expect(page.getByText(QUOTE)).toBeVisible();
    const text = await page.locator('body').innerText();
    const at = (s: string) => text.indexOf(s);
    expect(at(QUOTE)).toBeGreaterThanOrEqual(0);
    expect(at(QUOTE)).toBeLessThan(at(`About ${company.name}`));
    expect(at(`About ${company.name}`)).toBeLessThan(at('Our kitchen'));
    expect(at('Our kitchen')).toBeLessThan(at('Twelve cooks, one open kitchen'));
    expect(await page.locator('video').count()).toBeGreaterThan(0);
    await page.goto(`/company/${company.slug}?tab=stories`);
    await expect(page.getByText('Zoe Price').first()).toBeVisible();
  });

  // Issue 23 item 6: a story added through "Add content" on another tab is on the Stories tab too, in the
  // editor (after a reload as well) and on the public page; /company/new is the app's screen on a reload.
  test('a story added on Why Us is on the Stories tab; /company/new opens and reloads in the app', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const boss = await employer(request);
    const coloured = await request.patch(`/api/company/${boss.companyId}`, {
      headers: boss.headers,
      data: { primaryColor: '#1F6F8B', backgroundColor: '#F4F8FA' },
    });
    expect(coloured.ok(), await coloured.text()).toBe(true);
    const { slug } = (await coloured.json()).data as { slug: string };
    await signIn(page, boss);
    await page.goto('/content?tab=recorded');
    await uploadVideo(page, await makeVideo('story-day'), 'Story day');

    await page.goto('/employer');
    await expect(page.getByRole('tab', { name: 'Why Us' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: 'Add content' }).click();
    await page.getByRole('menuitem', { name: 'Employee story' }).click();
    const story = page.getByRole('dialog', { name: 'Add employee story' });
    await story.getByRole('textbox', { name: 'Name' }).fill('Ana Lopes');
    await story.getByRole('textbox', { name: 'Position' }).fill('Head roaster');
    await story.getByRole('textbox', { name: 'Quote' }).fill('I learn something new every week.');
    await story.getByRole('button', { name: 'Choose video' }).click();
    await page
      .getByRole('dialog', { name: 'Choose a video' })
      .getByRole('button', { name: 'Story day' })
      .click();
    await story.getByRole('button', { name: 'Add story' }).click();
    await expect(page.getByText('Great, your new employee story has been saved.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Story of Ana Lopes' })).toBeVisible();

    await page.getByRole('tab', { name: 'Stories' }).click();
    await expect(page).toHaveURL(/tab=stories/);
    await expect(page.getByRole('region', { name: 'Story of Ana Lopes' })).toBeVisible();
    await expect(page.getByText('Nothing on this tab yet')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Story of Ana Lopes' })).toBeVisible();
    // At 390 px the editor's four tabs are all on screen, without scroll arrows.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const name of ['Why Us', 'Stories', 'Benefits', 'Jobs']) {
      const box = (await page.getByRole('tab', { name }).boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
    }
    await shots(page, 'editor-stories');
    await page.getByRole('tab', { name: 'Why Us' }).click();
    await expect(page.getByRole('region', { name: 'Story of Ana Lopes' })).toBeVisible();
    await shots(page, 'editor-why-us');

    await page.goto(`/company/${slug}?tab=stories`);
    await expect(
      page.getByRole('region', { name: 'Stories' }).getByRole('link', { name: 'Ana Lopes' }),
    ).toBeVisible();
    await expect(page.getByText('No stories yet.')).toHaveCount(0);

    // /company/new opened directly, then reloaded: the app's create-company screen, never the site's 404.
    for (const open of [() => page.goto('/company/new'), () => page.reload()]) {
      const res = await open();
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'Create New Company' })).toBeVisible();
      await expect(page.getByText('Page not found')).toHaveCount(0);
    }
    await shots(page, 'company-new');
  });

  test('a job manager has no Employer navigation and gets the 403 page', async ({ page, request }) => {
    const boss = await employer(request);
    const manager = await memberOf(request, boss, 'manager');
    await signIn(page, { ...boss, user: manager.user });
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Employer' })).toHaveCount(0);
    await page.goto('/employer');
    await expect(page.getByRole('heading', { name: /403/ })).toBeVisible();
    await shots(page, 'employer-403');
  });
});
