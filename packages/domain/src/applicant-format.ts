// spec 2 §2 Single applicant page, §3 Experience or education item: dates shown as MMM YYYY with a duration in
// years and months. Pure, so the applicant page, e-mails and exports all say the same thing.

export type TMonth = { year: number; month: number };

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** spec 2 §3: an end date may be the words current or present. */
export const isPresentDate = (value: string | null | undefined) =>
  /^(present|current)$/i.test((value ?? '').trim());

/** 'YYYY-MM', 'YYYY-MM-DD' or an ISO date-time as a calendar month; null for anything else. */
export function parseMonth(value: string | null | undefined): TMonth | null {
  const match = /^(\d{4})-(\d{2})(?:-\d{2}(?:T.*)?)?$/.exec((value ?? '').trim());
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { year, month };
}

/** 'Apr 2023'; 'Present' for current or present; anything unreadable is shown as it was written. */
export function formatMonth(value: string | null | undefined): string {
  if (isPresentDate(value)) return 'Present';
  const parsed = parseMonth(value);
  return parsed ? `${MONTH_NAMES[parsed.month - 1]} ${parsed.year}` : (value ?? '').trim();
}

/**
 * Months covered from `start` to `end`, both months counted (Jan–Mar is 3 months, as CVs and LinkedIn count
 * them: someone who started and left in March worked there "1 month", not 0).
 */
export const monthsCovered = (start: TMonth, end: TMonth) =>
  (end.year - start.year) * 12 + (end.month - start.month) + 1;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** 14 -> '1 year 2 months', 12 -> '1 year', 5 -> '5 months'. */
export function formatDuration(months: number): string {
  const total = Math.max(1, Math.round(months));
  const years = Math.floor(total / 12);
  const rest = total % 12;
  return [years ? plural(years, 'year') : '', rest ? plural(rest, 'month') : ''].filter(Boolean).join(' ');
}

export type TPeriod = {
  start: string;
  end: string;
  /** Null when a date cannot be read or the end comes before the start. */
  duration: string | null;
  isCurrent: boolean;
};

/** How an experience or education item's dates read: 'Apr 2021', 'Present', '2 years 3 months'. */
export function describePeriod(
  item: { startDate: string; endDate?: string | null },
  now: Date = new Date(),
): TPeriod {
  const isCurrent = isPresentDate(item.endDate);
  const start = parseMonth(item.startDate);
  const end = isCurrent ? { year: now.getFullYear(), month: now.getMonth() + 1 } : parseMonth(item.endDate);
  const months = start && end ? monthsCovered(start, end) : 0;
  return {
    start: formatMonth(item.startDate),
    end: item.endDate ? formatMonth(item.endDate) : '',
    duration: months > 0 ? formatDuration(months) : null,
    isCurrent,
  };
}
