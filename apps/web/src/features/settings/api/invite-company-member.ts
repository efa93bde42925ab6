import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompanyTeamMember } from '@hirecast/domain/company-team';
import type { TRole } from '@hirecast/domain/constants';
import { api } from '../../../lib/api-client.ts';
import { companyTeamQueryKey } from './get-company-team.ts';

// spec 2 §7 POST /company/{id}/team {companyId, team {email, type}}. The email of a pending invitation again
// is a resend (at most once per 30 s: 429); a member's email answers 409 'This email is already in the list!'.
export const inviteCompanyMember = ({
  companyId,
  email,
  type,
}: {
  companyId: string;
  email: string;
  type: TRole;
}) =>
  api.post<{ member: TCompanyTeamMember; message: string }>(
    `/company/${encodeURIComponent(companyId)}/team`,
    {
      companyId,
      team: { email, type },
    },
  );

export function useInviteCompanyMember(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; type: TRole }) => inviteCompanyMember({ companyId, ...input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyTeamQueryKey(companyId) }),
  });
}
