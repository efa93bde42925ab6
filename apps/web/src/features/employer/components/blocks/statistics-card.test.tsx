import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { COMPANY_PAGE_LIMITS, companyPageMessages, EMPTY_STATS } from '@hirecast/domain/company-page-rules';
import { StatisticsCard } from './statistics-card.tsx';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('StatisticsCard', () => {
  afterEach(() => vi.useRealTimers());

  it('saves 700 ms after the last change, once, with the typed figures', async () => {
    vi.useFakeTimers();
    const onSave = vi.fn(() => Promise.resolve());
    render(<StatisticsCard stats={EMPTY_STATS} editable onSave={onSave} />);
    type('Founding year', '1998');
    act(() => vi.advanceTimersByTime(COMPANY_PAGE_LIMITS.statsDebounceMs - 100));
    type('Employees', '120');
    act(() => vi.advanceTimersByTime(COMPANY_PAGE_LIMITS.statsDebounceMs - 1));
    expect(onSave).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith({
      foundingYear: 1998,
      employees: 120,
      gender: { male: null, female: null },
    });
  });

  it('does not save a wrong year and says why', () => {
    vi.useFakeTimers();
    const onSave = vi.fn(() => Promise.resolve());
    render(<StatisticsCard stats={EMPTY_STATS} editable onSave={onSave} />);
    type('Founding year', '98');
    act(() => vi.advanceTimersByTime(2_000));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText(companyPageMessages.yearDigits)).toBeInTheDocument();
  });

  it('shows the gender warning when men and women do not add up', () => {
    render(
      <StatisticsCard
        stats={{ foundingYear: 2001, employees: 10, gender: { male: 3, female: 3 } }}
        editable
        onSave={() => Promise.resolve()}
      />,
    );
    expect(screen.getByText(companyPageMessages.genderMismatch)).toBeInTheDocument();
  });
});
