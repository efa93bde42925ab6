import type { TJob } from '@hirecast/domain/job';

type TOrdered = Pick<TJob, '_id' | 'isFirstJob' | 'order'>;

// spec 1 §4 Sorting: the first job on top, then by order (the server answers in this order too; sorting here
// keeps an optimistic reorder in place until the list comes back).
export function sortJobs<T extends TOrdered>(jobs: readonly T[]): T[] {
  return [...jobs].sort((a, b) => Number(b.isFirstJob) - Number(a.isFirstJob) || a.order - b.order);
}

// After a card is dropped, the moved list keeps the order values the visible cards already had, handed out
// again top to bottom. With a search or the 'Live jobs' filter on, hidden jobs keep their place. Repeated
// values (older data) are spread out so the new order is strict.
export function reorderedJobOrders(jobs: readonly TOrdered[], moved: readonly string[]) {
  const slots = jobs.map((job) => job.order).sort((a, b) => a - b);
  for (let i = 1; i < slots.length; i += 1) {
    const prev = slots[i - 1] ?? 0;
    if ((slots[i] ?? 0) <= prev) slots[i] = prev + 1;
  }
  return moved.map((_id, index) => ({ _id, order: slots[index] ?? index }));
}

/**
 * Why the dashboard's reorder (Edit) is off, or null when it is on: it moves the jobs other than the first,
 * which stays pinned on top, so it needs two of them.
 */
export function reorderHint(jobs: readonly { isFirstJob: boolean }[]): string | null {
  const movable = jobs.filter((job) => !job.isFirstJob).length;
  if (movable >= 2) return null;
  if (jobs.length === movable) return 'Add two or more jobs to reorder them';
  const more = movable === 1 ? 'one more job' : 'two more jobs';
  return `Your first job stays pinned at the top. Add ${more} to reorder the others.`;
}
