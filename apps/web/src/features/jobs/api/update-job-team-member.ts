import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTeamMember } from '@hirecast/domain/team';
import { api } from '../../../lib/api-client.ts';
import { jobTeamQueryKey } from './get-job-team.ts';

// spec 1 §7 Job team: PATCH /job/{id}/team/{memberId} {type}
export const updateJobTeamMember = ({
  jobId,
  memberId,
  type,
}: {
  jobId: string;
  memberId: string;
  type: TTeamMember['type'];
}) => api.patch<unknown>(`/job/${encodeURIComponent(jobId)}/team/${encodeURIComponent(memberId)}`, { type });

export function useUpdateJobTeamMember(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { memberId: string; type: TTeamMember['type'] }) =>
      updateJobTeamMember({ jobId, ...input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobTeamQueryKey(jobId) }),
  });
}
