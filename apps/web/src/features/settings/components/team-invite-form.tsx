import { canInviteMember } from '@hirecast/domain/company-team';
import { ROLES, type TRole } from '@hirecast/domain/constants';
import { InviteMemberForm } from '../../../components/team/invite-member-form.tsx';
import { useInviteCompanyMember } from '../api/invite-company-member.ts';

// spec 2 §5 Team invite email; spec 2 §6: admins invite with any role, job managers Viewers only. The
// server's refusal (already a member, bad email) also stands under the field.
export function TeamInviteForm({
  companyId,
  role,
  existing,
}: {
  companyId: string;
  role: TRole;
  existing: string[];
}) {
  const invite = useInviteCompanyMember(companyId);

  return (
    <InviteMemberForm
      existing={existing}
      disabled={role < ROLES.jobManager}
      sending={invite.isPending}
      onInvite={(input, handlers) => invite.mutate(input, handlers)}
      isRoleDisabled={(type) => !canInviteMember({ role, type })}
      showRefusalOnField
      size="medium"
    />
  );
}
