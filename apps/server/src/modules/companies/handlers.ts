import type { TContext } from '../../lib/context.ts';
import { registerJobLetters } from '../job-letters/handlers.ts';
import { readCompanyFromLink, type TTexauOptions } from './texau-job.ts';

/**
 * The background jobs of the company settings (issue 7): 'company.texau' (company details from a link) and
 * 'job.letters' (the Early Bird and Job Live letters, written with the company's letter texts). Tests pass
 * `texau.fetch` to read pages served locally; production passes nothing.
 */
export async function registerCompanyJobs(ctx: TContext, options: { texau?: TTexauOptions } = {}) {
  await ctx.queue.work('company.texau', (data) => readCompanyFromLink(ctx, data, options.texau));
  await registerJobLetters(ctx);
}
