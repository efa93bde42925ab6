import { describe, expect, it } from 'vitest';
import { closeChoiceLead, isValidCloseChoice, jobsToClose } from '../src/plan-end.ts';

const day = (n: number) => new Date(Date.UTC(2026, 10, n));
const live = [
  { id: 'a', publishedAt: day(1), createdAt: day(1) },
  { id: 'b', publishedAt: day(5), createdAt: day(2) },
  { id: 'c', publishedAt: null, createdAt: day(3) },
  { id: 'd', publishedAt: day(4), createdAt: day(4) },
];

describe('jobsToClose (issue 33 item 5)', () => {
  it('closes nothing when the live jobs fit the plan', () => {
    expect(jobsToClose({ live, limit: 4 })).toEqual([]);
    expect(jobsToClose({ live, limit: 9, chosen: ['a'] })).toEqual([]);
  });

  it('closes the most recently published first (an unpublished job counts from its creation)', () => {
    expect(jobsToClose({ live, limit: 2 })).toEqual(['b', 'd']);
    expect(jobsToClose({ live, limit: 0 })).toEqual(['b', 'd', 'c', 'a']);
  });

  it("takes the admin's choice first, only jobs still live, then the default for the rest", () => {
    expect(jobsToClose({ live, limit: 2, chosen: ['a', 'c'] })).toEqual(['a', 'c']);
    expect(jobsToClose({ live, limit: 2, chosen: ['gone', 'a'] })).toEqual(['a', 'b']);
    expect(jobsToClose({ live, limit: 3, chosen: ['c', 'a'] })).toEqual(['c']);
  });

  it('accepts a choice of exactly the jobs that must close, among the live ones', () => {
    const liveIds = live.map((j) => j.id);
    expect(isValidCloseChoice({ liveIds, mustClose: 2, chosen: ['a', 'c'] })).toBe(true);
    expect(isValidCloseChoice({ liveIds, mustClose: 2, chosen: ['a'] })).toBe(false);
    expect(isValidCloseChoice({ liveIds, mustClose: 2, chosen: ['a', 'a'] })).toBe(false);
    expect(isValidCloseChoice({ liveIds, mustClose: 2, chosen: ['a', 'x'] })).toBe(false);
    expect(isValidCloseChoice({ liveIds, mustClose: 0, chosen: [] })).toBe(true);
  });

  it('words the choice', () => {
    expect(closeChoiceLead({ mustClose: 1, live: 1, limit: 0 })).toBe(
      'The free plan covers only your first job, so this live job closes when you cancel:',
    );
    expect(closeChoiceLead({ mustClose: 2, live: 3, limit: 1 })).toBe(
      'The free plan covers 1 active job besides your first job, so 2 of your 3 live jobs close when you cancel. Choose which:',
    );
  });
});
