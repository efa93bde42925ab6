import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newUser, signInViaForm } from './fixtures.ts';
import { ffmpeg, tempDir } from './media-support.ts';
import { PHONE, pdfFile, type TEmployer, type TPublishedJob } from './public-site-support.ts';

// Helpers of the applicants e2e tests (applicants.spec.ts): applications made through the public apply API
// (a PDF CV and an mp4 through signed upload URLs), the employer's API view of them, the dev mailbox, and
// screenshots at desktop and phone widths.

export const DESKTOP = { width: 1280, height: 800 };
const SHOTS_DIR = process.env.E2E_SHOTS_DIR;

export type TCandidate = {
  firstName: string;
  lastName: string;
  email: string;
  position?: string;
  location?: string;
  /** Attach a PDF CV with this file name. */
  cvFileName?: string;
  /** The CV's bytes (a PDF with text, for the AI screening); an empty PDF otherwise. */
  cvBytes?: Buffer;
  /** Attach a short recorded-looking video introduction (an mp4 made by ffmpeg). */
  withVideo?: boolean;
};

export type TApplicantView = {
  _id: string;
  status: string;
  markAvg: number | null;
  _profile: {
    personalInfo: { firstName: string; lastName: string; cvFileName: string | null; pdfCvUrl: string | null };
    _introduction: {
      status: string;
      data: {
        videoMp4Url: string | null;
        videoMp4Url_720p?: string | null;
        thumbnailUrl?: string | null;
        image640?: string | null;
      };
    } | null;
  };
};

export type TMail = { to: string; subject: string; text: string; createdAt: string };

export const candidateEmail = (name: string) =>
  `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example-e2e.com`;

let introVideo: Promise<Buffer> | undefined;
/** A 3 s 640x360 test pattern with sound: small, so it uploads and transcodes quickly. */
function introductionMp4() {
  introVideo ??= (async () => {
    const file = join(await tempDir(), 'introduction.mp4');
    await ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=3:size=640x360:rate=25',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=3',
      '-shortest',
      '-pix_fmt',
      'yuv420p',
      file,
    );
    return readFile(file);
  })();
  return introVideo;
}

/** A signed PUT URL of the apply flow (GET /api/public/signed-url) and the upload to it: answers the key. */
async function uploadSigned(request: APIRequestContext, shortId: string, contentType: string, body: Buffer) {
  const signed = await request.get(
    `/api/public/signed-url?content-type=${encodeURIComponent(contentType)}&job=${encodeURIComponent(shortId)}`,
  );
  expect(signed.status(), await signed.text()).toBe(200);
  const { url, key } = (await signed.json()).data as { url: string; key: string };
  const put = await request.put(url, { headers: { 'content-type': contentType }, data: body });
  expect(put.ok(), await put.text()).toBe(true);
  return key;
}

