import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZSendLetterRequest } from '@hirecast/domain/applicants';
import { api } from '../../../lib/api-client.ts';
import { applicantsQueryKey } from './get-applicants.ts';

export type TSendStatusLetterInput = {
  jobId: string;
  applicationId: string;
  body: z.input<typeof ZSendLetterRequest>;
};

// spec 2 §7 Applications: PATCH /job/{jobId}/application/{applicationId}/send {status, text, subject?,
// isIncludeCalendarLink?} (ZSendLetterRequest): changes the status and sends its email in one call.
export const sendStatusLetter = ({ jobId, applicationId, body }: TSendStatusLetterInput) =>
  api.patch<unknown>(
    `/job/${encodeURIComponent(jobId)}/application/${encodeURIComponent(applicationId)}/send`,
    body,
  );

export const useSendStatusLetter = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendStatusLetter,
    // Settled, not only success: a MAIL_FAILED answer still changed the status.
    onSettled: (_data, _err, { jobId }) =>
      queryClient.invalidateQueries({ queryKey: applicantsQueryKey(jobId) }),
  });
};
