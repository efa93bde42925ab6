import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZMarkRequest } from '@hirecast/domain/applicants';
import { api } from '../../../lib/api-client.ts';
import { applicantsQueryKey } from './get-applicant.ts';
import { marksQueryKey, type TMark } from './get-marks.ts';
import { applicationPath, type TApplicationRef } from './application-path.ts';

type TInput = TApplicationRef & { body: z.input<typeof ZMarkRequest> };

// spec 2 §7 Applications: POST /job/{jobId}/application/{applicationId}/mark, payload mark (1 to 5)
export const createMark = ({ body, ...ref }: TInput) => api.post<TMark>(`${applicationPath(ref)}/mark`, body);

export const useCreateMark = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMark,
    // The average mark is the applicant's rating, and the lists sort by it.
    onSuccess: (_mark, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: marksQueryKey(id) }),
        queryClient.invalidateQueries({ queryKey: applicantsQueryKey }),
      ]),
  });
};
