import { BARISTA_DESCRIPTION, MATCHING_BARISTA_CV, textPdf } from '@hirecast/db/cv-files';
import { expect, test } from './fixtures.ts';
import {
  applicantOverApi,
  applyOverApi,
  candidateEmail,
  DESKTOP,
  mailTo,
  readEmailInMailbox,
  shots,
  signIn,
  viewerOf,
} from './applicants-support.ts';
import { employer, publishJob } from './public-site-support.ts';

// Issue 6 acceptance, the two steps applicants.spec.ts leaves: the AI auto-shortlist of a matching CV once the
// team turns it on in the job editor, and a Viewer who can look at applicants but not act on them.

test.use({ viewport: DESKTOP });

test('auto-shortlist: the team turns CV ranking on, and a matching CV is shortlisted with its email', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const boss = await employer(request);
  const job = await publishJob(request, boss, {
    title: 'Barista',
    isVideoOptional: true,
    description: BARISTA_DESCRIPTION,
  });

  // The AI assistant section of the job editor: the switches save as they change.
  await signIn(page, boss);
  await page.goto(`/jobs/${job._id}/edit`);
  for (const name of ['CV ranking', 'Auto-shortlist', 'Shortlist emails']) {
    const toggle = page.getByRole('switch', { name });
    await expect(toggle).toBeEnabled();
    await toggle.check();
  }
  const score = page.getByRole('spinbutton', { name: 'Shortlist score' });
  await score.fill('3');
  await score.blur();
  await expect
    .poll(async () => {
      const res = await request.get(`/api/job/${job._id}`, { headers: boss.headers });
      const { aiSettings } = (await res.json()).data;
      return [aiSettings.isScreening, aiSettings.isAutoShortlist, aiSettings.isShortlist, aiSettings.score];
    })
    .toEqual([true, true, true, 3]);

  const ada = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: candidateEmail('Ada'),
    cvFileName: 'ada-cv.pdf',
    cvBytes: textPdf(MATCHING_BARISTA_CV),
  };
  const id = await applyOverApi(request, job, ada);
  await expect
    .poll(async () => (await applicantOverApi(request, boss, id)).status, { timeout: 30_000 })
    .toBe('shortlisted');

  // The list shows her shortlisted; her page shows the score and why.
  await page.goto(`/jobs/${job._id}/view`);
  await expect(page.getByRole('button', { name: /^Status of Ada Lovelace: Shortlisted/ })).toBeVisible();
  await page.getByRole('table', { name: 'Applicants' }).getByText('Ada Lovelace').click();
  const fit = page.getByRole('region', { name: 'AI fit score' });
  await expect(fit).toBeVisible();
  await expect(fit.getByRole('progressbar')).toHaveAccessibleName(/^Fit score [3-5]\.\d of 5$/);
  await expect(fit.getByText('Matched: espresso, preparation, latte, art')).toBeVisible();
  await shots(page, 'applicant-fit-score');
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History of Ada Lovelace' });
  const event = history.getByRole('listitem', { name: 'Status changed to Shortlisted' });
  await expect(event).toContainText('by Hirecast assistant');
  await expect(event.getByText('Email sent')).toBeVisible();
  await history.getByRole('button', { name: 'Close' }).click();

  const [mail] = await mailTo(request, ada.email).then((mails) =>
    mails.filter((m) => /shortlist/i.test(m.subject)),
  );
  expect(mail, 'the shortlist email').toBeTruthy();
  await readEmailInMailbox(page, { to: ada.email, subject: mail!.subject, says: /Ada Lovelace/ });
});

test('a Viewer sees the applicants, the video and the CV, and cannot act on them', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const boss = await employer(request);
  const job = await publishJob(request, boss, { title: 'Barista', isVideoOptional: true });
  const grace = {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: candidateEmail('Grace'),
    cvFileName: 'grace.pdf',
  };
  const id = await applyOverApi(request, job, grace);
  const viewer = await viewerOf(request, boss);

  await page.goto('/sign-in');
  await page.getByLabel('Email', { exact: false }).first().fill(viewer.user.email);
  await page.getByLabel('Password', { exact: false }).first().fill(viewer.user.password);
  await page.getByRole('button', { name: /^sign in$|^log in$/i }).click();
  await expect(page).toHaveURL(/\/jobs$/);

  // The list: the applicant and her status, but no status menu and no Actions menu (spec 2 §6).
  await page.goto(`/jobs/${job._id}/view`);
  const table = page.getByRole('table', { name: 'Applicants' });
  await expect(table.getByText('Grace Hopper')).toBeVisible();
  await expect(table.getByText('New', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Status of Grace Hopper/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Actions' })).toHaveCount(0);
  await shots(page, 'applicants-viewer');

  // The applicant page: her details and CV, the history to read; no Reject, Interview, Hire or email.
  await table.getByText('Grace Hopper').click();
  await expect(page.getByRole('heading', { name: 'Grace Hopper', level: 2 })).toBeVisible();
  await expect(page.getByRole('link', { name: /download/i }).first()).toBeVisible();
  for (const name of ['Reject', 'Interview', 'Hire'])
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'More actions' }).click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Copy applicant link']);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.getByRole('dialog', { name: 'History of Grace Hopper' })).toBeVisible();
  await shots(page, 'applicant-viewer-history');
  await page.getByRole('button', { name: 'Close' }).click();

  // And the server refuses what the screen does not offer.
  const refused = await request.patch(`/api/job/${job._id}/application/${id}/status`, {
    headers: viewer.headers,
    data: { data: { status: 'shortlisted' } },
  });
  expect(refused.status()).toBe(403);
  expect((await applicantOverApi(request, boss, id)).status).toBe('new');
});
