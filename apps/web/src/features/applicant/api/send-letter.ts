import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZSendLetterRequest } from '@hirecast/domain/applicants';
import { api } from '../../../lib/api-client.ts';
import { applicationPath } from './application-path.ts';
import { refreshApplicant } from './refresh-applicant.ts';

type TInput = { jobId: string; id: string; body: z.input<typeof ZSendLetterRequest> };

// spec 2 §7 Applications: PATCH /job/{jobId}/application/{applicationId}/send, payload status, text, subject,
// isIncludeCalendarLink: changes the status and emails the candidate.
export const sendLetter = ({ jobId, id, body }: TInput) =>
  api.patch<unknown>(`${applicationPath({ jobId, id })}/send`, body);

export const useSendLetter = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendLetter,
    // Settled, not only success: a MAIL_FAILED answer still changed the status.
    onSettled: (_data, _err, input) => refreshApplicant(queryClient, input),
  });
};
