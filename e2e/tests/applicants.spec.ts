import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
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
  waitForProcessedVideo,
  type TCandidate,
} from './applicants-support.ts';
import { employer, publishJob } from './public-site-support.ts';

// Issue 6 acceptance: the employer's side of applications in Chromium at 1280 px, from applications made
// through the public apply API. The list (status chips, debounced search, sort, grid/list in the URL, a row
// opens the applicant); the applicant page (the video plays, the CV is shown and downloads, a note, a rating,
// shortlist with its email read in the dev mailbox, interview without one, hire with one, the history says who
// did it); from the list a rejection with its email, the CSV export and a re-engagement email, and a search
// typed on a slow CPU that keeps every key. A Viewer's read-only view and the AI auto-shortlist are in
// applicants-screening.spec.ts.

test.use({ viewport: DESKTOP });

const person = (firstName: string, lastName: string, extra: Partial<TCandidate> = {}): TCandidate => ({
  firstName,
  lastName,
  email: candidateEmail(firstName),
  ...extra,
});

const table = (page: Page) => page.getByRole('table', { name: 'Applicants' });
const rowNames = (page: Page) => table(page).locator('tbody tr td:first-child');
const statusMenu = (scope: Page | Locator, name: string) =>
  scope.getByRole('button', { name: new RegExp(`^Status of ${name}: `) });
// While a modal dialog is open MUI hides the rest of the page (the toasts too) from the accessibility tree, so
// toasts are found by their text.
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text);
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

