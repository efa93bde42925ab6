import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DESKTOP, shots, signIn } from './applicants-support.ts';
import { expect, test } from './fixtures.ts';
import { ffmpeg, tempDir } from './media-support.ts';
import { employer } from './public-site-support.ts';
import { acceptLinkFor, companyOverApi, holdRequests, meOverApi, teamOverApi } from './settings-support.ts';

// Issue 7 acceptance, e2e in Chromium: an admin invites a Job Manager, who opens the emailed link and signs up
// with a free-mail address; the admin makes them a Viewer, who then sees the admin areas read-only; and an
// admin edits every Company, Personal, Texts and Agency field and finds them all after a reload.

test.use({ viewport: DESKTOP });

const SAVED = 'Your changes have been saved.';

let testCard: Promise<Buffer> | undefined;
/** A 240x240 PNG of ffmpeg's test card: several flat colours, so a logo has a palette to offer. */
const colourfulPng = () =>
  (testCard ??= (async () => {
    const file = join(await tempDir(), 'logo.png');
    await ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=240x240:rate=1', '-frames:v', '1', file);
    return readFile(file);
  })());
/** Chooses an image in a logo or photo picker (its hidden file input sits beside the upload button). */
async function chooseImage(page: Page, section: string, name: string) {
  const input = panel(page)
    .locator('section', { has: page.getByText(section, { exact: true }) })
    .locator('input[type=file]')
    .first();
  await input.setInputFiles({ name, mimeType: 'image/png', buffer: await colourfulPng() });
}
const ADMINS_ONLY = 'Only admins can edit these settings.';

const settingsTab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Settings sections' }).getByRole('tab', { name });
const panel = (page: Page) => page.getByRole('tabpanel').first();

