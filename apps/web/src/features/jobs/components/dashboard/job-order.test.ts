import { describe, expect, it } from 'vitest';
import { reorderedJobOrders, sortJobs } from './job-order.ts';

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
