import { useMutation } from '@tanstack/react-query';
import type { TCheckoutRequest, TRedirect } from '@hirecast/domain/billing';
import { api } from '../../../lib/api-client.ts';

// spec 2 §4 Checkout, §7 POST /billing {priceId, amount}: a new customer gets a checkout session and goes to
// its redirectUrl (Stripe Checkout, or the local test checkout without Stripe keys).
export const startCheckout = (body: TCheckoutRequest) => api.post<TRedirect>('/billing', body);
export const useStartCheckout = () => useMutation({ mutationFn: startCheckout });
