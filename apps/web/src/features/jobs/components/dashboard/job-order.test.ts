import { describe, expect, it } from 'vitest';
import { reorderedJobOrders, reorderHint, sortJobs } from './job-order.ts';

const job = (_id: string, order: number, isFirstJob = false) => ({ _id, order, isFirstJob });

describe('job order', () => {
  it('puts the first job on top, then sorts by order', () => {
    const sorted = sortJobs([job('b', 2), job('first', 9, true), job('a', 1)]);
    expect(sorted.map((j) => j._id)).toEqual(['first', 'a', 'b']);
  });

  it('hands the existing order values out again in the new sequence', () => {
    const jobs = [job('a', 3), job('b', 7), job('c', 10)];
    expect(reorderedJobOrders(jobs, ['c', 'a', 'b'])).toEqual([
      { _id: 'c', order: 3 },
      { _id: 'a', order: 7 },
      { _id: 'b', order: 10 },
    ]);
  });

  it('spreads repeated order values so the new order is strict', () => {
    const jobs = [job('a', 0), job('b', 0), job('c', 0)];
    expect(reorderedJobOrders(jobs, ['b', 'c', 'a']).map((e) => e.order)).toEqual([0, 1, 2]);
  });
});

describe('reorderHint', () => {
  it('says the first job is pinned and how many more jobs reordering needs', () => {
    expect(reorderHint([job('first', 0, true), job('a', 1)])).toBe(
      'Your first job stays pinned at the top. Add one more job to reorder the others.',
    );
    expect(reorderHint([job('first', 0, true)])).toBe(
      'Your first job stays pinned at the top. Add two more jobs to reorder the others.',
    );
  });

  it('asks for two jobs when none is pinned, and says nothing once reordering works', () => {
    expect(reorderHint([job('a', 1)])).toBe('Add two or more jobs to reorder them');
    expect(reorderHint([])).toBe('Add two or more jobs to reorder them');
    expect(reorderHint([job('first', 0, true), job('a', 1), job('b', 2)])).toBeNull();
    expect(reorderHint([job('a', 1), job('b', 2)])).toBeNull();
  });
});
