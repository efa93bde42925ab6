import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applicationPath, type TApplicationRef } from './application-path.ts';
import { applicantJobQueryKey } from './get-applicant-job.ts';
import { applicantQueryKey, applicantsQueryKey } from './get-applicant.ts';

// spec 2 §7 Applications: DELETE /job/{jobId}/application/{applicationId} -> { message }
export const deleteApplicant = (ref: TApplicationRef) =>
  api.delete<{ message: string }>(applicationPath(ref));

export const useDeleteApplicant = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApplicant,
    onSuccess: (_data, input) => {
      // The page is left right after: drop the applicant rather than fetch it again (it would be a 404).
      queryClient.removeQueries({ queryKey: applicantQueryKey(input.id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: applicantsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['applicant-neighbours'] }),
        queryClient.invalidateQueries({ queryKey: applicantJobQueryKey(input.jobId) }),
      ]);
    },
  });
};
