import { useMutation } from '@tanstack/react-query';
import type { TPlanContactRequest } from '@hirecast/domain/billing';
import { api } from '../../../lib/api-client.ts';

// spec 2 §7 POST /billing/contact {name, email, message, plan}: the custom plan request.
export const sendPlanRequest = (body: TPlanContactRequest) =>
  api.post<{ sent: true }>('/billing/contact', body);
export const useSendPlanRequest = () => useMutation({ mutationFn: sendPlanRequest });
