import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { THistoryItem, ZSendEventLetterRequest } from '@hirecast/domain/applicants';
import { api } from '../../../lib/api-client.ts';
import { applicationPath, type TApplicationRef } from './application-path.ts';
import { refreshApplicant } from './refresh-applicant.ts';

type TInput = TApplicationRef & { body: z.input<typeof ZSendEventLetterRequest> };

// spec 2 §7 Applications: PATCH /job/{jobId}/application/{applicationId}/send/letter {eventId, text}: the email
// of an earlier status change that went without one, sent now; the status stays.
export const sendEventLetter = ({ jobId, id, body }: TInput) =>
  api.patch<THistoryItem>(`${applicationPath({ jobId, id })}/send/letter`, body);

export const useSendEventLetter = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEventLetter,
    onSuccess: (_data, input) => refreshApplicant(queryClient, input),
  });
};
