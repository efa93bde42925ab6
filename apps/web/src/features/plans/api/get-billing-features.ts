import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBillingFeatures } from '@hirecast/domain/billing';
import { api } from '../../../lib/api-client.ts';

// spec 2 §7 GET /billing/features: the plans (products with their prices) and the features table.
export const billingFeaturesQueryKey = ['billing', 'features'] as const;
export const getBillingFeatures = () => api.get<TBillingFeatures>('/billing/features');
export const billingFeaturesQueryOptions = () =>
  queryOptions({ queryKey: billingFeaturesQueryKey, queryFn: getBillingFeatures, staleTime: 5 * 60_000 });
export const useBillingFeatures = () => useQuery(billingFeaturesQueryOptions());
