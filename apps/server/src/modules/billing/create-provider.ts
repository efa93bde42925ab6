import type { TContext } from '../../lib/context.ts';
import { createLocalProvider } from './local-provider.ts';
import type { TBillingProvider } from './provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

// The factory lives apart from the interface (provider.ts) that both providers implement, so that no file
// imports a file that imports it back.
export function createBillingProvider(ctx: TContext): TBillingProvider {
  return ctx.config.stripe ? createStripeProvider(ctx.config.stripe) : createLocalProvider(ctx);
}