test.describe('applicants', () => {
  test('the list filters, searches, sorts and switches views; the applicant page plays, reads, rates and moves them to hired', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const boss = await employer(request);
    const job = await publishJob(request, boss, { title: 'Barista', isVideoOptional: true });
    const ownerName = `${boss.user.firstName} ${boss.user.lastName}`;

    // Four applications, oldest first: Ada with a video and a PDF CV, Grace with a CV, Alan and Katherine.
    const ada = person('Ada', 'Lovelace', {
      position: 'Head barista',
      location: 'Leeds',
      cvFileName: 'ada-cv.pdf',
      withVideo: true,
    });
    const grace = person('Grace', 'Hopper', { cvFileName: 'grace-cv.pdf' });
    const alan = person('Alan', 'Turing');
    const katherine = person('Katherine', 'Johnson');
    const ids: Record<string, string> = {};
    for (const c of [ada, grace, alan, katherine]) ids[c.firstName] = await applyOverApi(request, job, c);
    // The transcoding runs while the list is exercised.
    const videoReady = waitForProcessedVideo(request, boss, ids.Ada!);
    videoReady.catch(() => undefined);
    // One applicant already shortlisted, so the status filter has something to tell apart.
    const shortlisted = await request.patch(`/api/job/${job._id}/application/${ids.Katherine}/status`, {
      headers: boss.headers,
      data: { data: { status: 'shortlisted' } },
    });
    expect(shortlisted.ok(), await shortlisted.text()).toBe(true);

    await signIn(page, boss);
    await page.goto(`/jobs/${job._id}/view`);
    await expect(page.getByRole('heading', { name: 'Barista', level: 1 })).toBeVisible();

    // The list view, newest first, with the counts on the chips.
    await expect(rowNames(page)).toHaveText([
      'Katherine Johnson',
      'Alan Turing',
      'Grace Hopper',
      'Ada Lovelace',
    ]);
    const chips = page.getByRole('group', { name: 'Filter by status' });
    await expect(chips.getByRole('button', { name: 'All 4' })).toHaveAttribute('aria-pressed', 'true');
    await expect(chips.getByRole('button', { name: 'New 3' })).toBeVisible();
    await shots(page, 'list-view');

    // Status chip: Shortlisted.
    await chips.getByRole('button', { name: 'Shortlisted 1' }).click();
    await expect(page).toHaveURL(/[?&]status=shortlisted/);
    await expect(chips.getByRole('button', { name: 'Shortlisted 1' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(rowNames(page)).toHaveText(['Katherine Johnson']);
    await chips.getByRole('button', { name: 'All 4' }).click();
    await expect(page).not.toHaveURL(/status=/);
    await expect(rowNames(page)).toHaveCount(4);

    // Search by name: typed key by key, the list is asked after the 200 ms pause, not once per key (the machine
    // may pause between two keys for longer than that, so not necessarily exactly once).
    const searches: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.endsWith('/applications') && url.searchParams.has('search'))
        searches.push(url.searchParams.get('search')!);
    });
    const search = page.getByRole('searchbox', { name: 'Search applicants by name or email' });
    await search.pressSequentially('grace');
    await expect(page).toHaveURL(/[?&]search=grace/);
    await expect(rowNames(page)).toHaveText(['Grace Hopper']);
    // 'gr' already lists only Grace, so the rows can show her before the request for 'grace' has gone out.
    await expect.poll(() => searches.at(-1)).toBe('grace');
    expect(searches.length).toBeLessThan('grace'.length);
    // Reset clears it.
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(toast(page, 'The filters have been reset.')).toBeVisible();
    await expect(search).toHaveValue('');
    await expect(page).not.toHaveURL(/search=/);
    await expect(rowNames(page)).toHaveCount(4);

    // Sort: Oldest.
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Oldest' }).click();
    await expect(page).toHaveURL(/[?&]sort=oldest/);
    await expect(rowNames(page)).toHaveText([
      'Ada Lovelace',
      'Grace Hopper',
      'Alan Turing',
      'Katherine Johnson',
    ]);

    // Grid view, in the URL; a reload keeps it; then back to the list.
    await page.getByRole('button', { name: 'Grid view' }).click();
    await expect(page).toHaveURL(/[?&]viewMode=grid/);
    const cards = page.getByRole('list', { name: 'Applicants' }).getByRole('listitem');
    await expect(cards).toHaveCount(4);
    await expect(cards.first().getByRole('heading', { level: 2 })).toHaveText('Ada Lovelace');
    await expect(table(page)).toBeHidden();
    await videoReady; // the card shows the video's poster once it exists
    await page.reload();
    await expect(cards).toHaveCount(4);
    await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
    await expect(cards.first().locator('img')).toBeVisible();
    await shots(page, 'grid-view');
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page).not.toHaveURL(/viewMode=/);
    await expect(page).toHaveURL(/[?&]sort=oldest/);
    await expect(rowNames(page)).toHaveCount(4);

    // A click on the row (not its name link) opens the applicant, in the sorted list's order.
    await table(page)
      .getByRole('row', { name: /Ada Lovelace/ })
      .getByRole('cell', { name: ada.email })
      .click();
    await expect(page).toHaveURL(new RegExp(`/applications/${job._id}/${ids.Ada}/view\\?.*sort=oldest`));
    await expect(page.getByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Applicants' })).toContainText('1 of 4');
    await expect(page.getByText('Head barista · Leeds')).toBeVisible();
    await shots(page, 'applicant-page');

    // The video introduction plays.
    const video = page.getByLabel('Video introduction of Ada Lovelace', { exact: true });
    await expect(video).toBeVisible();
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      void v.play();
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime > 0 && !v.error), { timeout: 15_000 })
      .toBe(true);
    await video.evaluate((v: HTMLVideoElement) => v.pause());

    // The CV: the PDF viewer has the signed URL (a browser without one, as the headless shell the gate runs,
    // says so and links to the same signed URL), and the download link gives the PDF.
    const api = await applicantOverApi(request, boss, ids.Ada!);
    const pdfUrl = new URL(api._profile.personalInfo.pdfCvUrl!, page.url());
    const cvRegion = page.getByRole('region', { name: 'CV' });
    let shown: URL;
    if (await page.evaluate(() => navigator.pdfViewerEnabled)) {
      const viewer = page.locator('object[type="application/pdf"]');
      await expect(viewer).toHaveAccessibleName('CV of Ada Lovelace');
      shown = new URL((await viewer.getAttribute('data'))!, page.url());
    } else {
      await expect(cvRegion).toContainText('This browser has no PDF plugin, so the CV cannot be shown here.');
      await expect(cvRegion.locator('object')).toHaveCount(0);
      const link = cvRegion.getByRole('link', { name: 'Download the CV' });
      shown = new URL((await link.getAttribute('href'))!, page.url());
    }
    expect(shown.pathname).toBe(pdfUrl.pathname);
    expect(shown.searchParams.get('signature')).toBeTruthy();
    const download = page.getByRole('link', { name: 'Download CV' });
    await expect(download).toHaveAttribute('download', 'ada-cv.pdf');
    const cv = await page.request.get((await download.getAttribute('href'))!);
    expect(cv.status()).toBe(200);
    expect((await cv.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // A note.
    await page.getByRole('button', { name: 'Notes', exact: true }).click();
    const notes = dialog(page, 'Notes and feedback on Ada Lovelace');
    await expect(notes.getByText('No notes or feedback yet.')).toBeVisible();
    await shots(page, 'dialog-notes');
    await notes.getByLabel('Your note').fill('Warm on camera; knows her espresso.');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(toast(page, 'Your note has been added.')).toBeVisible();
    const note = notes.getByRole('listitem', { name: `Note by ${ownerName}` });
    await expect(note).toContainText('Warm on camera; knows her espresso.');
    await notes.getByRole('button', { name: 'Close' }).click();
    await expect(notes).toBeHidden();
    await expect(page.getByRole('button', { name: 'Notes (1)' })).toBeVisible();

    // A rating: the dialog starts at 3; pick 4.
    await page.getByRole('button', { name: 'Rate' }).click();
    const rating = dialog(page, 'Rate Ada Lovelace');
    await expect(rating.getByRole('radio', { name: "3 stars, I'm 50/50" })).toBeChecked();
    await expect(rating.getByTestId('mark-label')).toHaveText("I'm 50/50");
    await expect(rating.getByText('Nobody has rated them yet.')).toBeVisible();
    await shots(page, 'dialog-rating');
    // The fourth star (its radio is visually hidden under the stars; the star is its label).
    await rating.locator('label').filter({ hasText: '4 stars, Looks good' }).click();
    await expect(rating.getByRole('radio', { name: '4 stars, Looks good' })).toBeChecked();
    await expect(rating.getByTestId('mark-label')).toHaveText('Looks good');
    await rating.getByRole('button', { name: 'Save rating' }).click();
    await expect(toast(page, 'Your rating has been saved.')).toBeVisible();
    await expect(rating).toBeHidden();
    const info = page.getByRole('region', { name: 'Ada Lovelace' });
    await expect(info).toContainText('4.0 · Looks good');

    // Shortlist, with the email (from the More menu: the page's buttons are Reject and Interview).
    const shortlistSubject = `You've been shortlisted for Barista at ${job.companyName}`;
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Shortlist' }).click();
    const shortlist = dialog(page, 'Shortlist Ada Lovelace');
    await expect(shortlist.getByLabel('Subject')).toHaveValue(shortlistSubject);
    // One dialog for the page and the list: the subject has its counter, as the email has.
    await expect(shortlist.getByText(`${shortlistSubject.length}/200`)).toBeVisible();
    await expect(shortlist.getByLabel('Email')).toHaveValue(/^Dear Ada Lovelace,/);
    await shots(page, 'dialog-shortlist');
    await shortlist.getByRole('button', { name: 'Change status and send email' }).click();
    await expect(toast(page, 'Ada Lovelace is now Shortlisted, and the email was sent.')).toBeVisible();
    await expect(shortlist).toBeHidden();
    await expect(info).toContainText('Shortlisted');
    await readEmailInMailbox(page, {
      to: ada.email,
      subject: shortlistSubject,
      says: /Dear Ada Lovelace,[\s\S]*your application for the Barista role has been shortlisted/,
    });

    // Interview: the status only, no email.
    await expect(page.getByRole('button', { name: 'Hire' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Interview' }).click();
    const interview = dialog(page, 'Invite Ada Lovelace to an interview');
    await expect(interview.getByLabel('Subject')).toHaveValue("Let's arrange an interview for Barista");
    await shots(page, 'dialog-interview');
    await interview.getByRole('button', { name: 'Change status only' }).click();
    await expect(toast(page, 'Ada Lovelace is now Interviewing.')).toBeVisible();
    await expect(interview).toBeHidden();
    await expect(info).toContainText('Interviewing');
    await expect(page.getByRole('button', { name: 'Interview' })).toHaveCount(0);

    // Hire, with the email.
    const hireSubject = `Good news about the Barista role at ${job.companyName}`;
    await page.getByRole('button', { name: 'Hire' }).click();
    const hire = dialog(page, 'Hire Ada Lovelace');
    await expect(hire.getByLabel('Subject')).toHaveValue(hireSubject);
    await shots(page, 'dialog-hire');
    await hire.getByRole('button', { name: 'Change status and send email' }).click();
    await expect(toast(page, 'Ada Lovelace is now Hired, and the email was sent.')).toBeVisible();
    await expect(info).toContainText('Hired');
    // Hired is the end of the page's pipeline: no Reject, Interview or Hire any more.
    for (const action of ['Reject', 'Interview', 'Hire'])
      await expect(page.getByRole('button', { name: action, exact: true })).toHaveCount(0);
    await readEmailInMailbox(page, {
      to: ada.email,
      subject: hireSubject,
      says: /We are delighted to offer you the Barista role/,
    });
    // Emails to Ada: the confirmation, the shortlist and the hire; the interview went without one.
    const adaMail = await mailTo(request, ada.email);
    expect(adaMail.map((m) => m.subject)).toEqual([
      hireSubject,
      shortlistSubject,
      `Your application for Barista at ${job.companyName}`,
    ]);

    // The history: each change, newest first, by whom, and which ones sent an email (with its subject).
    await page.getByRole('button', { name: 'History' }).click();
    const history = dialog(page, 'History of Ada Lovelace');
    const events = history.getByRole('list', { name: 'History' }).getByRole('listitem');
    await expect(events).toHaveCount(3);
    await expect(events.nth(0)).toHaveAccessibleName('Status changed to Hired');
    await expect(events.nth(0)).toContainText('Email sent');
    await expect(events.nth(0)).toContainText(`Subject: ${hireSubject}`);
    await expect(events.nth(1)).toHaveAccessibleName('Status changed to Interviewing');
    await expect(events.nth(1)).not.toContainText('Email sent');
    await expect(events.nth(2)).toHaveAccessibleName('Status changed to Shortlisted');
    await expect(events.nth(2)).toContainText('Email sent');
    await expect(events.nth(2)).toContainText(`Subject: ${shortlistSubject}`);
    for (const i of [0, 1, 2]) await expect(events.nth(i)).toContainText(`by ${ownerName}`);
    await shots(page, 'dialog-history');
    await history.getByRole('button', { name: 'Close' }).click();

    // Back to the list, still sorted: Ada is hired, rated 4.0.
    await page.getByRole('link', { name: 'Barista', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${job._id}/view\\?sort=oldest`));
    const adaRow = table(page).getByRole('row', { name: /Ada Lovelace/ });
    await expect(statusMenu(adaRow, 'Ada Lovelace')).toHaveAccessibleName(/: Hired\. Change status$/);
    await expect(adaRow).toContainText('4.0');
    await expect(chips.getByRole('button', { name: 'Hired 1' })).toBeVisible();
  });

  test('from the list: reject with the email, export the CSV, re-engage one applicant', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const boss = await employer(request);
    const job = await publishJob(request, boss, { title: 'Line Cook', isVideoOptional: true });
    const bob = person('Bob', 'Marley', { position: 'Sous chef' });
    const nina = person('Nina', 'Simone', { cvFileName: 'nina-cv.pdf' });
    const otis = person('Otis', 'Redding');
    for (const c of [bob, nina, otis]) await applyOverApi(request, job, c);

    await signIn(page, boss);
    await page.goto(`/jobs/${job._id}/view`);
    await expect(rowNames(page)).toHaveText(['Otis Redding', 'Nina Simone', 'Bob Marley']);

    // Typing at about the search's 200 ms pace on a slow CPU keeps every key (the URL catching up with an
    // earlier key used to be copied back into the box, dropping the keys typed since).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    const search = page.getByRole('searchbox', { name: 'Search applicants by name or email' });
    await search.pressSequentially('simone', { delay: 200 });
    await expect(page).toHaveURL(/[?&]search=simone/);
    await expect(search).toHaveValue('simone');
    await expect(rowNames(page)).toHaveText(['Nina Simone']);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(rowNames(page)).toHaveCount(3);

    // Reject Bob from the row's status menu, with the email.
    const rejection = `An update on your application for Line Cook at ${job.companyName}`;
    await statusMenu(page, 'Bob Marley').click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'New' })).toBeDisabled();
    await shots(page, 'list-status-menu', { desktopOnly: true });
    await menu.getByRole('menuitem', { name: 'Rejected' }).click();
    const reject = dialog(page, 'Reject Bob Marley');
    await expect(reject.getByLabel('Subject')).toHaveValue(rejection);
    await expect(reject.getByText(`${rejection.length}/200`)).toBeVisible();
    await expect(reject.getByLabel('Email')).toHaveValue(/^Dear Bob Marley,/);
    await expect(reject).toContainText(bob.email);
    await shots(page, 'dialog-reject-from-list');
    await reject.getByRole('button', { name: 'Change status and send email' }).click();
    await expect(toast(page, 'Bob Marley is now Rejected, and the email was sent.')).toBeVisible();
    await expect(reject).toBeHidden();
    await expect(statusMenu(page, 'Bob Marley')).toHaveAccessibleName(/: Rejected\. Change status$/);
    const chips = page.getByRole('group', { name: 'Filter by status' });
    await expect(chips.getByRole('button', { name: 'Rejected 1' })).toBeVisible();
    // The confirmation of the application has the same subject: the newest is the rejection.
    await readEmailInMailbox(page, {
      to: bob.email,
      subject: rejection,
      says: /Dear Bob Marley,[\s\S]*we have decided not to take yours further/,
    });
    const bobMail = await mailTo(request, bob.email);
    expect(bobMail).toHaveLength(2);
    expect(bobMail[0]!.text).toContain('we have decided not to take yours further');

    // Export: '{job title} applicants.csv', a header row and the applicants, newest first.
    await page.getByRole('button', { name: 'Actions' }).click();
    await shots(page, 'list-actions-menu', { desktopOnly: true });
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe('Line Cook applicants.csv');
    const csv = (await readFile((await file.path())!, 'utf8')).replace(/^\ufeff/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('First name,Last name,Email,Position,Location,Status,Sent at,Rating,Link');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(new RegExp(`^Otis,Redding,${otis.email},,,New,\\d\\d/\\d\\d/\\d{4},,http`));
    expect(lines[2]).toContain(`Nina,Simone,${nina.email},`);
    expect(lines[3]).toMatch(new RegExp(`^Bob,Marley,${bob.email},Sous chef,,Rejected,`));

    // Re-engage Nina: nobody is chosen at first.
    const reengagingSubject = `Are you still interested in Line Cook at ${job.companyName}?`;
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Re-engage' }).click();
    const reengage = dialog(page, 'Re-engage applicants');
    await expect(reengage.getByLabel('Subject')).toHaveValue(reengagingSubject);
    await reengage.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(reengage.getByText('Choose at least one applicant')).toBeVisible();
    const people = reengage.getByRole('group', { name: 'Applicants to email' });
    await people.getByRole('checkbox', { name: /Nina Simone/ }).check();
    await expect(reengage.getByText('1 chosen')).toBeVisible();
    await shots(page, 'dialog-reengage');
    await reengage.getByRole('button', { name: 'Send to 1' }).click();
    await expect(toast(page, 'Re-engagement email sent to 1 applicant.')).toBeVisible();
    await expect(reengage).toBeHidden();
    await readEmailInMailbox(page, {
      to: nina.email,
      subject: reengagingSubject,
      says: /Dear Nina Simone,/,
    });
    // Only Nina got it; statuses did not change.
    for (const other of [bob, otis])
      expect((await mailTo(request, other.email)).map((m) => m.subject)).not.toContain(reengagingSubject);
    await expect(statusMenu(page, 'Nina Simone')).toHaveAccessibleName(/: New\. Change status$/);
  });
});
