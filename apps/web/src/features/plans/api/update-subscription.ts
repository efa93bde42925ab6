import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCheckoutRequest, TRedirect } from '@hirecast/domain/billing';
import { api } from '../../../lib/api-client.ts';
import { billingQueryKey } from '../../../lib/billing.ts';

// spec 2 §4 Checkout, §7 POST /billing/update {priceId, amount}: an existing customer's subscription is
// changed (prorated); the page then goes to /plans?success=1. The change itself arrives through the
// provider's events, so the subscription is read again.
export const updateSubscription = (body: TCheckoutRequest) => api.post<TRedirect>('/billing/update', body);
export const useUpdateSubscription = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubscription,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingQueryKey }),
  });
};
