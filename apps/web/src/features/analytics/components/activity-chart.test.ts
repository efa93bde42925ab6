import { describe, expect, it } from 'vitest';
import { fillDays } from './activity-chart.tsx';

// Issue 23 item 8: a chart draws every day (or month) of its period, quiet ones at zero, so no line is drawn
// across days that had nothing.
describe('fillDays', () => {
  it('gives every day of a day-step range, zero where nothing happened', () => {
    const points = fillDays(
      { step: 'day', points: [{ date: '2026-11-03', visits: 4, applies: 1, submits: 1 }] },
      { startDate: '2026-11-01', endDate: '2026-11-05' },
    );
    expect(points).toEqual([
      { date: '2026-11-01', visits: 0, applies: 0, submits: 0 },
      { date: '2026-11-02', visits: 0, applies: 0, submits: 0 },
      { date: '2026-11-03', visits: 4, applies: 1, submits: 1 },
      { date: '2026-11-04', visits: 0, applies: 0, submits: 0 },
    ]);
  });

  it('gives every month between the first and the last of a month-step series', () => {
    const points = fillDays(
      {
        step: 'month',
        points: [
          { date: '2026-02-01', visits: 1, applies: 0, submits: 0 },
          { date: '2025-11-01', visits: 2, applies: 1, submits: 0 },
        ],
      },
      {},
    );
    expect(points.map((p) => [p.date, p.visits])).toEqual([
      ['2025-11-01', 2],
      ['2025-12-01', 0],
      ['2026-01-01', 0],
      ['2026-02-01', 1],
    ]);
    expect(fillDays({ step: 'month', points: [] }, {})).toEqual([]);
  });
});
