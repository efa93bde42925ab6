import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';
import { messages } from '@hirecast/domain/messages';
import { GOOGLE_MOCK_ISSUER, GOOGLE_MOCK_PORT } from '../google-mock.ts';
import { expect, newUser, signInViaForm, test } from './fixtures.ts';
import { employer, shots } from './public-site-support.ts';
import { acceptLinkFor, teamOverApi } from './settings-support.ts';

// Issue 27, end to end in Chromium: Google sign-in against a local OpenID Connect provider (oauth2-mock-server)
// that this file starts and stops. The e2e server is configured for it (playwright.config.ts, google-mock.ts).
// The claims of the next id_token are set per test; the provider's redirect back can be altered per test.

test.describe.configure({ mode: 'serial' }); // one provider on one port, owned by one worker

let oidc: OAuth2Server;
let claims: Record<string, unknown> = {};
let alterRedirect: ((url: URL) => void) | undefined;

test.beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(GOOGLE_MOCK_PORT, '127.0.0.1');
  oidc.issuer.url = GOOGLE_MOCK_ISSUER;
  oidc.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims));
  oidc.service.on('beforeAuthorizeRedirect', ({ url }: { url: URL }) => alterRedirect?.(url));
});
test.afterAll(async () => {
  await oidc.stop();
});
test.beforeEach(() => {
  claims = {};
  alterRedirect = undefined;
});

// Landing after Google loads the next page's code (the app shell's 30-odd chunks): on a busy 2-core machine (the
// server makes its demo videos while the first tests run; a chunk measured 2-6 s with curl at load 33) that
// takes far longer than the usual 10 s.
const LANDING = { timeout: 90_000 };
test.setTimeout(240_000);

