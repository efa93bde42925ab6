import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { TManager } from '@hirecast/domain/auth';
import { billingMessages, type TBillingState } from '@hirecast/domain/billing';
import { subscriptionQueryKey } from '../../lib/billing.ts';
import { makeBillingState, makeManager } from '../../test/fixtures.ts';
import { PaymentFailedBanner } from './payment-failed-banner.tsx';

const failing = (over: Partial<TBillingState> = {}) =>
  makeBillingState({
    subscription: { ...makeBillingState().subscription!, status: 'past_due', paymentFailed: true },
    ...over,
  });

function renderBanner(me: TManager, billing: TBillingState) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(subscriptionQueryKey(me._company), billing);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PaymentFailedBanner me={me} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('PaymentFailedBanner', () => {
  it('tells an admin that the last payment failed and offers billing management', () => {
    renderBanner(makeManager(), failing());
    expect(screen.getByText(billingMessages.paymentFailedBanner)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update payment' })).toBeInTheDocument();
  });

  it('sends a job manager to the plan page instead', () => {
    renderBanner(makeManager({ role: 1 }), failing({ canManageBilling: false }));
    expect(screen.getByText(billingMessages.paymentFailedBanner)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plan' })).toHaveAttribute('href', '/plans');
  });

  it('says nothing while payments go through, and nothing to viewers', () => {
    renderBanner(makeManager(), makeBillingState());
    expect(screen.queryByText(billingMessages.paymentFailedBanner)).not.toBeInTheDocument();
    renderBanner(makeManager({ role: 0 }), failing());
    expect(screen.queryByText(billingMessages.paymentFailedBanner)).not.toBeInTheDocument();
  });
});
