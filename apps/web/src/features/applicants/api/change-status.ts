import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApplicationStatus } from '@hirecast/domain/applicants';
import { api } from '../../../lib/api-client.ts';
import { applicantsQueryKey } from './get-applicants.ts';

export type TChangeStatusInput = { jobId: string; applicationId: string; status: TApplicationStatus };

// spec 2 §7 Applications: PATCH /job/{jobId}/application/{applicationId}/status {data: {status}}
// (ZChangeStatusRequest): the status alone, no email.
export const changeStatus = ({ jobId, applicationId, status }: TChangeStatusInput) =>
  api.patch<unknown>(
    `/job/${encodeURIComponent(jobId)}/application/${encodeURIComponent(applicationId)}/status`,
    { data: { status } },
  );

export const useChangeStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStatus,
    // The row's badge and the status chips' counts both change.
    onSuccess: (_data, { jobId }) => queryClient.invalidateQueries({ queryKey: applicantsQueryKey(jobId) }),
  });
};
