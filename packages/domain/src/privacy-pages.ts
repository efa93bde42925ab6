// Issue 33 item 7: the candidate site's pages behind the privacy emails' links: "Keep my application" (/keep/{token})
// and the data export's download (/data-export/{token}). No zod here: the public site imports this.

/** The company a page is about, as the site's header shows it (name, logo, brand colours). */
export type TSiteBrand = {
  name: string;
  logo: string | null;
  primaryColor: string | null;
  backgroundColor: string | null;
};

/** What opening a keep link did: kept it now, found it kept already (a second open, a mail scanner), or nothing. */
export type TKeepOutcome =
  | { state: 'kept' | 'already-kept'; companyName: string; untilDay: string }
  | { state: 'invalid'; text: string };

/** A data export's download link: ready (until its expiry) or not valid (expired, unknown). */
export type TExportOutcome =
  { state: 'ready'; downloadUrl: string; expiresDay: string } | { state: 'invalid'; text: string };

export const privacyPageMessages = {
  keepLinkInvalid: 'This link has expired or is no longer valid.',
  keepInvalidTitle: 'This link is no longer valid',
  keepInvalidHelp:
    'If you received a newer email about your application, use the link in that one, or reply to the company that you applied to.',
  keptTitle: 'Thank you, your application is kept',
  kept: (companyName: string, untilDay: string) =>
    `${companyName} will keep your application until ${untilDay}.`,
  alreadyKeptTitle: 'Your application is already kept',
  alreadyKept: (untilDay: string) => `Your application is already kept until ${untilDay}.`,
  keptNothingElse: 'You do not need to do anything else. You can close this page.',
  exportLinkInvalid: 'This download link has expired or is no longer valid.',
  exportInvalidTitle: 'This download link has closed',
  exportInvalidHelp:
    'Download links work for 7 days. To get a new one, use "Download my data" on the page of your application again.',
  exportReadyTitle: 'Your data is ready to download',
  exportReady: (companyName: string) =>
    `A copy of everything ${companyName} holds about you through Hirecast: your applications, their answers and emails, and your CV and video.`,
  exportExpires: (expiresDay: string) =>
    `The link works until ${expiresDay}. Keep it to yourself: anyone who has it can download the file.`,
  exportDownload: 'Download my data (ZIP)',
} as const;
