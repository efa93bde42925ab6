import { describe, expect, it } from 'vitest';
import { formatSalary, parseSalaryAmount } from '../src/salary.ts';

describe('formatSalary (spec 3 §9)', () => {
  it('rounds annual and monthly amounts to whole units, with the currency symbol', () => {
    expect(formatSalary({ from: '25,000.6', to: '30000', currency: 'GBP', unit: 'annually' })).toBe(
      '£25,001 – £30,000 per year',
    );
    expect(formatSalary({ from: '3000', to: null, currency: 'EUR', unit: 'monthly' })).toBe(
      'From €3,000 per month',
    );
  });
  it('keeps two decimals for hourly, daily, weekly and bi-weekly pay', () => {
    expect(formatSalary({ from: '12.5', to: '14', currency: 'USD', unit: 'hourly' })).toBe(
      '$12.50 – $14.00 per hour',
    );
    expect(formatSalary({ from: null, to: '900', currency: 'GBP', unit: 'bi-weekly' })).toBe(
      'Up to £900.00 every two weeks',
    );
  });
  it('shows one amount when both are equal, orders a reversed range, and answers null without amounts', () => {
    expect(formatSalary({ from: '100', to: '100', currency: 'GBP', unit: 'daily' })).toBe('£100.00 per day');
    expect(formatSalary({ from: '40000', to: '30000', currency: 'GBP', unit: 'annually' })).toBe(
      '£30,000 – £40,000 per year',
    );
    expect(formatSalary({ from: '', to: null, currency: 'GBP', unit: 'annually' })).toBeNull();
    expect(parseSalaryAmount('1.2.3')).toBeNull();
  });
});