test('an admin invites a Job Manager, who joins through the emailed link; as a Viewer they see read-only settings', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const boss = await employer(request);
  const invitee = {
    email: `jm-${randomBytes(4).toString('hex')}@gmail.com`,
    firstName: 'Jonas',
    lastName: 'Meyer',
    password: 'correct-horse-43',
  };
  const inviteeName = `${invitee.firstName} ${invitee.lastName}`;

  // 1. The admin invites a Job Manager from the Team tab.
  await signIn(page, boss);
  await page.goto('/settings?tab=team');
  await expect(settingsTab(page, 'Team')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(ADMINS_ONLY)).toHaveCount(0);
  const inviteForm = page.getByRole('form', { name: 'Invite a team member' });
  await inviteForm.getByLabel('Email').fill(invitee.email);
  await inviteForm.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Job Manager' }).click();
  await expect(inviteForm.getByRole('combobox', { name: 'Role' })).toHaveText('Job Manager');
  await inviteForm.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(`Invitation to ${invitee.email} is sent`)).toBeVisible();
  await expect(inviteForm.getByLabel('Email')).toHaveValue('');

  const table = page.getByRole('table', { name: 'Team members' });
  const inviteeRow = table.getByRole('row').filter({ hasText: invitee.email });
  await expect(inviteeRow.getByText('Invitation pending')).toBeVisible();
  await expect(inviteeRow.getByRole('combobox', { name: `Role of ${invitee.email}` })).toHaveText(
    'Job Manager',
  );
  await expect(
    inviteeRow.getByRole('button', { name: `Resend invitation to ${invitee.email}` }),
  ).toBeEnabled();
  // The admin's own row: nobody changes or removes themselves.
  const bossRow = table.getByRole('row').filter({ hasText: '(you)' });
  await expect(bossRow.getByRole('combobox', { name: `Role of ${boss.user.email}` })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(bossRow.getByRole('button', { name: `Remove ${boss.user.email}` })).toBeDisabled();
  const pending = (await teamOverApi(request, boss)).find((m) => m.email === invitee.email);
  expect(pending).toMatchObject({ type: 1, isPending: true });

  // 2. The invitee, in a browser of their own, opens the emailed link.
  const link = await acceptLinkFor(request, invitee.email);
  expect(new URL(link).pathname).toMatch(/^\/accept-invite\/[\w-]+$/);
  const ctx = await browser.newContext({ viewport: DESKTOP });
  const p = await ctx.newPage();
  // The activation page shows while the invitation is fetched: hold that request to look at it.
  const gate = await holdRequests(p, '**/api/manager/invite/**');
  await p.goto(link);
  await gate.held;
  await expect(
    p.getByRole('heading', { name: 'Please wait, we are activating your account...' }),
  ).toBeVisible();
  await expect(p).toHaveURL(/\/accept-invite\//);
  await shots(p, 'accept-invite');
  gate.release();

  // No account has the address yet: sign up, with the invited email filled in and locked.
  await expect(p).toHaveURL(/\/sign-up$/);
  await expect(p.getByText('Create your Hirecast account to join your team.')).toBeVisible();
  const email = p.getByLabel('Work email');
  await expect(email).toHaveValue(invitee.email);
  await expect(email).toHaveAttribute('readonly', '');
  await expect(p.getByText('You were invited with this address.')).toBeVisible();
  await shots(p, 'sign-up-invited');
  await p.getByLabel('First name').fill(invitee.firstName);
  await p.getByLabel('Last name').fill(invitee.lastName);
  await p.getByLabel('Password', { exact: false }).first().fill(invitee.password);
  await p.getByRole('button', { name: 'Create account' }).click();

  // A free-mail address is let in through the invitation, straight into the inviting company as a Job Manager.
  // Made through the invitation, the account starts self-invited: the personal settings alone, to set up the
  // profile; the first saved detail makes a regular member, with the tabs of the role (decision 022).
  await expect(p).toHaveURL(/\/settings\?tab=personal$/);
  await expect(p.getByLabel('Position')).toBeVisible();
  await expect(p.getByRole('tab')).toHaveCount(0);
  await p.getByLabel('Position').fill('Shift lead');
  await p.getByLabel('Position').blur();
  await expect(p.getByRole('tab', { name: 'Team' })).toBeVisible();
  await p.goto('/sign-in');
  await expect(p).toHaveURL(/\/jobs$/);
  const company = await companyOverApi(request, boss);
  await p.getByRole('button', { name: `Profile menu for ${inviteeName}` }).click();
  const menu = p.getByRole('menu');
  await expect(menu.getByText(company.name, { exact: true })).toBeVisible();
  await expect(menu.getByText('Job Manager', { exact: true })).toBeVisible();
  await p.keyboard.press('Escape');
  const token = (await ctx.cookies()).find((c) => c.name === 'auth-token')?.value;
  expect(token, 'the auth-token cookie of the invitee').toBeTruthy();
  const joined = await meOverApi(request, token!);
  expect(joined).toMatchObject({ email: invitee.email, _company: boss.companyId, role: 1 });

  // 3. The admin sees the new member and makes them a Viewer.
  await page.reload();
  await expect(inviteeRow.getByText(inviteeName)).toBeVisible();
  await expect(inviteeRow.getByText('Invitation pending')).toHaveCount(0);
  const roleSelect = inviteeRow.getByRole('combobox', { name: `Role of ${invitee.email}` });
  await expect(roleSelect).toHaveText('Job Manager');
  await roleSelect.click();
  await page.getByRole('option', { name: 'Viewer' }).click();
  await expect(page.getByText(`${inviteeName} is now Viewer.`)).toBeVisible();
  await page.reload();
  await expect(roleSelect).toHaveText('Viewer');
  expect((await teamOverApi(request, boss)).find((m) => m.email === invitee.email)).toMatchObject({
    type: 0,
    isPending: false,
  });
  expect((await meOverApi(request, token!)).role).toBe(0);
  await shots(page, 'settings-team-admin');

  // 5. The Viewer: the admin areas read-only, their own Personal tab editable.
  await p.goto('/settings?tab=company');
  const view = panel(p);
  await expect(view.getByText(ADMINS_ONLY)).toBeVisible();
  await expect(view.getByLabel('Company name')).toBeDisabled();
  await expect(view.getByLabel('Company name')).toHaveValue(company.name);
  await expect(view.getByLabel('Website or profile link')).toHaveCount(0);
  await expect(view.getByText('No social links yet.')).toBeVisible();
  await expect(view.getByRole('combobox', { name: 'Industry' })).toHaveAttribute('aria-disabled', 'true');
  await expect(view.getByLabel('Primary colour', { exact: true })).toBeDisabled();
  await expect(view.getByRole('switch', { name: 'This company is a recruitment agency' })).toBeDisabled();
  await expect(view.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expect(view.getByRole('button', { name: 'Add social link' })).toHaveCount(0);
  await shots(p, 'settings-company-viewer');

  await settingsTab(p, 'Team').click();
  await expect(p).toHaveURL(/tab=team/);
  await expect(view.getByText(ADMINS_ONLY)).toBeVisible();
  const viewerInvite = view.getByRole('form', { name: 'Invite a team member' });
  await expect(viewerInvite.getByLabel('Email')).toBeDisabled();
  await expect(viewerInvite.getByRole('button', { name: 'Send invite' })).toBeDisabled();
  const viewerTable = view.getByRole('table', { name: 'Team members' });
  await expect(viewerTable.getByRole('combobox', { name: `Role of ${boss.user.email}` })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(viewerTable.getByRole('button', { name: `Remove ${boss.user.email}` })).toBeDisabled();
  await expect(viewerTable.getByRole('button', { name: `Remove ${invitee.email}` })).toBeDisabled();
  await shots(p, 'settings-team-viewer');

  await settingsTab(p, 'Texts').click();
  await expect(view.getByText(ADMINS_ONLY)).toBeVisible();
  await expect(view.getByLabel('Subject')).toBeDisabled();
  await expect(view.getByLabel('Text', { exact: true })).toBeDisabled();
  await expect(view.getByRole('button', { name: 'Insert placeholder' })).toBeDisabled();
  await expect(view.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);

  await settingsTab(p, 'Personal').click();
  await expect(view.getByText(ADMINS_ONLY)).toHaveCount(0);
  const position = view.getByLabel('Position');
  await expect(position).toBeEnabled();
  await position.fill('Shift supervisor');
  await position.blur();
  await expect(p.getByText(SAVED)).toBeVisible();
  await expect.poll(async () => (await meOverApi(request, token!)).position).toBe('Shift supervisor');
  await ctx.close();
});

test('an admin edits every Company, Personal, Texts and Agency field, and they persist after a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const boss = await employer(request);
  const suffix = randomBytes(3).toString('hex');
  const want = {
    name: `Northwind Studio ${suffix}`,
    website: `https://northwind-${suffix}.example.com`,
    industry: 'Technology',
    bio: 'We build friendly tools for small shops in the south west.',
    city: 'Cork',
    country: 'Ireland',
    primary: '#1A7F5A',
    background: '#FFF8E7',
    linkedin: `https://www.linkedin.com/company/northwind-${suffix}`,
    firstName: 'Petra',
    lastName: 'Novak',
    position: 'Head of People',
    calendar: 'https://calendly.com/xyz',
    subject: 'Good news from ',
    text: 'Hello,\n\nWe liked your application and would like to talk.\n\nBest wishes,\n',
    agencyName: 'Talent Bridge',
    agencyEmail: `hello-${suffix}@talentbridge.example.com`,
    agencyPhone: '+44 (7700) 900-123',
  };

  await signIn(page, boss);
  await page.goto('/settings');
  // Company is the first tab; the tab lives in the query once changed.
  await expect(settingsTab(page, 'Company')).toHaveAttribute('aria-selected', 'true');
  await expect(settingsTab(page, 'Agency')).toHaveCount(0);
  const view = panel(page);

  // Company: one form, one Save.
  const save = view.getByRole('button', { name: 'Save changes' });
  await expect(save).toBeDisabled();
  await view.getByLabel('Company name').fill(want.name);
  await view.getByLabel('Website', { exact: true }).fill(want.website);
  await view.getByRole('combobox', { name: 'Industry' }).click();
  await page.getByRole('option', { name: want.industry, exact: true }).click();
  await view.getByLabel('Bio').fill(want.bio);
  await view.getByLabel('City').fill(want.city);
  await view.getByLabel('Country').fill(want.country);
  // The colour is checked 700 ms after typing.
  const primary = view.getByLabel('Primary colour', { exact: true });
  await primary.fill('not-a-colour');
  await expect(view.getByText('The colour you entered is invalid.')).toBeVisible();
  await primary.fill(want.primary);
  await expect(view.getByText('The colour you entered is invalid.')).toHaveCount(0);
  await view.getByLabel('Background colour', { exact: true }).fill(want.background);
  // The logo uploads at once and offers up to 4 of its colours; one becomes the primary colour, then the typed one
  // is put back.
  await chooseImage(page, 'Branding', 'logo.png');
  await expect(view.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  const swatches = view.getByRole('button', { name: /^Use #[0-9A-F]{6} as primary colour$/i });
  await expect(swatches.first()).toBeVisible();
  expect(await swatches.count()).toBeLessThanOrEqual(4);
  const swatchName = (await swatches.first().getAttribute('aria-label'))!;
  await swatches.first().click();
  await expect(primary).toHaveValue(/^#[0-9A-F]{6}$/i);
  expect(swatchName.toLowerCase()).toContain((await primary.inputValue()).toLowerCase());
  await primary.fill(want.primary);
  await view.getByRole('button', { name: 'Add social link' }).click();
  await expect(view.getByRole('combobox', { name: 'Network' })).toHaveText('LinkedIn');
  await view.getByLabel('LinkedIn link').fill(want.linkedin);
  await save.click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(save).toBeDisabled();
  const saved = await companyOverApi(request, boss);
  expect(saved).toMatchObject({
    name: want.name,
    industry: want.industry,
    description: want.bio,
    location: { city: want.city, country: want.country },
    primaryColor: want.primary,
    backgroundColor: want.background,
  });
  expect(saved.logo).toBeTruthy();
  expect(saved.info).toEqual(
    expect.arrayContaining([
      { type: 'website', value: want.website },
      { type: 'linkedin', value: want.linkedin },
    ]),
  );

  // The agency switch saves at once and brings the Agency tab.
  const agencySwitch = view.getByRole('switch', { name: 'This company is a recruitment agency' });
  // It follows the stored company: it turns on once the server has answered.
  await agencySwitch.click();
  await expect(agencySwitch).toBeChecked();
  await expect(settingsTab(page, 'Agency')).toBeVisible();
  await expect.poll(async () => (await companyOverApi(request, boss)).isAgency).toBe(true);

  // Personal: each field saves when it loses focus.
  await settingsTab(page, 'Personal').click();
  await expect(page).toHaveURL(/tab=personal/);
  const token = boss.token;
  for (const [label, value] of [
    ['First name', want.firstName],
    ['Last name', want.lastName],
    ['Position', want.position],
  ] as const) {
    const field = view.getByLabel(label);
    await field.fill(value);
    await field.blur();
  }
  await expect
    .poll(async () => {
      const me = await meOverApi(request, token);
      return [me.firstName, me.lastName, me.position];
    })
    .toEqual([want.firstName, want.lastName, want.position]);
  await expect(view.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expect(view.getByLabel('Email')).toHaveValue(boss.user.email);
  await chooseImage(page, 'Your profile', 'me.png');
  await expect(view.getByRole('img', { name: 'Photo preview' })).toBeVisible();
  await expect.poll(async () => (await meOverApi(request, token)).avatar).toBeTruthy();
  await view.getByRole('combobox', { name: 'Digest' }).click();
  await page.getByRole('option', { name: /^Weekly/ }).click();
  await expect.poll(async () => (await meOverApi(request, token)).digestType).toBe('weekly');
  const calendar = view.getByLabel('Calendar link');
  await calendar.fill('https://example.com/book-me');
  await calendar.blur();
  await expect(view.getByText('This link seems to be not allowed as a calendar link')).toBeVisible();
  expect((await meOverApi(request, token)).calendarLink).toBeNull();
  await calendar.fill(want.calendar);
  await calendar.blur();
  await expect(view.getByText('This link seems to be not allowed as a calendar link')).toHaveCount(0);
  await expect.poll(async () => (await meOverApi(request, token)).calendarLink).toBe(want.calendar);

  // Texts: the Shortlist letter, with placeholders from the menu where the cursor is.
  await settingsTab(page, 'Texts').click();
  await view.getByRole('tablist', { name: 'Letters' }).getByRole('tab', { name: 'Shortlist' }).click();
  const subject = view.getByLabel('Subject');
  const text = view.getByLabel('Text', { exact: true });
  await subject.fill(want.subject);
  await subject.press('End');
  await view.getByRole('button', { name: 'Insert placeholder' }).click();
  await page.getByRole('menuitem', { name: /Company name/ }).click();
  await expect(subject).toHaveValue(`${want.subject}{company}`);
  await text.fill(want.text);
  await text.press('Control+End');
  await view.getByRole('button', { name: 'Insert placeholder' }).click();
  await page.getByRole('menuitem', { name: /Job owner/ }).click();
  await expect(text).toHaveValue(`${want.text}{jobOwner}`);
  const preview = view.getByRole('region', { name: 'Shortlist preview' });
  await expect(preview).toContainText(`${want.subject}${want.name}`);
  await expect(preview).toContainText(`Best wishes, ${want.firstName} ${want.lastName}`);
  await view.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(view.getByText('Your own text')).toBeVisible();
  await expect
    .poll(async () => (await companyOverApi(request, boss)).letters.find((l) => l.kind === 'shortlist'))
    .toMatchObject({ subject: `${want.subject}{company}`, text: `${want.text}{jobOwner}`, isDefault: false });

  // Agency: saved by itself 1500 ms after the last change; the phone is stored without spaces and brackets.
  await settingsTab(page, 'Agency').click();
  await view.getByLabel('Agency name').fill(want.agencyName);
  await view.getByLabel('Email').fill(want.agencyEmail);
  const phone = view.getByLabel('Mobile phone');
  await phone.fill('12ab');
  await expect(view.getByText('This does not look like a valid mobile phone')).toBeVisible();
  await phone.fill(want.agencyPhone);
  await chooseImage(page, 'Agency details', 'agency.png');
  await expect(view.getByRole('img', { name: 'Agency logo preview' })).toBeVisible();
  await expect(view.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect.poll(async () => (await companyOverApi(request, boss)).agency?.logo).toBeTruthy();
  await expect
    .poll(async () => (await companyOverApi(request, boss)).agency)
    .toMatchObject({ name: want.agencyName, email: want.agencyEmail, phone: '+447700900123' });

  // After a reload, tab by tab, everything is as saved.
  await page.goto('/settings?tab=company');
  await expect(view.getByLabel('Company name')).toHaveValue(want.name);
  await expect(view.getByLabel('Website', { exact: true })).toHaveValue(want.website);
  await expect(view.getByRole('combobox', { name: 'Industry' })).toHaveText(want.industry);
  await expect(view.getByLabel('Bio')).toHaveValue(want.bio);
  await expect(view.getByLabel('City')).toHaveValue(want.city);
  await expect(view.getByLabel('Country')).toHaveValue(want.country);
  await expect(view.getByLabel('Primary colour', { exact: true })).toHaveValue(want.primary);
  await expect(view.getByLabel('Background colour', { exact: true })).toHaveValue(want.background);
  await expect(view.getByLabel('LinkedIn link')).toHaveValue(want.linkedin);
  await expect(view.getByRole('switch', { name: 'This company is a recruitment agency' })).toBeChecked();
  await expect(view.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await expect(view.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await shots(page, 'settings-company');

  await page.goto('/settings?tab=personal');
  await expect(view.getByLabel('First name')).toHaveValue(want.firstName);
  await expect(view.getByLabel('Last name')).toHaveValue(want.lastName);
  await expect(view.getByLabel('Position')).toHaveValue(want.position);
  await expect(view.getByRole('combobox', { name: 'Digest' })).toHaveText(/^Weekly/);
  await expect(view.getByLabel('Calendar link')).toHaveValue(want.calendar);
  await expect(view.getByRole('img', { name: 'Photo preview' })).toBeVisible();
  await shots(page, 'settings-personal');

  await page.goto('/settings?tab=team');
  await expect(view.getByRole('table', { name: 'Team members' })).toContainText(
    `${want.firstName} ${want.lastName} (you)`,
  );
  await shots(page, 'settings-team');

  await page.goto('/settings?tab=texts');
  await view.getByRole('tablist', { name: 'Letters' }).getByRole('tab', { name: 'Shortlist' }).click();
  await expect(view.getByLabel('Subject')).toHaveValue(`${want.subject}{company}`);
  await expect(view.getByLabel('Text', { exact: true })).toHaveValue(`${want.text}{jobOwner}`);
  await expect(view.getByText('Your own text')).toBeVisible();
  await shots(page, 'settings-texts');

  await page.goto('/settings?tab=agency');
  await expect(settingsTab(page, 'Agency')).toHaveAttribute('aria-selected', 'true');
  await expect(view.getByLabel('Agency name')).toHaveValue(want.agencyName);
  await expect(view.getByLabel('Email')).toHaveValue(want.agencyEmail);
  await expect(view.getByLabel('Mobile phone')).toHaveValue('+447700900123');
  await expect(view.getByRole('img', { name: 'Agency logo preview' })).toBeVisible();
  await shots(page, 'settings-agency');
});

// Issue 23 item 8: leaving Settings with an unsaved time zone asks first: another page or settings tab through
// the app's dialog, closing the page through the browser's own question.
test('leaving Settings with an unsaved time zone asks first, and nothing is saved by leaving', async ({
  page,
  request,
}) => {
  const boss = await employer(request);
  await signIn(page, boss);
  await page.goto('/settings');
  const zone = panel(page).getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveValue('Europe/London');
  await zone.fill('Europe/Paris');
  await page.getByRole('option', { name: 'Europe/Paris', exact: true }).click();
  await expect(zone).toHaveValue('Europe/Paris');

  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  const jobsLink = page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Jobs' });
  await jobsLink.click();
  await expect(leave).toBeVisible();
  await expect(leave).toContainText('Your changes to the time zone and reward points are not saved yet.');
  await shots(page, 'settings-unsaved-time-zone');
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(zone).toHaveValue('Europe/Paris');

  // Another settings tab would drop the change too.
  await settingsTab(page, 'Personal').click();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(settingsTab(page, 'Company')).toHaveAttribute('aria-selected', 'true');

  // Closing or reloading the page: the browser asks (beforeunload); staying keeps the change.
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const question = await asked;
  expect(question.type()).toBe('beforeunload');
  await question.dismiss();
  await expect(zone).toHaveValue('Europe/Paris');

  await jobsLink.click();
  await leave.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(page).toHaveURL(/\/jobs$/);
  const stored = await request.get('/api/sharing/settings', { headers: boss.headers });
  expect((await stored.json()).data.timeZone).toBe('Europe/London');
});
