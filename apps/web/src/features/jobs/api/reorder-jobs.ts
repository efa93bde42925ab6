import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TJob } from '@hirecast/domain/job';
import { api } from '../../../lib/api-client.ts';
import { jobsListQueryKey, jobsQueryKey } from './get-jobs.ts';

export type TJobOrder = { _id: string; order: number };

// spec 1 §7 Jobs: PATCH /job/reorder {jobsOrder}
export const reorderJobs = (jobsOrder: TJobOrder[]) => api.patch<unknown>('/job/reorder', { jobsOrder });

export const useReorderJobs = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderJobs,
    // Cards stay where they were dropped; a failure puts every list back (the caller shows the toast).
    onMutate: async (jobsOrder) => {
      await queryClient.cancelQueries({ queryKey: jobsListQueryKey });
      const previous = queryClient.getQueriesData<TJob[]>({ queryKey: jobsListQueryKey });
      const orders = new Map(jobsOrder.map((entry) => [entry._id, entry.order]));
      queryClient.setQueriesData<TJob[]>({ queryKey: jobsListQueryKey }, (jobs) =>
        jobs?.map((job) => (orders.has(job._id) ? { ...job, order: orders.get(job._id) ?? job.order } : job)),
      );
      return { previous };
    },
    onError: (_err, _input, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  });
};
