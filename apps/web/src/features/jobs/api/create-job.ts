import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateJobRequest, TJob } from '@hirecast/domain/job';
import { api } from '../../../lib/api-client.ts';
import { jobsQueryKey } from './get-jobs.ts';

// spec 1 §7 Jobs: POST /job
export const createJob = (body: TCreateJobRequest) => api.post<TJob>('/job', body);

export const useCreateJob = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    // spec 1 §4 Job creation: a new job refreshes the lists.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  });
};
