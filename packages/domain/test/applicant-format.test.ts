import { describe, expect, it } from 'vitest';
import {
  describePeriod,
  formatDuration,
  formatMonth,
  isPresentDate,
  monthsCovered,
  parseMonth,
} from '../src/applicant-format.ts';

const now = new Date(2026, 10, 15); // 15 Nov 2026, local time

describe('formatMonth (spec 2 §2: MMM YYYY)', () => {
  it('shows a month as MMM YYYY from YYYY-MM, a date or a date-time', () => {
    expect(formatMonth('2023-04')).toBe('Apr 2023');
    expect(formatMonth('2019-12-01')).toBe('Dec 2019');
    expect(formatMonth('2020-01-31T00:00:00.000Z')).toBe('Jan 2020');
  });
  it("says 'Present' for the words current or present, in any case", () => {
    expect(formatMonth('present')).toBe('Present');
    expect(formatMonth('Current')).toBe('Present');
    expect(isPresentDate(' PRESENT ')).toBe(true);
    expect(isPresentDate('2020-01')).toBe(false);
  });
  it('shows unreadable values as written rather than a wrong date', () => {
    expect(formatMonth('2020-13')).toBe('2020-13');
    expect(formatMonth('summer 2020')).toBe('summer 2020');
    expect(formatMonth(null)).toBe('');
    expect(parseMonth('2020-00')).toBeNull();
  });
});

describe('formatDuration (spec 2 §2: years and months)', () => {
  it('names years and months with the right plurals', () => {
    expect(formatDuration(1)).toBe('1 month');
    expect(formatDuration(5)).toBe('5 months');
    expect(formatDuration(12)).toBe('1 year');
    expect(formatDuration(13)).toBe('1 year 1 month');
    expect(formatDuration(26)).toBe('2 years 2 months');
    expect(formatDuration(36)).toBe('3 years');
  });
  it('never says zero', () => {
    expect(formatDuration(0)).toBe('1 month');
  });
});

describe('describePeriod', () => {
  it('counts both the first and the last month', () => {
    expect(monthsCovered({ year: 2020, month: 1 }, { year: 2020, month: 3 })).toBe(3);
    expect(describePeriod({ startDate: '2020-03', endDate: '2020-03' }, now).duration).toBe('1 month');
    expect(describePeriod({ startDate: '2019-01', endDate: '2019-12' }, now)).toEqual({
      start: 'Jan 2019',
      end: 'Dec 2019',
      duration: '1 year',
      isCurrent: false,
    });
    expect(describePeriod({ startDate: '2018-11', endDate: '2021-01' }, now).duration).toBe(
      '2 years 3 months',
    );
  });
  it('runs a current item up to this month', () => {
    expect(describePeriod({ startDate: '2024-09', endDate: 'present' }, now)).toEqual({
      start: 'Sep 2024',
      end: 'Present',
      duration: '2 years 3 months',
      isCurrent: true,
    });
  });
  it('gives no duration when the dates cannot be read or are reversed', () => {
    expect(describePeriod({ startDate: '2022-05', endDate: '2021-01' }, now).duration).toBeNull();
    expect(describePeriod({ startDate: 'soon', endDate: 'present' }, now).duration).toBeNull();
    expect(describePeriod({ startDate: '2022-05', endDate: null }, now)).toMatchObject({
      end: '',
      duration: null,
    });
  });
});
