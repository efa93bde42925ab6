import type { TContext } from '../../lib/context.ts';
import { sendJobLetters } from './service.ts';

/** Registers the 'job.letters' worker (the Early Bird and Job Live letters). */
export async function registerJobLetters(ctx: Pick<TContext, 'db' | 'mail' | 'log' | 'queue'>) {
  await ctx.queue.work('job.letters', (data) => sendJobLetters(ctx, data));
}
