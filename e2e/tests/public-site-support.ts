import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newUser, signUpOverApi, type TTestUser } from './fixtures.ts';

// Helpers of the public site e2e tests (public-site.spec.ts): an employer with a verified email and a company,
// a published job, a PDF for the CV, the axe check and the screenshots.

export type THeaders = Record<string, string>;
export type TEmployer = { user: TTestUser; token: string; companyId: string; headers: THeaders };
export type TPublishedJob = {
  _id: string;
  shortId: string;
  title: string;
  companyName: string;
  /** The share URL of POST /api/job/{id}/short: the job's address with the sharer's UTM values. */
  shareUrl: string;
};

// Set E2E_SHOTS_DIR to save screenshots of each page at phone and desktop widths.
const SHOTS_DIR = process.env.E2E_SHOTS_DIR;
export const PHONE = { width: 390, height: 844 };

const mailbox = async (request: APIRequestContext, to: string) =>
  ((await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()).data ?? []) as {
    subject: string;
    text: string;
  }[];

/** A signed-up employer with a company and a confirmed email (publishing needs one). */
export async function employer(request: APIRequestContext): Promise<TEmployer> {
  const user = newUser();
  const { token } = await signUpOverApi(request, user, true);
  const auth = { authorization: `Bearer ${token}` };
  let verifyToken: string | undefined;
  await expect
    .poll(async () => {
      verifyToken = (await mailbox(request, user.email))
        .map((m) => /verify-token=([\w-]+)/.exec(m.text)?.[1])
        .find(Boolean);
      return verifyToken;
    })
    .toBeTruthy();
  const verified = await request.post('/api/manager/signup/email/verify', {
    headers: auth,
    data: { token: verifyToken },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  const me = await request.get('/api/manager/me', { headers: auth });
  expect(me.ok(), await me.text()).toBe(true);
  const companyId = (await me.json()).data._company as string;
  return { user, token, companyId, headers: { ...auth, 'x-company-id': companyId } };
}

/** Creates a job over the API (spec 1 §7 POST /job), publishes it and answers its share link. */
export async function publishJob(
  request: APIRequestContext,
  { headers }: TEmployer,
  fields: Record<string, unknown>,
): Promise<TPublishedJob> {
  const created = await request.post('/api/job', {
    headers,
    data: {
      postHeading: 'Join a friendly team',
      location: { city: 'Leeds', country: 'United Kingdom' },
      description: { ops: [{ insert: 'Serve great coffee to the people of Leeds.\n' }] },
      ...fields,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const job = (await created.json()).data as { _id: string; shortId: string; title: string };
  const published = await request.patch(`/api/job/${job._id}/status`, {
    headers,
    data: { status: 'open', acknowledged: { firstJob: true } },
  });
  expect(published.ok(), await published.text()).toBe(true);
  expect((await published.json()).data.status).toBe('open');
  const short = await request.post(`/api/job/${job._id}/short`, { headers });
  expect(short.ok(), await short.text()).toBe(true);
  const { shareUrl } = (await short.json()).data as { shareUrl: string };
  const company = await request.get(`/api/company/${headers['x-company-id']}`, { headers });
  expect(company.ok(), await company.text()).toBe(true);
  const companyName = (await company.json()).data.name as string;
  return { _id: job._id, shortId: job.shortId, title: job.title, companyName, shareUrl };
}

/** A small but real PDF: the server checks the bytes, not the name. */
export function pdfFile(name = 'cv.pdf') {
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n');
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body, 'latin1') };
}

/** axe-core on the page as it is: no serious or critical violations, each one listed when the check fails. */
export async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  // E2E_AXE_LOG=1 lists every violation, minor and moderate ones too, and how many rules passed.
  if (process.env.E2E_AXE_LOG)
    console.log(
      `axe on ${where}: ${results.passes.length} rules passed; violations: ` +
        (results.violations.map((v) => `${v.id} (${v.impact}, ${v.nodes.length})`).join(', ') || 'none'),
    );
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes.map((n) => `  ${n.target.join(' ')} — ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n'),
    )
    .join('\n');
  expect(bad, `axe on ${where}:\n${report}`).toEqual([]);
  return results;
}

/** Full-page screenshots at 390 px and 1280 px (then back to 390) when E2E_SHOTS_DIR is set. */
export async function shots(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  await mkdir(SHOTS_DIR, { recursive: true });
  for (const size of [PHONE, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS_DIR, `${name}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(200);
}

/**
 * Waits until the page has hydrated: the server's HTML has no handlers, so a click before then does nothing. The
 * site marks the document once the page, and the code it loads on its own (the interview and review pages), is
 * hydrated.
 */
export async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached({ timeout: 30_000 });
}

/** On a job page: opens the apply flow (whose code loads on the click) once the page takes clicks. */
export async function startApplying(page: Page, job: Pick<TPublishedJob, 'title'>) {
  await hydrated(page);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('heading', { name: `Apply for ${job.title}`, level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveURL(/#apply$/);
}
