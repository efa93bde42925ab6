import { z } from 'zod';
import { UUID } from './uuid.ts';

// Issue 33 item 5: a plan that ends (cancelled now or at the period end, or after failed renewals) or shrinks
// leaves no more jobs live than the plan the company lands on allows. The jobs over the limit are closed: the
// ones the admin chose before cancelling, else the most recently published first. The server applies it where a
// subscription changes (billing/events.ts); the plans screen asks the admin first (GET /billing/plan-end).

export const planEndMessages = {
  cancelTitle: 'Cancel your plan now?',
  cancelLead:
    'Your plan ends now and your company moves to the free plan. No further payments are taken. Your first job stays free.',
  cancelConfirm: 'Cancel plan now',
  cancelKeep: 'Keep my plan',
  cancelled: 'Your plan has been cancelled. Your company is on the free plan now.',
  cancelFailure: 'We could not cancel your plan. Please try again later.',
  nothingCloses: 'No job needs to close: your live jobs fit the free plan.',
} as const;

const plural = (n: number) => (n === 1 ? 'job' : 'jobs');

/** What the plans screen's cancel dialog says above the job choice. */
export function closeChoiceLead({
  mustClose,
  live,
  limit,
}: {
  mustClose: number;
  live: number;
  limit: number;
}): string {
  const covers =
    limit === 0
      ? 'The free plan covers only your first job'
      : `The free plan covers ${limit} active ${plural(limit)} besides your first job`;
  return mustClose === live
    ? `${covers}, so ${mustClose === 1 ? 'this live job closes' : `these ${mustClose} live jobs close`} when you cancel:`
    : `${covers}, so ${mustClose} of your ${live} live jobs close when you cancel. Choose which:`;
}

/** The refusal of a choice that does not name exactly the jobs that must close. */
export function closeChoiceRefusal(mustClose: number): string {
  return mustClose === 0
    ? 'No job needs to close: send no jobs to close.'
    : `Choose exactly ${mustClose} of your live ${plural(mustClose)} to close (your first job stays live).`;
}

/** Whether `chosen` names exactly `mustClose` different jobs among `liveIds`. */
export function isValidCloseChoice({
  liveIds,
  mustClose,
  chosen,
}: {
  liveIds: readonly string[];
  mustClose: number;
  chosen: readonly string[];
}): boolean {
  const live = new Set(liveIds);
  return (
    new Set(chosen).size === chosen.length &&
    chosen.length === mustClose &&
    chosen.every((id) => live.has(id))
  );
}

export type TLiveJob = { id: string; publishedAt: Date | null; createdAt: Date };

const time = (date: Date | null) => date?.getTime() ?? Number.NEGATIVE_INFINITY;

/**
 * The jobs to close so that at most `limit` of the `live` jobs (open, not the first job) stay live: the ones
 * chosen first (in their order, only those still live), then the most recently published (an open job never
 * published counts from its creation), the newest first.
 */
export function jobsToClose({
  live,
  limit,
  chosen = [],
}: {
  live: readonly TLiveJob[];
  limit: number;
  chosen?: readonly string[];
}): string[] {
  const over = live.length - Math.max(0, limit);
  if (over <= 0) return [];
  const liveIds = new Set(live.map((job) => job.id));
  const picked = [...new Set(chosen.filter((id) => liveIds.has(id)))].slice(0, over);
  const rest = live
    .filter((job) => !picked.includes(job.id))
    .sort(
      (a, b) =>
        time(b.publishedAt ?? b.createdAt) - time(a.publishedAt ?? a.createdAt) ||
        b.createdAt.getTime() - a.createdAt.getTime() ||
        (a.id < b.id ? 1 : -1),
    )
    .map((job) => job.id);
  return [...picked, ...rest].slice(0, over);
}

/** POST /billing/cancel: the jobs to close (exactly as many as must close), else the default rule picks. */
export const ZCancelPlanRequest = z.object({
  closeJobIds: z.array(z.string().regex(UUID, 'Not a job id')).max(1000).optional(),
});
export type TCancelPlanRequest = z.input<typeof ZCancelPlanRequest>;

/** GET /billing/plan-end: what cancelling now would close. */
export const ZPlanEndPreview = z.object({
  /** The plan the company lands on (the free plan) and how many active jobs it allows besides the first. */
  plan: z.string(),
  activeJobLimit: z.number().int(),
  /** Live jobs other than the first job, the most recently published first. */
  liveJobs: z.array(z.object({ _id: z.string(), title: z.string(), publishedAt: z.string().nullable() })),
  mustClose: z.number().int(),
  /** The default choice: the most recently published. */
  suggested: z.array(z.string()),
});
export type TPlanEndPreview = z.infer<typeof ZPlanEndPreview>;
