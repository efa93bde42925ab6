import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInviteTeamRequest, TTeamMember } from '@hirecast/domain/team';
import { api } from '../../../lib/api-client.ts';
import { jobTeamQueryKey } from './get-job-team.ts';

// spec 1 §7 Job team: POST /job/{id}/team {members}. Also used to resend an invitation (spec 1 §4).
export const inviteJobTeam = ({
  jobId,
  members,
}: {
  jobId: string;
  members: TInviteTeamRequest['members'];
}) =>
  api.post<{ message: string; members?: TTeamMember[] }>(`/job/${encodeURIComponent(jobId)}/team`, {
    members,
  });

export function useInviteJobTeam(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (members: TInviteTeamRequest['members']) => inviteJobTeam({ jobId, members }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobTeamQueryKey(jobId) }),
  });
}
