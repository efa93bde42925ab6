import { z } from 'zod';

// zod at the boundary: the few fields of Stripe's events that billing reads. Both the webhook (Stripe's JSON)
// and the embedded provider (objects it builds in the same shape) go through these. Fields moved between
// API versions are read from both places (current_period_end on the items since 2025-03-31; an invoice's
// subscription under parent.subscription_details since 2025-03-31).

const ZRef = z
  .union([z.string(), z.object({ id: z.string() })])
  .transform((v) => (typeof v === 'string' ? v : v.id));
const ZMetadata = z
  .record(z.string(), z.string())
  .nullish()
  .transform((v) => v ?? {});

export const ZStripeSubscription = z.object({
  id: z.string(),
  customer: ZRef,
  status: z.string(),
  cancel_at_period_end: z.boolean().nullish(),
  current_period_end: z.number().nullish(),
  metadata: ZMetadata,
  items: z.object({
    data: z
      .array(
        z.object({
          id: z.string(),
          quantity: z.number().int().nullish(),
          current_period_end: z.number().nullish(),
          price: z.object({ id: z.string() }),
        }),
      )
      .min(1),
  }),
});
export type TStripeSubscription = z.output<typeof ZStripeSubscription>;

export const ZStripeCheckoutSession = z.object({
  id: z.string(),
  mode: z.string(),
  client_reference_id: z.string().nullish(),
  customer: ZRef.nullish(),
  subscription: ZRef.nullish(),
  metadata: ZMetadata,
});

// What an invoice's email says (issue 23 item 3) is read leniently: a field that does not read as expected is
// left out of the email, never a reason to ignore the event.
const lenient = <T extends z.ZodType>(schema: T) => schema.nullish().catch(null);

export const ZStripeInvoice = z.object({
  id: z.string(),
  customer: ZRef,
  subscription: ZRef.nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: ZRef }).nullish() }).nullish(),
  /** subscription_cycle for a renewal (subscription_create and subscription_update have their own email). */
  billing_reason: lenient(z.string()),
  amount_due: lenient(z.number().int()),
  amount_paid: lenient(z.number().int()),
  /** Seconds: when Stripe tries a failed payment again. */
  next_payment_attempt: lenient(z.number()),
  /** The period the invoice pays for: its end is the next payment of a renewal. */
  lines: lenient(z.object({ data: z.array(z.object({ period: lenient(z.object({ end: z.number() })) })) })),
});

export const ZStripeEvent = z.object({
  id: z.string().min(1).max(255),
  type: z.string(),
  /** Seconds since the epoch. */
  created: z.number().int(),
  data: z.object({
    object: z.record(z.string(), z.unknown()),
    previous_attributes: z.record(z.string(), z.unknown()).nullish(),
  }),
});
export type TStripeEvent = z.input<typeof ZStripeEvent>;

/** The events billing acts on (README, Billing: enable these on the webhook endpoint). */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
  'invoice.paid',
] as const;
