import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TJob } from '@hirecast/domain/job';
import { api } from '../../../lib/api-client.ts';
import { jobsQueryKey } from './get-jobs.ts';

// spec 1 §7 Jobs: POST /job/{id}/copy
export const copyJob = (id: string) => api.post<TJob>(`/job/${encodeURIComponent(id)}/copy`);

export const useCopyJob = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  });
};
