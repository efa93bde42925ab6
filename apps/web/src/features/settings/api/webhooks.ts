import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCreateWebhookRequest,
  TUpdateWebhookRequest,
  TWebhookEndpoint,
  TWebhookWithSecret,
} from '@hirecast/domain/webhooks';
import { api } from '../../../lib/api-client.ts';

// Issue 35: GET/POST /webhooks, PATCH/DELETE /webhooks/{id}, POST /webhooks/{id}/rotate-secret: the company's
// webhook endpoints and Slack / Teams channels (admins).
export const webhooksKey = (companyId: string | null) => ['webhooks', companyId] as const;
export const getWebhooks = () => api.get<TWebhookEndpoint[]>('/webhooks');

export const webhooksQuery = (companyId: string | null) =>
  queryOptions({ queryKey: webhooksKey(companyId), queryFn: getWebhooks });
export const useWebhooks = (companyId: string | null) => useQuery(webhooksQuery(companyId));

export type TCreateWebhookInput = Partial<TCreateWebhookRequest> & Pick<TCreateWebhookRequest, 'url'>;

function useWebhookMutation<TInput, TOutput>(
  companyId: string | null,
  fn: (input: TInput) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(companyId) }),
  });
}

export const useCreateWebhook = (companyId: string | null) =>
  useWebhookMutation(companyId, (body: TCreateWebhookInput) =>
    api.post<TWebhookWithSecret>('/webhooks', body),
  );

export const useUpdateWebhook = (companyId: string | null) =>
  useWebhookMutation(companyId, ({ id, body }: { id: string; body: TUpdateWebhookRequest }) =>
    api.patch<TWebhookEndpoint>(`/webhooks/${id}`, body),
  );

export const useDeleteWebhook = (companyId: string | null) =>
  useWebhookMutation(companyId, (id: string) => api.delete<null>(`/webhooks/${id}`));

export const useRotateWebhookSecret = (companyId: string | null) =>
  useWebhookMutation(companyId, (id: string) =>
    api.post<TWebhookWithSecret>(`/webhooks/${id}/rotate-secret`),
  );
