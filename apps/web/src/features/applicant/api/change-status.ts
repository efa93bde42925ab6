import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TApplicationStatus, ZChangeStatusRequest } from '@hirecast/domain/applicants';
import { api } from '../../../lib/api-client.ts';
import { applicationPath } from './application-path.ts';
import { refreshApplicant } from './refresh-applicant.ts';

type TInput = { jobId: string; id: string; status: TApplicationStatus };

// spec 2 §7 Applications: PATCH /job/{jobId}/application/{applicationId}/status, payload data { status }
export const changeStatus = ({ jobId, id, status }: TInput) => {
  const body: z.input<typeof ZChangeStatusRequest> = { data: { status } };
  return api.patch<unknown>(`${applicationPath({ jobId, id })}/status`, body);
};

export const useChangeStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStatus,
    onSuccess: (_data, input) => refreshApplicant(queryClient, input),
  });
};
