import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { billingQueryKey } from '../../../lib/billing.ts';
import { jobsQueryKey } from './get-jobs.ts';

// spec 1 §7 Jobs: DELETE /job/{id}
export const deleteJob = (id: string) => api.delete<unknown>(`/job/${encodeURIComponent(id)}`);

export const useDeleteJob = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJob,
    // spec 1 §7: a delete updates the list and the active job count.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['company'] }),
        // The plans page and the billing state carry the active job count too.
        queryClient.invalidateQueries({ queryKey: billingQueryKey }),
      ]),
  });
};
