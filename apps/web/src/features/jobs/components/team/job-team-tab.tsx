import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TRole } from '@hirecast/domain/constants';
import { jobMessages } from '@hirecast/domain/job-messages';
import { canChangeMemberType, canEditJobTeam, type TTeamMember } from '@hirecast/domain/team';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useJobTeam } from '../../api/get-job-team.ts';
import { useInviteJobTeam } from '../../api/invite-job-team.ts';
import { useRemoveJobTeamMember } from '../../api/remove-job-team-member.ts';
import { useUpdateJobTeamMember } from '../../api/update-job-team-member.ts';
import { FormSection } from '../../../../components/form-section.tsx';
import { MemberActions } from '../../../../components/team/member-actions.tsx';
import { RoleSelect } from '../../../../components/team/role-select.tsx';
import { InviteForm } from './invite-form.tsx';

type TProps = { jobId: string; role: TRole; myEmail: string };

// spec 1 §2 Team settings tab: the job team, roles, resend and remove; the invite form. Disabled for viewers.
export function JobTeamTab({ jobId, role, myEmail }: TProps) {
  const team = useJobTeam(jobId);
  const canEdit = canEditJobTeam(role);
  const members = team.data ?? [];

  const content = (
    <Stack spacing={3}>
      <FormSection
        title="Invite to this job"
        description="New people are invited to your company first, then to this job."
      >
        <InviteForm jobId={jobId} existing={members.map((m) => m.email.toLowerCase())} disabled={!canEdit} />
      </FormSection>
      <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
        <Typography
          variant="h6"
          component="h2"
          sx={{ fontSize: '1.05rem', fontWeight: 600, px: { xs: 2, sm: 3 }, pt: 2.5, pb: 1 }}
        >
          Job team
        </Typography>
        {team.isPending ? (
          <Box sx={{ px: 3, pb: 3 }}>
            <Skeleton height={56} />
            <Skeleton height={56} />
          </Box>
        ) : team.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorMessage(team.error)}
          </Alert>
        ) : members.length === 0 ? (
          <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
            Nobody has been invited to this job yet.
          </Typography>
        ) : (
          <Box
            component="ul"
            aria-label="Job team members"
            sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 480, overflowY: 'auto' }}
          >
            {members.map((m) => (
              <MemberRow
                key={m._id}
                jobId={jobId}
                member={m}
                role={role}
                isSelf={m.email.toLowerCase() === myEmail.toLowerCase()}
              />
            ))}
          </Box>
        )}
      </Paper>
    </Stack>
  );

  return canEdit ? (
    content
  ) : (
    <Tooltip title={jobMessages.viewerCannotEdit} followCursor>
      <div>{content}</div>
    </Tooltip>
  );
}

function MemberRow({
  jobId,
  member,
  role,
  isSelf,
}: {
  jobId: string;
  member: TTeamMember;
  role: TRole;
  isSelf: boolean;
}) {
  const update = useUpdateJobTeamMember(jobId);
  const remove = useRemoveJobTeamMember(jobId);
  const invite = useInviteJobTeam(jobId);
  const canType = canChangeMemberType({ role, isSelf });
  const name = member._manager ? `${member._manager.firstName} ${member._manager.lastName}`.trim() : null;

  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr auto', sm: '1fr 170px auto' },
        gap: { xs: 1, sm: 2 },
        alignItems: 'center',
        px: { xs: 2, sm: 3 },
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {name ?? member.email}
        </Typography>
        {/* A div, not a p: the pending chip is a div. */}
        <Typography
          variant="body2"
          component="div"
          color="text.secondary"
          sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {name ? member.email : null}
          {!member._manager && <Chip label="Invitation pending" size="small" sx={{ ml: name ? 1 : 0 }} />}
        </Typography>
      </Box>
      <RoleSelect
        size="small"
        label="Role"
        value={member.type}
        disabled={!canType || update.isPending}
        onChange={(type) =>
          update.mutate({ memberId: member._id, type }, { onError: (err) => toast.error(errorMessage(err)) })
        }
        ariaLabel={`Role of ${member.email}`}
        sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
      />
      <Box sx={{ display: 'flex', gap: 0.5, gridRow: { xs: '1 / 3', sm: 'auto' } }}>
        <MemberActions
          member={member}
          role={role}
          isSelf={isSelf}
          pending={!member._manager}
          resending={invite.isPending}
          removing={remove.isPending}
          onResend={(handlers) => invite.mutate([{ email: member.email, type: member.type }], handlers)}
          onRemove={() => remove.mutate(member._id, { onError: (err) => toast.error(errorMessage(err)) })}
          removeTooltip="Remove from job"
          confirmTitle="Remove team member?"
          confirmText={`${member.email} will no longer have access to this job.`}
        />
      </Box>
    </Box>
  );
}
