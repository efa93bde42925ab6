import type { z } from 'zod';
import { GEOCODING_LIMITS, type ZGeocodeQuery } from '@hirecast/domain/geocoding';
import { jobMessages } from '@hirecast/domain/job-messages';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';

// spec 1 §5: up to 10 suggestions biased to GB. A failing provider is logged and answered with the product's
// generic failure; the browser then shows 'No options, try searching for something else.'
export async function searchPlaces(ctx: TContext, query: z.output<typeof ZGeocodeQuery>) {
  try {
    return await ctx.geocoder.search(query.q, { limit: query.limit, bias: GEOCODING_LIMITS.bias });
  } catch (err) {
    ctx.log.error({ err, provider: ctx.geocoder.kind }, 'geocoding failed');
    throw new AppError('INTERNAL', jobMessages.locationNoOptions);
  }
}
