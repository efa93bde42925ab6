import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applicantsQueryKey } from './get-applicant.ts';
import { marksQueryKey } from './get-marks.ts';
import { applicationPath, type TApplicationRef } from './application-path.ts';

type TInput = TApplicationRef & { markId: string };

// spec 2 §7 Applications: DELETE /job/{jobId}/application/{applicationId}/mark/{markId}
export const deleteMark = ({ markId, ...ref }: TInput) =>
  api.delete<unknown>(`${applicationPath(ref)}/mark/${encodeURIComponent(markId)}`);

export const useDeleteMark = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMark,
    onSuccess: (_data, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: marksQueryKey(id) }),
        queryClient.invalidateQueries({ queryKey: applicantsQueryKey }),
      ]),
  });
};
