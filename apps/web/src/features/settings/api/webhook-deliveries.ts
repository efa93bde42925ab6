import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TWebhookDelivery } from '@hirecast/domain/webhooks';
import { api } from '../../../lib/api-client.ts';

// Issue 35: an endpoint's delivery log (GET /webhooks/{id}/deliveries), "Redeliver" and "Send test event".
export const deliveriesKey = (endpointId: string) => ['webhooks', 'deliveries', endpointId] as const;

export const deliveriesQuery = (endpointId: string) =>
  queryOptions({
    queryKey: deliveriesKey(endpointId),
    queryFn: () => api.get<TWebhookDelivery[]>(`/webhooks/${endpointId}/deliveries`),
    // Deliveries settle within seconds: the log follows them while something is on its way.
    refetchInterval: (query) =>
      query.state.data?.some(
        (d) => d.state === 'queued' || d.state === 'delivering' || d.attempts.length === 0,
      )
        ? 1000
        : false,
  });
export const useDeliveries = (endpointId: string) => useQuery(deliveriesQuery(endpointId));

type TQueued = { eventId: string; deliveryId: string };

export function useRedeliver(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post<TQueued>(`/webhooks/${endpointId}/deliveries/${deliveryId}/redeliver`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}

export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) => api.post<TQueued>(`/webhooks/${endpointId}/test`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}