/** Applies for the job as a candidate would, through the public API; answers the application's id. */
export async function applyOverApi(request: APIRequestContext, job: TPublishedJob, candidate: TCandidate) {
  const { cvFileName, cvBytes, withVideo, ...details } = candidate;
  const cv = cvFileName
    ? {
        key: await uploadSigned(
          request,
          job.shortId,
          'application/pdf',
          cvBytes ?? pdfFile(cvFileName).buffer,
        ),
        fileName: cvFileName,
      }
    : null;
  const video = withVideo
    ? { key: await uploadSigned(request, job.shortId, 'video/mp4', await introductionMp4()) }
    : null;
  const res = await request.post(`/api/public/job/${job.shortId}/apply`, {
    data: { ...details, consent: true, cv, video },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.applicationId as string;
}

export async function applicantOverApi(request: APIRequestContext, boss: TEmployer, id: string) {
  const res = await request.get(`/api/job/candidate/${id}`, { headers: boss.headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as TApplicantView;
}

/**
 * Waits until the applicant's video introduction is processed: a playable rendition and a poster (the pipeline
 * makes the MP4 first, the frames after it).
 */
export async function waitForProcessedVideo(request: APIRequestContext, boss: TEmployer, id: string) {
  await expect
    .poll(
      async () => {
        const intro = (await applicantOverApi(request, boss, id))._profile._introduction;
        if (intro?.status === 'error') return 'error';
        const mp4 = intro?.data.videoMp4Url_720p ?? intro?.data.videoMp4Url;
        const poster = intro?.data.image640 ?? intro?.data.thumbnailUrl;
        if (!mp4) return `${intro?.status ?? 'no video'} (no mp4 yet)`;
        return poster ? 'processed' : 'no poster yet';
      },
      { timeout: 90_000, intervals: [1_000, 2_000] },
    )
    .toBe('processed');
}

/** What the dev mailbox holds for one address, newest first. */
export async function mailTo(request: APIRequestContext, to: string) {
  const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data as TMail[];
}

/**
 * Reads the newest email to `to` whose subject matches, in the dev mailbox page (a tab of its own, so the page
 * under test stays where it is): checks its subject heading and that its text version says `says`.
 */
export async function readEmailInMailbox(
  page: Page,
  { to, subject, says }: { to: string; subject: string; says: RegExp },
) {
  const mailbox = await page.context().newPage();
  await mailbox.setViewportSize(DESKTOP);
  await mailbox.goto('/dev/mailbox');
  const item = mailbox
    .getByRole('button', { name: new RegExp(`${escape(to)}[\\s\\S]*${escape(subject)}`) })
    .first();
  await item.click();
  await expect(item).toHaveAttribute('aria-current', 'true');
  const email = mailbox.getByRole('article', { name: subject });
  await expect(email.getByRole('heading', { name: subject })).toBeVisible();
  await expect(email).toContainText(`To ${to}`);
  await expect(email.getByTestId('email-text')).toContainText(says);
  await mailbox.close();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function signIn(page: Page, boss: TEmployer) {
  await page.goto('/sign-in');
  await signInViaForm(page, boss.user.email, boss.user.password);
  await expect(page).not.toHaveURL(/\/sign-in/);
}

/**
 * Screenshots at 1280 px and 390 px (then back to 1280) when E2E_SHOTS_DIR is set: the full page, or the
 * viewport while a dialog is open (its backdrop covers the viewport only). Dialogs stay open across the resize
 * (they go full screen on a phone); an open menu does not survive it (the list turns into the grid at 900 px),
 * so menus are taken at 1280 px only.
 */
export async function shots(page: Page, name: string, { desktopOnly = false } = {}) {
  if (!SHOTS_DIR) return;
  await mkdir(SHOTS_DIR, { recursive: true });
  const fullPage = (await page.getByRole('dialog').count()) === 0;
  for (const size of desktopOnly ? [DESKTOP] : [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(350);
    await page.screenshot({ path: join(SHOTS_DIR, `${name}-${size.width}.png`), fullPage });
  }
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(250);
}

/** A Viewer of the employer's company: invited through the team API, signed up through the invite code. */
export const viewerOf = (request: APIRequestContext, boss: TEmployer) => memberOf(request, boss, 'viewer');

/** A member of the employer's company with the given role (spec 2 §6: type 0 Viewer, 1 Job Manager). */
export async function memberOf(request: APIRequestContext, boss: TEmployer, role: 'viewer' | 'manager') {
  const person = { ...newUser(), email: `${role}-${Date.now()}@gmail.com` };
  const invited = await request.post(`/api/company/${boss.companyId}/team`, {
    headers: boss.headers,
    data: { companyId: boss.companyId, team: { email: person.email, type: role === 'viewer' ? 0 : 1 } },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  let code: string | undefined;
  await expect
    .poll(async () => {
      code = (await mailTo(request, person.email))
        .map((m) => /accept-invite\/([\w-]+)/.exec(m.text)?.[1])
        .find(Boolean);
      return code;
    })
    .toBeTruthy();
  const signedUp = await request.post('/api/manager/signup/email', { data: { ...person, inviteCode: code } });
  expect(signedUp.status(), await signedUp.text()).toBe(201);
  const token = (await signedUp.json()).data['access-token'] as string;
  // The account starts self-invited (personal settings only) until a personal detail is saved.
  const profile = await request.patch('/api/manager/me', {
    headers: { authorization: `Bearer ${token}` },
    data: { position: role === 'viewer' ? 'Viewer' : 'Job Manager' },
  });
  expect((await profile.json()).data.selfInvited).toBe(false);
  return {
    user: person,
    token,
    headers: { authorization: `Bearer ${token}`, 'x-company-id': boss.companyId },
  };
}
