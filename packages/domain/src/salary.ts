import type { TSalary } from './job.ts';

// spec 3 §9: currency symbols for EUR, USD, GBP; amounts rounded to whole units for annual and monthly, two
// decimals otherwise.
export const CURRENCY_SYMBOLS = { EUR: '€', USD: '$', GBP: '£' } as const;
export const SALARY_UNIT_LABELS: Record<TSalary['unit'], string> = {
  hourly: 'per hour',
  daily: 'per day',
  weekly: 'per week',
  'bi-weekly': 'every two weeks',
  monthly: 'per month',
  annually: 'per year',
};

/** A typed amount ('12,500', '12.50') as a number, or null when it is empty or not a number. */
export function parseSalaryAmount(value: string | null | undefined): number | null {
  const text = (value ?? '').trim().replace(/,/g, '');
  if (text === '' || !/^\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

export function formatSalaryAmount(amount: number, salary: Pick<TSalary, 'currency' | 'unit'>): string {
  const whole = salary.unit === 'annually' || salary.unit === 'monthly';
  const digits = whole ? 0 : 2;
  const number = amount.toLocaleString('en-GB', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return `${CURRENCY_SYMBOLS[salary.currency]}${number}`;
}

/** '£25,000 – £30,000 per year', 'From £12.50 per hour', 'Up to €3,000 per month', or null without amounts. */
export function formatSalary(salary: TSalary): string | null {
  const from = parseSalaryAmount(salary.from);
  const to = parseSalaryAmount(salary.to);
  const unit = SALARY_UNIT_LABELS[salary.unit];
  if (from !== null && to !== null && from !== to)
    return `${formatSalaryAmount(Math.min(from, to), salary)} – ${formatSalaryAmount(Math.max(from, to), salary)} ${unit}`;
  if (from !== null) return `${to === from ? '' : 'From '}${formatSalaryAmount(from, salary)} ${unit}`;
  if (to !== null) return `Up to ${formatSalaryAmount(to, salary)} ${unit}`;
  return null;
}
