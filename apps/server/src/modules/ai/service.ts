import type { TAiDescriptionInput } from '@hirecast/domain/ai-description';
import { jobMessages } from '@hirecast/domain/job-messages';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';

// spec 1 §8: an AI failure answers 'Something went wrong, try again later' (the dialog closes); the cause
// stays in the log.
export async function describeJob(ctx: TContext, input: TAiDescriptionInput) {
  try {
    return await ctx.ai.describeJob(input);
  } catch (err) {
    ctx.log.error({ err, provider: ctx.ai.kind }, 'AI description failed');
    throw new AppError('INTERNAL', jobMessages.aiFailure);
  }
}
