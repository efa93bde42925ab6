import type { TContext } from '../../lib/context.ts';
import { readCompanyFromLink, type TTexauOptions } from './texau-job.ts';

/**
 * The background job of the company settings (issue 7): 'company.texau' (company details from a link). Tests
 * pass `texau.fetch` to read pages served locally; production passes nothing.
 */
export async function registerCompanyJobs(ctx: TContext, options: { texau?: TTexauOptions } = {}) {
  await ctx.queue.work('company.texau', (data) => readCompanyFromLink(ctx, data, options.texau));
}
