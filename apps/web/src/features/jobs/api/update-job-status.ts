import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TJob } from '@hirecast/domain/job';
import { api } from '../../../lib/api-client.ts';
import { billingQueryKey } from '../../../lib/billing.ts';
import { meQueryKey } from '../../../lib/me.ts';
import { jobsListQueryKey, jobsQueryKey } from './get-jobs.ts';

export type TJobStatus = TJob['status'];
export type TAcknowledged = { firstJob?: boolean; redirectUrl?: boolean };
export type TUpdateJobStatusInput = { id: string; status: TJobStatus; acknowledged?: TAcknowledged };

// spec 1 §7 Jobs: PATCH /job/{id}/status {status}; `acknowledged` carries the prompts the person answered
// with 'publish anyway', so the server applies the same rule (decidePublish).
export const updateJobStatus = ({ id, status, acknowledged }: TUpdateJobStatusInput) =>
  api.patch<TJob>(
    `/job/${encodeURIComponent(id)}/status`,
    acknowledged ? { status, acknowledged } : { status },
  );

export const useUpdateJobStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJobStatus,
    // The switch moves at once; a failure puts every list back.
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: jobsListQueryKey });
      const previous = queryClient.getQueriesData<TJob[]>({ queryKey: jobsListQueryKey });
      queryClient.setQueriesData<TJob[]>({ queryKey: jobsListQueryKey }, (jobs) =>
        jobs?.map((job) => (job._id === id ? { ...job, status } : job)),
      );
      return { previous };
    },
    onError: (_err, _input, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    // spec 1 §4: a status change updates the lists and the company's active job count.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['company'] }),
        // The plans page and the billing state carry the active job count too.
        queryClient.invalidateQueries({ queryKey: billingQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
};
