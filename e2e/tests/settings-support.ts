import type { APIRequestContext, Page, Route } from '@playwright/test';
import { mailTo } from './applicants-support.ts';
import { expect } from './fixtures.ts';
import type { TEmployer } from './public-site-support.ts';

// Helpers of the settings e2e tests (settings.spec.ts, issue 7): the stored values read back over the API,
// the emailed invitation link, and a gate that holds one request until the test lets it go.

export type TTeamRow = { _id: string; email: string; type: number; isPending: boolean };
export type TCompanyView = {
  name: string;
  industry: string;
  description: string;
  location: { city: string | null; country: string };
  primaryColor: string;
  backgroundColor: string;
  logo: string | null;
  info: { type: string; value: string }[];
  isAgency: boolean;
  agency: { name: string; email: string; phone: string; logo: string | null } | null;
  letters: { kind: string; subject: string; text: string; isDefault: boolean }[];
};
export type TMeView = {
  email: string;
  firstName: string;
  lastName: string;
  position: string | null;
  avatar: string | null;
  digestType: string;
  calendarLink: string | null;
  _company: string | null;
  role: number | null;
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function teamOverApi(request: APIRequestContext, boss: TEmployer) {
  const res = await request.get(`/api/company/${boss.companyId}/team`, { headers: boss.headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.members as TTeamRow[];
}

export async function companyOverApi(request: APIRequestContext, boss: TEmployer) {
  const res = await request.get(`/api/company/${boss.companyId}`, { headers: boss.headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as TCompanyView;
}

export async function meOverApi(request: APIRequestContext, token: string) {
  const res = await request.get('/api/manager/me', { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as TMeView;
}

/** The accept link of the newest company invitation emailed to `to` (the dev mailbox). */
export async function acceptLinkFor(request: APIRequestContext, to: string) {
  let link: string | undefined;
  await expect
    .poll(async () => {
      link = (await mailTo(request, to))
        .map((m) => /https?:\/\/[^\s"'<>]+\/accept-invite\/[\w-]+/.exec(m.text)?.[0])
        .find(Boolean);
      return link;
    })
    .toBeTruthy();
  return link!;
}

/**
 * Holds the requests matching `url` in `page` until `release()` is called (then lets them through unchanged),
 * so a short-lived loading state can be looked at. `held` resolves once the first request is waiting.
 */
export async function holdRequests(page: Page, url: string | RegExp) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let seen!: () => void;
  const held = new Promise<void>((resolve) => (seen = resolve));
  await page.route(url, async (route: Route) => {
    seen();
    await gate;
    await route.continue();
  });
  return { held, release };
}
