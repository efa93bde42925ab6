import type { FastifyPluginAsync } from 'fastify';
import { messages } from '@hirecast/domain/messages';
import { AppError } from '../../lib/app-error.ts';
import { applyBillingEvent } from './events.ts';
import { createStripeClient } from './stripe-provider.ts';
import type { TStripeEvent } from './stripe-objects.ts';

// POST /api/billing/webhook: Stripe's signed events. The signature is checked over the raw bytes, so this
// plugin reads JSON bodies as a Buffer (only here: encapsulated). Without Stripe keys there is no endpoint.
export const webhookRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const stripeConfig = ctx.config.stripe;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  const stripe = stripeConfig ? createStripeClient(stripeConfig) : null;

  app.post('/billing/webhook', { schema: { tags: ['billing'], hide: true } }, async (request, reply) => {
    if (!stripe || !stripeConfig) throw new AppError('NOT_FOUND', messages.notFound);
    const signature = request.headers['stripe-signature'];
    const body = request.body;
    if (typeof signature !== 'string' || !Buffer.isBuffer(body)) {
      throw new AppError('VALIDATION', 'Missing Stripe-Signature or body');
    }
    let event: TStripeEvent;
    try {
      event = stripe.webhooks.constructEvent(
        body,
        signature,
        stripeConfig.webhookSecret,
      ) as unknown as TStripeEvent;
    } catch {
      throw new AppError('VALIDATION', 'The Stripe signature does not match');
    }
    const result = await applyBillingEvent(ctx, event);
    return reply.status(200).send({ received: true, outcome: result.outcome });
  });
};
