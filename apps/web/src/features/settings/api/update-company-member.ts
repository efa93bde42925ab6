import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompanyTeamMember } from '@hirecast/domain/company-team';
import type { TRole } from '@hirecast/domain/constants';
import { api } from '../../../lib/api-client.ts';
import { companyTeamQueryKey } from './get-company-team.ts';

// spec 2 §7 PATCH /company/{id}/team/{memberId} {type}: admins only, never their own.
export const updateCompanyMember = ({
  companyId,
  memberId,
  type,
}: {
  companyId: string;
  memberId: string;
  type: TRole;
}) =>
  api.patch<{ member: TCompanyTeamMember }>(
    `/company/${encodeURIComponent(companyId)}/team/${encodeURIComponent(memberId)}`,
    { type },
  );

export function useUpdateCompanyMember(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { memberId: string; type: TRole }) => updateCompanyMember({ companyId, ...input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyTeamQueryKey(companyId) }),
  });
}
