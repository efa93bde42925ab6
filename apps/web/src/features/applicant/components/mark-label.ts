import { MARK_LABELS } from '@hirecast/domain/applicants';

/** spec 2 §5: 1 Definitely not … 5 Looks great (an average is rounded to its nearest label). */
export const markLabel = (mark: number) => MARK_LABELS[Math.min(5, Math.max(1, Math.round(mark))) - 1];
