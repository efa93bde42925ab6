import { z } from 'zod';
import { UUID } from './uuid.ts';

// Issue 16: employee referrals, reward points and campaigns (spec 3 §2 Analytics screen, §3 Sharing data,
// §7 Sharing and analytics; spec 1 §7 share URL). The rules live here, once; the server, the public site and
// the employer app all follow them.

// ---------------------------------------------------------------------------------------------------------
// Referral token
// ---------------------------------------------------------------------------------------------------------

/**
 * Every share link a team member makes carries `ref={token}` beside the spec's UTM values: an opaque random
 * token per member and company (12 letters and digits), so a link says who shared it without carrying any
 * personal data, and a token of one company never credits anyone in another.
 */
export const REFERRAL_PARAM = 'ref';
export const REFERRAL_TOKEN_LENGTH = 12;
const REFERRAL_TOKEN = /^[0-9A-Za-z]{12}$/;
/**
 * Issue 33 item 6: referral visits credited per client address, job and local day, whatever user agents it
 * shows (a visit beyond them is kept for first touch but earns no points and moves no sum).
 */
export const REFERRAL_VISITS_PER_ADDRESS = 3;
export const isReferralToken = (value: unknown): value is string =>
  typeof value === 'string' && REFERRAL_TOKEN.test(value);

// ---------------------------------------------------------------------------------------------------------
// Points
// ---------------------------------------------------------------------------------------------------------

export const SHARING_EVENTS = ['visit', 'applied', 'submitted'] as const;
export type TSharingEvent = (typeof SHARING_EVENTS)[number];

/** Reward points per credited event, unless an admin sets others in settings. */
export const DEFAULT_SHARING_POINTS = { visit: 1, applied: 5, submitted: 20 } as const satisfies Record<
  TSharingEvent,
  number
>;
export const MAX_POINTS_PER_EVENT = 1000;
const ZPoints = z.number().int().min(0).max(MAX_POINTS_PER_EVENT);
export const ZSharingPoints = z.object({ visit: ZPoints, applied: ZPoints, submitted: ZPoints });
export type TSharingPoints = z.infer<typeof ZSharingPoints>;

export type TSharingCounts = { visits: number; applies: number; submits: number };

/** The points a set of credited events is worth: each visit, apply start and submission at its rate. */
export const rewardPoints = (counts: TSharingCounts, points: TSharingPoints) =>
  counts.visits * points.visit + counts.applies * points.applied + counts.submits * points.submitted;

// ---------------------------------------------------------------------------------------------------------
// Time zone and periods
// ---------------------------------------------------------------------------------------------------------

export const DEFAULT_TIME_ZONE = 'Europe/London';

/** True for an IANA time zone name the runtime knows (Europe/London, America/New_York, UTC...). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const ZTimeZone = z.string().trim().refine(isTimeZone, 'Unknown time zone');

export const ZSharingSettings = z.object({ timeZone: ZTimeZone, points: ZSharingPoints });
export type TSharingSettings = z.infer<typeof ZSharingSettings>;
export const DEFAULT_SHARING_SETTINGS: TSharingSettings = {
  timeZone: DEFAULT_TIME_ZONE,
  points: { ...DEFAULT_SHARING_POINTS },
};

/** spec 3 §2 Period selector, in its order. */
export const SHARING_PERIODS = [
  { value: 'this-week', label: 'This week' },
  { value: 'this-month', label: 'This month' },
  { value: 'this-year', label: 'This year' },
  { value: 'last-week', label: 'Last week' },
  { value: 'last-month', label: 'Last month' },
  { value: 'last-year', label: 'Last year' },
  { value: 'all-time', label: 'All time' },
] as const;
export type TSharingPeriod = (typeof SHARING_PERIODS)[number]['value'];
export const DEFAULT_SHARING_PERIOD: TSharingPeriod = 'this-month';
export const isSharingPeriod = (value: unknown): value is TSharingPeriod =>
  SHARING_PERIODS.some((p) => p.value === value);

/** A calendar date, YYYY-MM-DD. */
export type TLocalDate = string;
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const ZLocalDate = z
  .string()
  .regex(LOCAL_DATE, 'Use YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && toDate(d) === d, 'Not a date');

/**
 * A period as calendar dates in the company's time zone: `startDate` INCLUSIVE (from local midnight at its
 * start), `endDate` EXCLUSIVE (up to, not including, local midnight at its start). Both absent: all time.
 */
export type TDateRange = { startDate?: TLocalDate; endDate?: TLocalDate };

const pad = (n: number) => String(n).padStart(2, '0');
const toDate = (d: string) => {
  const t = new Date(`${d}T00:00:00Z`);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
};
const ymd = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
};

/** The calendar date an instant falls on in a time zone. */
export function localDateOf(instant: Date, timeZone: string): TLocalDate {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Local wall-clock hour (0–23) and weekday (0 Sunday … 6 Saturday) of an instant in a time zone. */
export function localClock(instant: Date, timeZone: string): { hour: number; weekday: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    hourCycle: 'h23',
    weekday: 'short',
  }).formatToParts(instant);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const day = parts.find((p) => p.type === 'weekday')?.value ?? 'Sun';
  return { hour, weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(day) };
}

