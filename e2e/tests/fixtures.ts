import { randomBytes } from 'node:crypto';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';

export type TTestUser = { email: string; password: string; firstName: string; lastName: string };

export const newUser = (): TTestUser => ({
  email: `e2e-${randomBytes(5).toString('hex')}@northwind-e2e.com`,
  password: 'correct-horse-42',
  firstName: 'Erin',
  lastName: 'Tester',
});

// Creates a user over the API (and optionally a company) and returns its credentials and token.
export async function signUpOverApi(request: APIRequestContext, user = newUser(), withCompany = false) {
  const res = await request.post('/api/manager/signup/email', { data: user });
  expect(res.status(), await res.text()).toBe(201);
  const token: string = (await res.json()).data['access-token'];
  if (withCompany) {
    const company = await request.post('/api/company', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: `E2E ${randomBytes(4).toString('hex')}`,
        industry: 'Retail',
        description: 'A company made by the end-to-end tests.',
        location: { city: 'Leeds', country: 'United Kingdom' },
      },
    });
    expect(company.status(), await company.text()).toBe(201);
  }
  return { user, token };
}

// Opens the newest email to `to` with `subject` in the dev mailbox page and follows the first link in it.
// Other tests send emails at the same time, so wait until the clicked email is the one being read.
export async function followEmailLink(page: Page, to: string, subject: RegExp) {
  await page.goto('/dev/mailbox');
  const escaped = to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const item = page
    .getByRole('button', {
      name: new RegExp(`${escaped}[\\s\\S]*(${subject.source})|(${subject.source})[\\s\\S]*${escaped}`, 'i'),
    })
    .first();
  await item.click();
  await expect(item).toHaveAttribute('aria-current', 'true');
  const link = page.getByRole('link', { name: /^http:\/\/localhost:\d+\// }).first();
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  await page.goto(href!);
}

export async function signInViaForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: false }).first().fill(email);
  await page.getByLabel('Password', { exact: false }).first().fill(password);
  await page.getByRole('button', { name: /^sign in$|^log in$/i }).click();
}

/**
 * The API context each test gets, sending `Connection: close`: Playwright's request context keeps every socket
 * in a keep-alive pool with no idle limit, while the server closes an idle one after 72 s. A call made after a
 * long browser-only stretch could reuse a socket the server was closing at that moment and fail with `read
 * ECONNRESET` (the dev mailbox read in the applicants spec, 2026-12-01 CI; microsoft/playwright#42698). A fresh
 * local connection per call costs well under a millisecond.
 */
export const newApiContext = (playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined) =>
  playwright.request.newContext({ baseURL, extraHTTPHeaders: { connection: 'close' } });

export const test = base.extend({
  request: async ({ playwright, baseURL }, use) => {
    const request = await newApiContext(playwright, baseURL);
    await use(request);
    await request.dispose();
  },
});
export { expect };
