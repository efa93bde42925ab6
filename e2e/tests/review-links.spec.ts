import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { applyOverApi, candidateEmail, DESKTOP, mailTo } from './applicants-support.ts';
import { expect, signInViaForm, test } from './fixtures.ts';
import { employer, hydrated, PHONE, pdfFile, publishJob, type TEmployer } from './public-site-support.ts';

// Issue 33 item 3 "Anonymised means anonymised" (and item 2's review links): a candidate whose CV and file
// answer are named after them is reviewed through a link that hides the name; the page, its title and every
// answer the browser receives name nobody, and the downloads come as "CV.pdf" and "Answer to question 2.pdf".
// A revoked link and an expired one say which; the share dialog says that a file's contents are the
// candidate's own.

const SHOTS_DIR = process.env.E2E_SHOTS_DIR;
/** The viewport at 1280 px and at 390 px, as shots/issue-33/reviews-<name>-<width>.png. */
async function shots(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  await mkdir(SHOTS_DIR, { recursive: true });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    await page.screenshot({ path: join(SHOTS_DIR, `reviews-${name}-${size.width}.png`) });
  }
  await page.setViewportSize(DESKTOP);
}

const PERSON = { firstName: 'Maria', lastName: 'Kowalska' };

async function api(
  request: APIRequestContext,
  boss: TEmployer,
  method: 'post' | 'put' | 'delete',
  url: string,
  data?: unknown,
) {
  const res = await request[method](url, { headers: boss.headers, ...(data !== undefined && { data }) });
  expect(res.ok(), await res.text()).toBe(true);
  return res.status() === 204 ? null : (await res.json()).data;
}

test('an anonymised review names nobody; revoked and expired links say which', async ({ page, request }) => {
  test.setTimeout(240_000);
  const boss = await employer(request);
  const job = await publishJob(request, boss, {
    title: 'Barista',
    employmentType: 'full-time',
    locationType: 'office',
    isVideoOptional: true,
  });
  await api(request, boss, 'put', `/api/job/${job._id}/interview`, {
    inApply: false,
    asStage: true,
    questions: [
      { prompt: 'What does great coffee mean to you?', answerType: 'text' },
      { prompt: 'Your barista certificate', answerType: 'file' },
    ],
  });
  const email = candidateEmail('maria.kowalska');
  const applicationId = await applyOverApi(request, job, {
    ...PERSON,
    email,
    cvFileName: 'Maria_Kowalska_CV.pdf',
  });
  const base = `/api/job/${job._id}/application/${applicationId}/interview`;
  await api(request, boss, 'post', `${base}/invite`, { days: 7 });

  // The candidate answers through the private link's API (the candidate's own screens are another test's).
  let token = '';
  await expect
    .poll(async () => {
      const link = (await mailTo(request, email)).map((m) => /\/interview\/([\w-]{43})/.exec(m.text)?.[1]);
      token = link.find(Boolean) ?? '';
      return token;
    })
    .not.toBe('');
  const own = `/api/public/interview/${token}`;
  const ids = ((await (await request.get(own)).json()).data.questions as { _id: string }[]).map((q) => q._id);
  await request.post(`${own}/questions/${ids[0]}/start`);
  expect(
    (await request.post(`${own}/questions/${ids[0]}/answer`, { data: { text: 'Care, and patience.' } })).ok(),
  ).toBe(true);
  await request.post(`${own}/questions/${ids[1]}/start`);
  const signed = (
    await (await request.get(`${own}/signed-url?content-type=application%2Fpdf&question=${ids[1]}`)).json()
  ).data;
  expect(
    (
      await request.put(signed.url, {
        headers: { 'content-type': 'application/pdf' },
        data: pdfFile('cert.pdf').buffer,
      })
    ).ok(),
  ).toBe(true);
  const filed = await request.post(`${own}/questions/${ids[1]}/answer`, {
    data: { file: { key: signed.key, fileName: 'Maria Kowalska certificate.pdf' } },
  });
  expect(filed.ok(), await filed.text()).toBe(true);

  const anonymised = await api(request, boss, 'post', `${base}/shares`, {
    days: 7,
    hideName: true,
    hideEmail: true,
    hideCv: false,
  });
  const revoked = await api(request, boss, 'post', `${base}/shares`, { days: 7, hideName: true });
  await api(request, boss, 'delete', `${base}/shares/${revoked._id}`);
  const soon = await api(request, boss, 'post', `${base}/shares`, {
    expiresAt: new Date(Date.now() + 5_000).toISOString(),
    hideName: true,
  });

  // Every answer the browser receives for the review page (the storage's file bytes aside: a file's contents are
  // the candidate's own, as the share dialog says).
  const bodies: { url: string; text: string }[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (url.includes('/api/storage/')) return;
    bodies.push({ url, text: '' });
    const entry = bodies[bodies.length - 1]!;
    void response.text().then(
      (text) => (entry.text = text),
      () => undefined,
    );
  });
  await page.setViewportSize(DESKTOP);
  await page.goto(new URL(anonymised.url).pathname);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: `A candidate for ${job.title}` })).toBeVisible();
  const cvLink = page.getByRole('link', { name: 'Download CV.pdf' });
  await expect(cvLink).toBeVisible();
  const fileLink = page.getByRole('link', { name: 'Download Answer to question 2.pdf' });
  await expect(fileLink).toBeVisible();
  // The downloads are named by the server too (Content-Disposition), whatever the browser is told.
  for (const [link, name] of [
    [cvLink, 'CV.pdf'],
    [fileLink, 'Answer to question 2.pdf'],
  ] as const) {
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(name);
  }
  await page.waitForLoadState('networkidle');
  const traces = [PERSON.firstName, PERSON.lastName, email];
  const pageText = await page.locator('body').innerText();
  const html = await page.content();
  const title = await page.title();
  for (const trace of traces) {
    expect(pageText).not.toContain(trace);
    expect(html).not.toContain(trace);
    expect(title).not.toContain(trace);
    for (const body of bodies) expect(body.text, body.url).not.toContain(trace);
  }
  expect(bodies.some((b) => b.text.includes('"cvName":"CV.pdf"'))).toBe(true);
  await shots(page, 'anonymised-review');

  // A revoked link and an expired one each say what happened.
  await page.goto(new URL(revoked.url).pathname);
  await expect(page.getByRole('heading', { name: 'This link has closed' })).toBeVisible();
  await expect(page.getByText('This review link was withdrawn by the team that shared it')).toBeVisible();
  await shots(page, 'revoked-review');
  await page.waitForTimeout(Math.max(0, Date.parse(soon.expiresAt) - Date.now() + 500));
  await page.goto(new URL(soon.url).pathname);
  await expect(page.getByText('This review link has expired')).toBeVisible();
  await expect(page.getByText('withdrawn by the team')).toHaveCount(0);
  await shots(page, 'expired-review');

  // The share dialog tells the team that files are shown as the candidate made them.
  await page.goto('/sign-in');
  await signInViaForm(page, boss.user.email, boss.user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 60_000 });
  await page.goto(`/applications/${job._id}/${applicationId}/view`);
  await page.getByRole('button', { name: 'Share for review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share the interview for review' });
  await expect(dialog.getByText(/their contents are shown as the candidate made them/)).toBeVisible();
  await shots(page, 'share-dialog-note');
});
