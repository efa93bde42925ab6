import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TJob, TUpdateJobRequest } from '@hirecast/domain/job';
import { api } from '../../../lib/api-client.ts';
import { jobQueryKey } from './get-job.ts';

// spec 1 §7 Jobs: PATCH /job/{id} with the changed fields only; answers the updated job.
export const updateJob = ({ id, patch }: { id: string; patch: TUpdateJobRequest }) =>
  api.patch<TJob>(`/job/${encodeURIComponent(id)}`, patch);

export function useUpdateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJob,
    onSuccess: (job) => {
      queryClient.setQueryData(jobQueryKey(job._id), job);
      // The dashboard's lists show titles, status and locations: let them refetch when next shown.
      void queryClient.invalidateQueries({ queryKey: ['jobs', 'list'] });
    },
  });
}
