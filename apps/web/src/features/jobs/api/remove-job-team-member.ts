import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { jobTeamQueryKey } from './get-job-team.ts';

// spec 1 §7 Job team: DELETE /job/{id}/team/{memberId}
export const removeJobTeamMember = ({ jobId, memberId }: { jobId: string; memberId: string }) =>
  api.delete<unknown>(`/job/${encodeURIComponent(jobId)}/team/${encodeURIComponent(memberId)}`);

export function useRemoveJobTeamMember(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => removeJobTeamMember({ jobId, memberId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobTeamQueryKey(jobId) }),
  });
}