/** Offset of a zone from UTC at an instant, in ms (London in summer: +3 600 000). */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant local midnight starts a calendar date in a time zone (DST-aware). */
export function startOfLocalDate(date: TLocalDate, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  let instant = wall - zoneOffset(wall, timeZone);
  // The offset at the guess may differ from the offset at the answer when a change lies between them.
  const again = wall - zoneOffset(instant, timeZone);
  if (again !== instant) instant = again;
  return new Date(instant);
}

/** The instant range [start, end) of a date range in a time zone; undefined ends are open. */
export function instantRange(range: TDateRange, timeZone: string) {
  return {
    start: range.startDate ? startOfLocalDate(range.startDate, timeZone) : undefined,
    end: range.endDate ? startOfLocalDate(range.endDate, timeZone) : undefined,
  };
}

/**
 * spec 3 §2 period selector, as dates in the company's time zone at `now`. Weeks start on Monday. Start
 * inclusive, end exclusive: This week ends at next Monday, Last month ends at the 1st of this month.
 */
export function periodRange(period: TSharingPeriod, now: Date, timeZone: string): TDateRange {
  if (period === 'all-time') return {};
  const today = localDateOf(now, timeZone);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7; // Monday 0
  switch (period) {
    case 'this-week':
      return { startDate: ymd(y, m, d - weekday), endDate: ymd(y, m, d - weekday + 7) };
    case 'last-week':
      return { startDate: ymd(y, m, d - weekday - 7), endDate: ymd(y, m, d - weekday) };
    case 'this-month':
      return { startDate: ymd(y, m, 1), endDate: ymd(y, m + 1, 1) };
    case 'last-month':
      return { startDate: ymd(y, m - 1, 1), endDate: ymd(y, m, 1) };
    case 'this-year':
      return { startDate: ymd(y, 1, 1), endDate: ymd(y + 1, 1, 1) };
    case 'last-year':
      return { startDate: ymd(y - 1, 1, 1), endDate: ymd(y, 1, 1) };
  }
}

/** Days in [start, end) of a date range (for choosing a chart's step). */
export const daysBetween = (startDate: TLocalDate, endDate: TLocalDate) =>
  Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000);

// ---------------------------------------------------------------------------------------------------------
// Attribution
// ---------------------------------------------------------------------------------------------------------

export type TAttribution = {
  referralToken: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
  utmMedium: string | null;
};

/**
 * First touch: a browser session's visit to a job page decides who and what a later apply start and submission
 * of that session on that job are credited to; an event without a visit keeps what it came with. A token
 * counts only when it belongs to the job's company (the server checks; otherwise it is dropped, the UTM
 * values stay).
 */
export function attributeEvent({
  visit,
  own,
}: {
  visit: TAttribution | null | undefined;
  own: TAttribution;
}): TAttribution {
  return visit ?? own;
}

/**
 * A link made before referral tokens (spec 1 §7 form: utm_source={userId}&utm_campaign=share-reward) still
 * names its sharer: the user id to look up, when there is no token.
 */
export function legacySharerId(utm: { utmSource: string | null; utmCampaign: string | null }): string | null {
  return utm.utmCampaign === 'share-reward' && utm.utmSource && UUID.test(utm.utmSource)
    ? utm.utmSource
    : null;
}

/** The funnel's source of a grouped row: an employee referral, else its utm_source, else Direct. */
export const REFERRAL_SOURCE = 'Employee referrals';
export const DIRECT_SOURCE = 'Direct';
export const funnelSource = (row: { token: string | null; utm_source: string | null }) =>
  row.token ? REFERRAL_SOURCE : row.utm_source || DIRECT_SOURCE;

/**
 * Issue 23 item 1: the share of the video's length a session watched (0..1), from the furthest position the
 * player reported (seconds, fractions kept); null when the length is unknown.
 */
export function watchedFraction(
  reachedSeconds: number | null | undefined,
  durationSeconds: number | null | undefined,
): number | null {
  if (!durationSeconds || !Number.isFinite(durationSeconds) || durationSeconds <= 0) return null;
  const reached = Math.max(0, reachedSeconds ?? 0);
  return Math.min(1, reached / durationSeconds);
}

/** True when a session played the video at all: any position past the start (a fraction of a second counts). */
export const playedVideo = (reachedSeconds: number | null | undefined) => (reachedSeconds ?? 0) > 0;

/**
 * How far a visitor watched the job's video: 0 not at all, 1 under half, 2 half or more of its length. A
 * session that played less than a second still played it; with no known length, any watching is band 1.
 */
export type TWatchBand = 0 | 1 | 2;
export function watchBand(
  reachedSeconds: number | null | undefined,
  durationSeconds: number | null | undefined,
): TWatchBand {
  if (!playedVideo(reachedSeconds)) return 0;
  const fraction = watchedFraction(reachedSeconds, durationSeconds);
  if (fraction === null) return 1;
  return fraction >= 0.5 ? 2 : 1;
}
export const WATCH_BAND_LABELS: Record<TWatchBand, string> = {
  0: 'Did not watch',
  1: 'Watched under half',
  2: 'Watched half or more',
};
