import type { TContext } from '../../lib/context.ts';

// The triggers of the automatic Early Bird and Job Live letters (modules/job-letters sends them). They sit with
// the jobs because they read only a job's state and queue the 'job.letters' job; the letters module, which reads
// the applications, depends on the jobs and not the other way round.

type TJobState = { status: string; isHiringNow: boolean };
type THooksCtx = Pick<TContext, 'queue' | 'log'>;

export const isLive = (job: TJobState) => job.status === 'open' && job.isHiringNow;
export const isPreLaunch = (job: TJobState) => job.status === 'open' && !job.isHiringNow;

// ---------------------------------------------------------------------------------------------------------
// Hooks: one line each in the apply path and the job update and publish paths, after their writes commit.
// A letter that cannot be queued is logged; it never undoes the application or the job change.

/** After an application is saved: queues the Early Bird letter when the job (as the apply path read it) is pre-launch. */
export async function queueEarlyBirdLetter(
  ctx: THooksCtx,
  { job, applicationId }: { job: TJobState & { id: string }; applicationId: string },
) {
  if (!isPreLaunch(job)) return;
  try {
    await ctx.queue.send('job.letters', { jobId: job.id, kind: 'hiringSoon', applicationId });
  } catch (err) {
    ctx.log.error({ err, jobId: job.id, applicationId }, 'early bird letter not queued');
  }
}

/**
 * After a job changed: queues the Job Live letters when it is live now and was not before.
 */
export async function queueJobLiveLetters(
  ctx: THooksCtx,
  { before, after }: { before: TJobState; after: TJobState & { id: string } },
) {
  if (!isLive(after) || isLive(before)) return;
  try {
    await ctx.queue.send('job.letters', { jobId: after.id, kind: 'hiringNow' });
  } catch (err) {
    ctx.log.error({ err, jobId: after.id }, 'job live letters not queued');
  }
}
