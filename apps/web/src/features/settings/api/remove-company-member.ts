import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompanyTeamMember } from '@hirecast/domain/company-team';
import { api } from '../../../lib/api-client.ts';
import { companyTeamQueryKey } from './get-company-team.ts';

// spec 2 §7 DELETE /company/{id}/team {memberId}: a member or a pending invitation; answers the team left.
export const removeCompanyMember = ({ companyId, memberId }: { companyId: string; memberId: string }) =>
  api.delete<{ members: TCompanyTeamMember[] }>(`/company/${encodeURIComponent(companyId)}/team`, {
    memberId,
  });

export function useRemoveCompanyMember(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => removeCompanyMember({ companyId, memberId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyTeamQueryKey(companyId) }),
  });
}
