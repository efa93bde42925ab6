import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZCommunicationRequest } from '@hirecast/domain/applicants';
import { api } from '../../../lib/api-client.ts';
import { historyQueryKey } from './get-history.ts';

type TInput = { applicationId: string; body: z.input<typeof ZCommunicationRequest> };

// spec 2 §7 History: POST /history/application/{applicationId}/communication, payload text: an email to the
// candidate whose replies come back into the history.
export const sendCommunication = ({ applicationId, body }: TInput) =>
  api.post<unknown>(`/history/application/${encodeURIComponent(applicationId)}/communication`, body);

export const useSendCommunication = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendCommunication,
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({ queryKey: historyQueryKey(input.applicationId) }),
  });
};
