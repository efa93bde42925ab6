import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { TConfig } from '../../config.ts';
import type { TBillingProvider } from './provider.ts';

type TStripeConfig = NonNullable<TConfig['stripe']>;

export function createStripeClient(config: TStripeConfig) {
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Hirecast' },
    ...(config.host && { host: config.host }),
    ...(config.port && { port: config.port }),
    ...(config.protocol && { protocol: config.protocol }),
  });
}

// Stripe Checkout, subscription updates and the Customer Portal through the official SDK. The company and
// the admin travel in metadata so the webhook can tell whose subscription it is and who changed it.
export function createStripeProvider(config: TStripeConfig): TBillingProvider {
  const stripe = createStripeClient(config);
  return {
    kind: 'stripe',
    async createCheckout(input) {
      const metadata = { companyId: input.companyId, changedBy: input.userId };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: input.priceId, quantity: input.jobs }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.companyId,
        ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
        metadata,
        subscription_data: { metadata },
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return session.url;
    },
    async changeSubscription({ subscription, priceId, jobs, userId }) {
      await stripe.subscriptions.update(subscription.stripeSubscriptionId, {
        items: [{ id: subscription.stripeItemId, price: priceId, quantity: jobs }],
        proration_behavior: 'create_prorations',
        // A fresh changeId makes the metadata change with every plan change, so the webhook can attribute
        // this very update to the admin (docs/decisions/017-billing.md).
        metadata: { companyId: subscription.companyId, changedBy: userId, changeId: randomUUID() },
      });
    },
    async cancelSubscription({ subscription }) {
      // Stripe then sends customer.subscription.deleted, which ends the plan (events.ts).
      await stripe.subscriptions.cancel(subscription.stripeSubscriptionId);
    },
    async createPortal({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },
  };
}
