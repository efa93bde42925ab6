import type { TContext } from '../../lib/context.ts';
import type { TQueue } from '../../lib/queue/queue.ts';
import { buildExport } from './export.ts';
import { runNightly } from './retention.ts';

/** Hourly: each company's rules run at the first tick from 02:00 of its own time zone (retention.ts). */
export const PRIVACY_SCHEDULE = '20 * * * *';

export async function registerPrivacyJobs(
  queue: TQueue,
  ctx: Pick<TContext, 'db' | 'storage' | 'log' | 'mail' | 'config'>,
) {
  await queue.work('privacy.nightly', async () => {
    const ran = await runNightly(ctx);
    if (ran.length > 0) ctx.log.info({ companies: ran.length }, 'retention rules ran');
  });
  await queue.work('privacy.export', async ({ exportId }) => buildExport(ctx, exportId));
  await queue.schedule('privacy.nightly', PRIVACY_SCHEDULE, {}, { key: 'nightly', tz: 'UTC' });
}
