import { InviteMemberForm } from '../../../../components/team/invite-member-form.tsx';
import { useInviteJobTeam } from '../../api/invite-job-team.ts';

// spec 1 §5 Team invite email: max 40, valid, trimmed and lowercased, duplicates rejected.
export function InviteForm({
  jobId,
  existing,
  disabled,
}: {
  jobId: string;
  existing: string[];
  disabled: boolean;
}) {
  const invite = useInviteJobTeam(jobId);

  return (
    <InviteMemberForm
      existing={existing}
      disabled={disabled}
      sending={invite.isPending}
      onInvite={(input, handlers) => invite.mutate([input], handlers)}
      size="small"
    />
  );
}
