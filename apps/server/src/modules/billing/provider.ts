import type { TSubscriptionRow } from './plan.ts';

// ARCHITECTURE.md: payments behind one small interface, Stripe when configured, else the embedded test
// checkout and portal. Neither changes a subscription directly: Stripe sends its webhook, the embedded one
// raises the same events through applyBillingEvent.
export type TBillingProvider = {
  kind: 'stripe' | 'local';
  /** A hosted checkout for a new subscription; answers the page to send the browser to. */
  createCheckout: (input: {
    companyId: string;
    userId: string;
    email: string;
    customerId: string | null;
    priceId: string;
    jobs: number;
    successUrl: string;
    cancelUrl: string;
  }) => Promise<string>;
  /** Changes the live subscription's price and job count, prorated. */
  changeSubscription: (input: {
    subscription: TSubscriptionRow;
    priceId: string;
    jobs: number;
    userId: string;
  }) => Promise<void>;
  /** Ends the live subscription now (issue 33: "Cancel plan now" on the plans screen). */
  cancelSubscription: (input: { subscription: TSubscriptionRow; userId: string }) => Promise<void>;
  /** The customer's billing portal; answers the page to send the browser to. */
  createPortal: (input: {
    companyId: string;
    userId: string;
    customerId: string;
    returnUrl: string;
  }) => Promise<string>;
};
