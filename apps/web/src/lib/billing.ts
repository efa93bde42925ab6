import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { billingMessages, type TBillingState, type TRedirect } from '@hirecast/domain/billing';
import { planAllows, planGrant, type TPlan, type TPlanCapability } from '@hirecast/domain/plan';
import { api } from './api-client.ts';
import { useMe } from './me.ts';

// The company's subscription and the plan it grants (GET /api/billing/subscription). Shared like `me` and the
// company: the shell (payment-failed banner, billing management), the plans page and every plan gate of the
// jobs feature read it; nothing in the web app reads DEFAULT_PLAN.
export const billingQueryKey = ['billing'] as const;
export const subscriptionQueryKey = (companyId: string | null) =>
  [...billingQueryKey, 'subscription', companyId] as const;
export const getSubscription = () => api.get<TBillingState>('/billing/subscription');
export const subscriptionQueryOptions = (companyId: string | null) =>
  queryOptions({
    queryKey: subscriptionQueryKey(companyId),
    queryFn: getSubscription,
    enabled: Boolean(companyId),
    staleTime: 30_000,
  });
export const useSubscription = (companyId: string | null) => useQuery(subscriptionQueryOptions(companyId));

// spec 2 §7 POST /billing/portal {returnUrl} -> {redirectUrl}: the billing management entry of the profile
// menu, the payment-failed banner and /plans (spec 2 §6: admins with an active subscription). The browser
// leaves for the portal and comes back to /plans; without a link the spec's message is shown (§8).
export const openBillingPortal = () => api.post<TRedirect>('/billing/portal', { returnUrl: '/plans' });
export const useOpenBillingPortal = () =>
  useMutation({
    mutationFn: openBillingPortal,
    onSuccess: ({ redirectUrl }) =>
      redirectUrl ? window.location.assign(redirectUrl) : toast.error(billingMessages.portalFailure),
    onError: () => toast.error(billingMessages.portalFailure),
  });

// The plan every gate of the web app takes (publishing limit, video job posts, video applications: spec 1 §4,
// §6), as the server resolves it. undefined while it loads: callers keep plan-gated controls locked meanwhile.
export function useCompanyPlan(): TPlan | undefined {
  const { data: me } = useMe();
  return useSubscription(me?._company ?? null).data?.plan;
}

/**
 * One plan gate of the editor, read from the domain's table (plan.ts PLAN_FEATURE_TABLE): `allowed` is false
 * while the plan loads (controls stay locked meanwhile); `refusal` is the spec's message once the plan says no.
 */
export function usePlanGate(capability: TPlanCapability): { allowed: boolean; refusal: string | null } {
  const plan = useCompanyPlan();
  const allowed = plan ? planAllows(plan.features, capability) : false;
  return { allowed, refusal: plan && !allowed ? planGrant(capability).refusal : null };
}
