import { z } from 'zod';
import { LETTER_KINDS } from './applicants.ts';
import { LETTER_LIMITS } from './letters.ts';
import { zEmail, zRequired } from './fields.ts';
import { messages } from './messages.ts';
import { isWebLink } from './url.ts';

// Issue 7: settings rules that the browser and the server share (spec 2 §5 Personal, Calendar link, Agency).

export const settingsMessages = {
  calendarNotHttps: 'This link seems to be invalid, the link should include https://',
  calendarNotAllowed: 'This link seems to be not allowed as a calendar link',
  phoneInvalid: 'This does not look like a valid mobile phone',
  agencyEmailInvalid: 'This does not look like a valid email',
  agencyNameTooLong: 'Agency name must be at most 35 characters',
  nameTaken: 'Looks like a company with this name already exists.',
  adminsOnly: 'Only admins can edit these settings.',
  saved: 'Your changes have been saved.',
} as const;

// Scheduling and booking services whose pages a candidate can book an interview on (issue 7 item 3). A host
// matches itself and its subdomains (acme.zohobookings.com); Google's appointment pages live on a path.
export const CALENDAR_HOSTS = [
  'calendly.com',
  'cal.com',
  'cal.eu',
  'savvycal.com',
  'tidycal.com',
  'zcal.co',
  'youcanbook.me',
  'acuityscheduling.com',
  'as.me',
  'meetings.hubspot.com',
  'meetings-eu1.hubspot.com',
  'outlook.office.com',
  'outlook.office365.com',
  'book.ms',
  'calendar.app.google',
  'calendar.google.com',
  'doodle.com',
  'zohobookings.com',
  'zohobookings.eu',
  'setmore.com',
  'simplybook.me',
] as const;

const hostAllowed = (host: string) =>
  CALENDAR_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));

// Hosts that also serve pages other than booking pages: only their booking paths are calendar links.
const BOOKING_PATHS: Record<string, readonly string[]> = {
  // Google Calendar appointment schedules (the short links live on calendar.app.google).
  'calendar.google.com': ['/calendar/appointments/', '/calendar/u/0/appointments/'],
  // Microsoft Bookings pages and "Book with me".
  'outlook.office.com': ['/book/', '/bookwithme/', '/owa/calendar/'],
  'outlook.office365.com': ['/book/', '/bookwithme/', '/owa/calendar/'],
};

/** spec 2 §5 Calendar link: empty clears it; https only; host on the allow-list. Null when valid. */
export function calendarLinkError(value: string): string | null {
  const link = value.trim();
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return settingsMessages.calendarNotHttps;
  }
  if (url.protocol !== 'https:' || !url.hostname.includes('.')) return settingsMessages.calendarNotHttps;
  // A link with a user name or password in it is a classic disguise (https://calendly.com@evil.example).
  if (url.username || url.password) return settingsMessages.calendarNotAllowed;
  const host = url.hostname.toLowerCase();
  if (!hostAllowed(host)) return settingsMessages.calendarNotAllowed;
  const paths = BOOKING_PATHS[host];
  if (paths && !paths.some((path) => `${url.pathname.toLowerCase()}/`.startsWith(path)))
    return settingsMessages.calendarNotAllowed;
  return null;
}

export const zCalendarLink = z
  .string()
  .trim()
  .max(2000, settingsMessages.calendarNotHttps)
  .superRefine((value, issue) => {
    const error = calendarLinkError(value);
    if (error) issue.addIssue({ code: 'custom', message: error });
  })
  .transform((value) => value || null);

/** spec 2 §5 Agency phone: spaces, brackets and dashes stripped. */
export const normalisePhone = (value: string) => value.trim().replace(/[\s()-]/g, '');
/** A mobile number: an optional +, then 7 to 15 digits (E.164 allows at most 15). */
export const isMobilePhone = (value: string) => /^\+?[0-9]{7,15}$/.test(normalisePhone(value));

export const AGENCY_LIMITS = { nameMax: 35, emailMax: 90 } as const;

// spec 2 §7: PATCH /company/{id}/agency/{agencyId}, any subset; spec 2 §5 Agency.
export const ZAgencyRequest = z
  .object({
    name: zRequired('Please fill the required field: Name').max(
      AGENCY_LIMITS.nameMax,
      settingsMessages.agencyNameTooLong,
    ),
    email: zEmail({
      required: 'Please fill the required field: Email',
      invalid: settingsMessages.agencyEmailInvalid,
      max: AGENCY_LIMITS.emailMax,
    }),
    phone: z
      .string({ error: 'Please fill the required field: Phone' })
      .max(40, settingsMessages.phoneInvalid)
      .transform(normalisePhone)
      .refine((v) => v.length > 0, 'Please fill the required field: Phone')
      .refine(isMobilePhone, settingsMessages.phoneInvalid),
    logo: z.string().trim().max(2000).nullable(),
  })
  .partial()
  .strict();
export type TAgencyRequest = z.input<typeof ZAgencyRequest>;

export const ZAgency = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  logo: z.string().nullable(),
});
export type TAgency = z.infer<typeof ZAgency>;

// spec 2 §7: POST /company/{id}/agency {isAgency}; answers the company.
export const ZAgencySwitchRequest = z.object({ isAgency: z.boolean() }).strict();

const zLetterKind = z.enum(LETTER_KINDS, { error: 'Unknown letter kind' });

// The Texts tab (spec 2 §9 letter tabs): PATCH /company/{id} {letters: [...]} saves a kind's subject and text,
// or `{kind, reset: true}` returns it to the default.
export const ZLetterChange = z.union([
  z
    .object({
      kind: zLetterKind,
      subject: zRequired('Please fill the required field: Subject').max(
        LETTER_LIMITS.subjectMax,
        `The subject must be at most ${LETTER_LIMITS.subjectMax} characters`,
      ),
      text: zRequired('Please fill the required field: Text').max(
        LETTER_LIMITS.textMax,
        `The text must be at most ${LETTER_LIMITS.textMax} characters`,
      ),
    })
    .strict(),
  z.object({ kind: zLetterKind, reset: z.literal(true) }).strict(),
]);
export type TLetterChange = z.input<typeof ZLetterChange>;

/** Every kind, the company's own text or the default, as GET /company/{id} answers them. */
export const ZCompanyLetterAnswer = z.object({
  kind: z.enum(LETTER_KINDS),
  subject: z.string(),
  text: z.string(),
  isDefault: z.boolean(),
});
export type TCompanyLetterAnswer = z.infer<typeof ZCompanyLetterAnswer>;

// spec 1 §7 POST /texau {link}: company details read from a website or public profile (a queued job).
export const ZTexauRequest = z
  .object({
    link: z
      .string({ error: messages.linkInvalid })
      .trim()
      .max(2000, messages.linkInvalid)
      .refine(isWebLink, messages.linkInvalid),
  })
  .strict();
export type TTexauRequest = z.input<typeof ZTexauRequest>;