const corporate = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@northwind-e2e.com`;
const googleProfile = (email: string, extra: Record<string, unknown> = {}) => ({
  sub: `google-${email}`,
  email,
  email_verified: true,
  given_name: 'Grace',
  family_name: 'Hopper',
  ...extra,
});
const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test('a new corporate user continues with Google from sign-up and lands on company creation', async ({
  page,
}) => {
  claims = googleProfile(corporate('newcomer'));
  await page.goto('/sign-up');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/company\/new$/, LANDING);
  await expect(page.getByRole('heading', { name: /Welcome Grace/ })).toBeVisible();
});

test('a gmail.com address is refused on the sign-up page with the corporate-email message', async ({
  page,
}) => {
  claims = googleProfile(`someone-${randomBytes(4).toString('hex')}@gmail.com`);
  await page.goto('/sign-up');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/sign-up\?is-corporate-email-error=1$/, LANDING);
  await expect(alert(page, messages.corporateEmailOnly)).toBeVisible();
  await shots(page, 'sign-up-corporate-email');
});

test('the provider refusing (access_denied) is said on the sign-in page', async ({ page }) => {
  claims = googleProfile(corporate('cancels'));
  alterRedirect = (url) => {
    url.searchParams.delete('code');
    url.searchParams.set('error', 'access_denied');
  };
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/sign-in\?social-error=cancelled$/, LANDING);
  await expect(alert(page, messages.socialCancelled)).toBeVisible();
  await shots(page, 'sign-in-cancelled');
});

test('a state that does not match signs nobody in and says the sign-in expired', async ({ page }) => {
  const email = corporate('forged');
  claims = googleProfile(email);
  alterRedirect = (url) => url.searchParams.set('state', 'forged-state');
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/sign-in\?social-error=expired$/, LANDING);
  await expect(alert(page, messages.socialExpired)).toBeVisible();
  expect((await page.request.get('/api/manager/session')).ok()).toBe(true);
  expect((await (await page.request.get('/api/manager/session')).json()).data).toBeNull();
  await shots(page, 'sign-in-expired');
});

test('an invited person continues with Google and joins the team with the invited role', async ({
  page,
  request,
}) => {
  const boss = await employer(request);
  const email = `invitee-${randomBytes(4).toString('hex')}@gmail.com`;
  const invited = await request.post(`/api/company/${boss.companyId}/team`, {
    headers: boss.headers,
    data: { companyId: boss.companyId, team: { email, type: 1 } },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = await acceptLinkFor(request, email);

  claims = googleProfile(email);
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(/\/sign-up$/, LANDING);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  // Decision 022: a person who joins through an invitation starts on their personal settings.
  await expect(page).toHaveURL(/\/settings\?tab=personal$/, LANDING);
  const member = (await teamOverApi(request, boss)).find((m) => m.email === email);
  expect(member).toMatchObject({ type: 1, isPending: false });
  const me = await (await page.request.get('/api/manager/me')).json();
  expect(me.data).toMatchObject({ email, _company: boss.companyId, role: 1 });
});

test("Google takes back a pre-claimed address: the first registrant's password and session end", async ({
  page,
  browser,
}) => {
  const email = corporate('claimed');
  // Someone registers the address first (never verified) and stays signed in in their own browser.
  const squatter = await browser.newContext();
  const squatterPage = await squatter.newPage();
  const user = { ...newUser(), email, firstName: 'Mallory', lastName: 'First' };
  const signedUp = await squatterPage.request.post('/api/manager/signup/email', { data: user });
  expect(signedUp.status(), await signedUp.text()).toBe(201);
  await squatterPage.goto('/jobs');
  await expect(squatterPage).toHaveURL(/\/company\/new$/, LANDING);
  // Issue 33 item 8: they set a position and a calendar link (in candidate letters) and make a company.
  const asSquatter = { authorization: `Bearer ${(await signedUp.json()).data['access-token']}` };
  const settings = await squatterPage.request.patch('/api/manager/me', {
    headers: asSquatter,
    data: { position: 'Talent lead', calendarLink: 'https://calendly.com/mallory-first' },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const made = await squatterPage.request.post('/api/company', {
    headers: asSquatter,
    data: {
      name: 'Mallory Holdings',
      industry: 'Retail',
      description: 'A company made before the owner arrived.',
      location: { city: 'Leeds', country: 'United Kingdom' },
    },
  });
  expect(made.status(), await made.text()).toBe(201);

  // The owner continues with Google and is asked for their own name first.
  claims = googleProfile(email, { given_name: 'Grace', family_name: 'Owner' });
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/your-name$/, LANDING);
  await expect(page.getByRole('heading', { name: 'What is your name?' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Grace');
  // The owner is told once that the account existed, what was cleared, and its company, which they leave.
  const notice = page.getByRole('region', { name: messages.takenBackTitle });
  await expect(notice).toContainText(messages.takenBackCleared);
  await expect(notice.getByRole('listitem')).toHaveText([/Mallory Holdings · Admin/]);
  await shots(page, 'your-name');
  await notice.getByRole('button', { name: 'Leave Mallory Holdings' }).click();
  await expect(notice).toContainText(messages.takenBackNoCompanies);
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/company\/new$/, LANDING);
  const me = await (await page.request.get('/api/manager/me')).json();
  expect(me.data).toMatchObject({
    firstName: 'Grace',
    lastName: 'Hopper',
    needsName: false,
    position: null,
    calendarLink: null,
    takenBack: null,
    _companies: [],
  });

  // The first registrant's session has ended, and their password no longer signs in.
  await squatterPage.reload();
  await expect(squatterPage).toHaveURL(/\/sign-in$/, LANDING);
  await signInViaForm(squatterPage, email, user.password);
  await expect(alert(squatterPage, messages.wrongPassword)).toBeVisible();
  await squatter.close();
});

test('an existing verified account is linked only after its password is entered', async ({
  page,
  request,
}) => {
  const boss = await employer(request);
  claims = googleProfile(boss.user.email);
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/sign-in\?link-code=/, LANDING);
  await expect(page.getByRole('heading', { name: 'Link your Google account' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: messages.socialLinkConfirm })).toBeVisible();
  await shots(page, 'link-google');

  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Link Google and sign in' }).click();
  await expect(alert(page, messages.wrongPassword)).toBeVisible();
  await shots(page, 'link-google-wrong-password');
  await page.getByLabel('Password', { exact: true }).fill(boss.user.password);
  await page.getByRole('button', { name: 'Link Google and sign in' }).click();
  await expect(page).toHaveURL(/\/jobs$/, LANDING);

  // Linked: the next Google sign-in goes straight in.
  await page.context().clearCookies();
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/jobs$/, LANDING);
});

test('an address another account holds, which Google does not vouch for, is told to sign in with its password', async ({
  page,
}) => {
  const email = corporate('held');
  claims = googleProfile(email, { sub: `first-${email}` });
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/company\/new$/, LANDING);
  await page.context().clearCookies();
  claims = googleProfile(email, { sub: `second-${email}`, email_verified: false });
  await page.goto('/sign-up');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/sign-up\?social-error=has-account$/, LANDING);
  await expect(alert(page, messages.socialHasAccount)).toBeVisible();
  await shots(page, 'sign-up-has-account');
});
