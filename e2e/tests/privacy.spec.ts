import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, signInViaForm, test } from './fixtures.ts';
import { ffmpeg, tempDir } from './media-support.ts';
import { applyOverApi, candidateEmail, DESKTOP, mailTo, shots } from './applicants-support.ts';
import { employer, publishJob } from './public-site-support.ts';
import { privacyPageMessages as pm } from '@hirecast/domain/privacy-pages';

// Issue 26 acceptance in Chromium: an admin sets a retention rule in Settings › Privacy and sees what the unsaved
// rules would do next; a candidate downloads their data from the private link (the ZIP arrives by an emailed
// link); the admin reads the audit of that applicant on the applicant page.

test.use({ viewport: DESKTOP });

test('an admin sets a retention rule, a candidate downloads their data, the admin reads the audit', async ({
  page,
  request,
}) => {
  test.setTimeout(480_000);
  const boss = await employer(request);
  const job = await publishJob(request, boss, { title: 'Barista', isVideoOptional: true });
  const email = candidateEmail('Grace');
  const applicationId = await applyOverApi(request, job, {
    firstName: 'Grace',
    lastName: 'Hopper',
    email,
    cvFileName: 'grace-cv.pdf',
  });

  // 1. Settings › Privacy: the preview follows the rules being edited, before they are saved.
  await page.goto('/sign-in');
  await signInViaForm(page, boss.user.email, boss.user.password);
  // Signing in hashes the password (argon2): slow on a busy 2-core machine.
  await expect(page).not.toHaveURL(/\/sign-in/, { timeout: 90_000 });
  await page.goto('/settings?tab=privacy');
  // The settings chunk loads lazily (slow on a busy 2-core machine).
  await expect(page.getByRole('tab', { name: 'Privacy' })).toHaveAttribute('aria-selected', 'true', {
    timeout: 30_000,
  });
  const preview = page.getByTestId('retention-preview');
  await expect(preview).toContainText('the next nightly run would email');
  const rejected = page.getByRole('spinbutton', { name: 'Rejected or withdrawn' });
  await expect(rejected).toHaveValue('6');
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/api/privacy/preview') && r.request().postDataJSON()?.rejectedMonths === 3,
  );
  await rejected.fill('3');
  expect((await (await answered).json()).data).toEqual({ warn: 0, anonymise: 0, delete: 0 });
  await expect(preview).toHaveText(
    'Under these rules, the next nightly run would email 0 candidates and anonymise or delete no applications.',
  );
  // Issue 33: each rule has its own action; this one deletes, the others still anonymise.
  await page.getByRole('combobox', { name: 'Rejected or withdrawn: then' }).click();
  await page.getByRole('option', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Removes the application and its files')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'No activity: then' })).toHaveText('Anonymise');
  await rejected.fill('40');
  await expect(page.getByText('Keep applications for at most 36 months')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save privacy settings' })).toBeDisabled();
  await rejected.fill('3');
  await page.getByRole('textbox', { name: 'Privacy policy link' }).fill('https://example.com/privacy');
  await page.getByRole('button', { name: 'Save privacy settings' }).click();
  await expect(page.locator('.Toastify').getByText('Privacy settings saved')).toBeVisible();
  const saved = await request.get('/api/privacy/settings', { headers: boss.headers });
  expect((await saved.json()).data).toMatchObject({
    rejectedMonths: 3,
    rejectedAction: 'delete',
    inactiveAction: 'anonymise',
    hiredAction: 'anonymise',
    privacyPolicyUrl: 'https://example.com/privacy',
  });
  await shots(page, 'holds-retention-settings');

  // 2. The candidate's private link: Download my data; the link comes by email and gives the ZIP.
  const confirmation = (await mailTo(request, email)).find((m) => /\/application\/[\w-]{43}/.test(m.text));
  const token = /\/application\/([\w-]{43})/.exec(confirmation!.text)![1]!;
  const candidate = await page.context().browser()!.newPage({ viewport: DESKTOP });
  await candidate.goto(`/application/${token}`);
  await candidate.getByRole('button', { name: 'Download my data' }).click();
  await expect(candidate.getByRole('status')).toHaveText(
    'We are preparing your data. We will email you a download link shortly.',
  );
  await shots(candidate, 'privacy-candidate-link');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const ready = (await mailTo(request, email)).find((m) => m.subject === 'Your data export is ready');
        link = /Download my data: (http\S+)/.exec(ready?.text ?? '')?.[1];
        return link;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBeTruthy();
  // The email's link opens the candidate site's export page; its button downloads the ZIP.
  await candidate.goto(new URL(link!).pathname);
  const download = candidate.getByRole('link', { name: pm.exportDownload });
  const zip = await request.get((await download.getAttribute('href'))!);
  expect(zip.status()).toBe(200);
  const bytes = await zip.body();
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(bytes.includes(Buffer.from('grace-cv.pdf'))).toBe(true);
  expect(bytes.includes(Buffer.from('data.json'))).toBe(true);
  await candidate.close();

  // 3. The applicant page: the privacy card and the audit of this applicant.
  await page.goto(`/applications/${job._id}/${applicationId}/view`);
  const card = page.getByRole('region', { name: 'Privacy' });
  // The applicant chunk loads lazily (slow on a busy 2-core machine).
  await expect(card.getByText('Not on legal hold.')).toBeVisible({ timeout: 30_000 });
  const audit = card.getByRole('table', { name: 'Audit of candidate data' });
  await expect(audit.getByRole('row', { name: /Exported data.*Candidate/ })).toBeVisible();
  await expect(
    audit.getByRole('row', { name: new RegExp(`Viewed applicant.*${boss.user.firstName}`) }).first(),
  ).toBeVisible();
  await card.getByRole('button', { name: 'Put on legal hold' }).click();
  await page.getByRole('textbox', { name: 'Reason' }).fill('Tribunal claim 2026/114');
  await page.getByRole('button', { name: 'Put on hold' }).click();
  await expect(card.getByText(/On legal hold.*Tribunal claim 2026\/114/)).toBeVisible();
  await expect(audit.getByRole('row', { name: /Put on hold/ })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shots(page, 'privacy-applicant');

  // 4. Issue 33: the hold holds. The team's delete says so before anyone tries, and the API refuses it.
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete applicant' }).click();
  const refusal = page.getByRole('dialog', { name: 'Grace Hopper cannot be deleted' });
  await expect(refusal).toContainText(
    'This application is on legal hold (Tribunal claim 2026/114) and cannot be deleted or anonymised. An admin must release the hold first.',
  );
  await expect(refusal.getByRole('button', { name: 'Delete applicant' })).toHaveCount(0);
  await shots(page, 'holds-team-delete-dialog');
  await refusal.getByRole('button', { name: 'Close' }).click();
  const teamDelete = await request.delete(`/api/job/${job._id}/application/${applicationId}`, {
    headers: boss.headers,
  });
  expect(teamDelete.status()).toBe(409);
  expect((await teamDelete.json()).error.message).toContain('is on legal hold (Tribunal claim 2026/114)');

  // The candidate's "Delete my data": kept, told why in plain words, and still free to withdraw.
  const held = await page.context().browser()!.newPage({ viewport: DESKTOP });
  await held.goto(`/application/${token}`);
  await held.getByRole('button', { name: 'Delete my data' }).click();
  await held.getByRole('button', { name: 'Yes, delete my data' }).click();
  await expect(held.getByRole('heading', { name: 'Your data has not been deleted yet' })).toBeFocused();
  await expect(held.getByText(/must keep your application because of a legal matter/)).toContainText(
    'they may keep it until the matter ends. We have recorded your request',
  );
  await expect(held.getByText(/UK GDPR Article 17\(3\)\(e\)/)).toBeVisible();
  await expect(held.getByRole('button', { name: 'Withdraw application' })).toBeVisible();
  await expect(held.getByRole('button', { name: 'Delete my data' })).toHaveCount(0);
  await shots(held, 'holds-candidate-held-delete');
  // Still there after a reload, saying the same; and the team still has the applicant.
  await held.reload();
  await expect(held.getByRole('heading', { name: 'Your data has not been deleted yet' })).toBeVisible();
  await held.close();
  await page.reload();
  await expect(card.getByText(/The candidate asked to delete their data on/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    audit.getByRole('row', { name: /Asked to erase \(kept: legal hold\).*Candidate/ }),
  ).toBeVisible();

  // The company's audit lists the same events.
  await page.goto('/settings?tab=privacy');
  const companyAudit = page.getByRole('table', { name: 'Audit of candidate data' });
  // The audit's chunk and query load after the page (slow on a busy 2-core machine).
  await expect(companyAudit.getByRole('row', { name: /Exported data.*Grace Hopper.*Candidate/ })).toBeVisible(
    {
      timeout: 30_000,
    },
  );
  // The retention preview above the audit answers on its own and its sentence can change the page's height: a
  // click aimed at the filter while it moved missed it once (a --repeat-each run). Wait for the page to settle.
  await expect(page.getByTestId('retention-preview')).toContainText('Under these rules');
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Put on hold' }).click();
  await expect(companyAudit.getByRole('row')).toHaveCount(2);
});

// Issue 33 item 10: the candidate's private page carries the company's logo, and a rejected application offers
// no Withdraw (the API refuses it too).
test('the private page shows the company logo and no Withdraw once rejected', async ({ page, request }) => {
  test.setTimeout(240_000);
  const boss = await employer(request);
  const png = join(await tempDir(), 'logo.png');
  await ffmpeg('-f', 'lavfi', '-i', 'color=c=0x1f6f5c:s=240x240', '-frames:v', '1', png);
  const signed = await request.get('/api/signed-url?content-type=image/png', { headers: boss.headers });
  const { url } = (await signed.json()).data as { url: string };
  expect(
    (await request.put(url, { headers: { 'content-type': 'image/png' }, data: await readFile(png) })).ok(),
  ).toBe(true);
  const logo = await request.patch(`/api/company/${boss.companyId}`, {
    headers: boss.headers,
    data: { logo: url.split('?')[0] },
  });
  expect(logo.status(), await logo.text()).toBe(200);
  const job = await publishJob(request, boss, { title: 'Roaster', isVideoOptional: true });
  const email = candidateEmail('Ada');
  const applicationId = await applyOverApi(request, job, { firstName: 'Ada', lastName: 'Lovelace', email });
  const rejected = await request.patch(`/api/job/${job._id}/application/${applicationId}/status`, {
    headers: boss.headers,
    data: { data: { status: 'rejected' } },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);
  const confirmation = (await mailTo(request, email)).find((m) => /\/application\/[\w-]{43}/.test(m.text));
  const token = /\/application\/([\w-]{43})/.exec(confirmation!.text)![1]!;

  // The page is server-rendered: what is checked here needs no script (on a busy machine the site's script has
  // taken minutes to arrive while another test ran; 'load' would wait for it).
  await page.goto(`/application/${token}`, { waitUntil: 'domcontentloaded' });
  await expect(page.getByText('Not selected')).toBeVisible();
  const brand = page.locator('img.brand-logo');
  await expect(brand).toBeVisible();
  // Shown as soon as its element is there; drawn once the file has arrived (a loaded machine takes a moment).
  await expect.poll(() => brand.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Download my data' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw application' })).toHaveCount(0);
  await shots(page, 'holds-private-rejected');
  const withdraw = await request.post(`/api/public/application/${token}/withdraw`);
  expect(withdraw.status()).toBe(409);
  expect((await withdraw.json()).error.message).toBe(
    'This application was not selected, so there is nothing to withdraw.',
  );
});
