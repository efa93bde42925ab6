import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCancelPlanRequest, TPlanEndPreview } from '@hirecast/domain/plan-end';
import { api } from '../../../lib/api-client.ts';
import { billingQueryKey } from '../../../lib/billing.ts';

// Issue 33 item 5: GET /billing/plan-end (what cancelling now would close) and POST /billing/cancel with the
// jobs the admin chose to close. The plan ends through the provider's event; then the plan, the jobs and the
// features are read again.
export const planEndQueryKey = ['billing', 'plan-end'] as const;
export const usePlanEnd = (enabled: boolean) =>
  useQuery({
    queryKey: planEndQueryKey,
    queryFn: () => api.get<TPlanEndPreview>('/billing/plan-end'),
    enabled,
    staleTime: 0,
  });

export const useCancelPlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCancelPlanRequest) => api.post<{ cancelled: true }>('/billing/cancel', body),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: billingQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['jobs'] });
    },
  });
};
