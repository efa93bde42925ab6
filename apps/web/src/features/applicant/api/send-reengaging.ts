import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZReengageRequest, ZReengageResponse } from '@hirecast/domain/applicants';
import { api } from '../../../lib/api-client.ts';
import { historyQueryKey } from './get-history.ts';

type TInput = { jobId: string; body: z.input<typeof ZReengageRequest> };

// spec 2 §7 Applications: POST /job/{jobId}/application/send-reengaging, payload text, subject, applicationIds.
export const sendReengaging = ({ jobId, body }: TInput) =>
  api.post<z.infer<typeof ZReengageResponse>>(
    `/job/${encodeURIComponent(jobId)}/application/send-reengaging`,
    body,
  );

export const useSendReengaging = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReengaging,
    onSuccess: (_data, input) =>
      Promise.all(
        input.body.applicationIds.map((id) =>
          queryClient.invalidateQueries({ queryKey: historyQueryKey(id) }),
        ),
      ),
  });
};
