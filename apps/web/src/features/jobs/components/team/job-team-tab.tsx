import { useState } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Send from '@mui/icons-material/Send';
import { ROLE_LABELS, ROLES, type TRole } from '@hirecast/domain/constants';
import { jobMessages } from '@hirecast/domain/job-messages';
import {
  canChangeMemberType,
  canEditJobTeam,
  canManageMember,
  canResendInvitation,
  type TTeamMember,
} from '@hirecast/domain/team';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useJobTeam } from '../../api/get-job-team.ts';
import { useInviteJobTeam } from '../../api/invite-job-team.ts';
import { useRemoveJobTeamMember } from '../../api/remove-job-team-member.ts';
import { useUpdateJobTeamMember } from '../../api/update-job-team-member.ts';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { InviteForm } from './invite-form.tsx';

const ROLE_OPTIONS = [ROLES.viewer, ROLES.jobManager, ROLES.admin] as const;

type TProps = { jobId: string; role: TRole; myEmail: string };

// spec 1 §2 Team settings tab: the job team, roles, resend and remove; the invite form. Disabled for viewers.
export function JobTeamTab({ jobId, role, myEmail }: TProps) {
  const team = useJobTeam(jobId);
  const canEdit = canEditJobTeam(role);
  const members = team.data ?? [];

  const content = (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
          Invite to this job
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2.5 }}>
          New people are invited to your company first, then to this job.
        </Typography>
        <InviteForm jobId={jobId} existing={members.map((m) => m.email.toLowerCase())} disabled={!canEdit} />
      </Paper>
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
  const [confirmRemove, setConfirmRemove] = useState(false);
  const canType = canChangeMemberType({ role, isSelf });
  const canManage = canManageMember({ role, isSelf, memberType: member.type });
  const name = member._manager ? `${member._manager.firstName} ${member._manager.lastName}`.trim() : null;

  const resend = () => {
    const last = member.lastInvitationDate ? new Date(member.lastInvitationDate) : null;
    if (!canResendInvitation(last)) {
      toast.error(jobMessages.inviteTooSoon);
      return;
    }
    invite.mutate([{ email: member.email, type: member.type }], {
      onSuccess: (answer) => toast.success(answer.message || jobMessages.inviteSent(member.email)),
      onError: (err) => toast.error(errorMessage(err)),
    });
  };

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
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {name ? member.email : null}
          {!member._manager && <Chip label="Invitation pending" size="small" sx={{ ml: name ? 1 : 0 }} />}
        </Typography>
      </Box>
      <TextField
        select
        size="small"
        label="Role"
        value={member.type}
        disabled={!canType || update.isPending}
        onChange={(e) =>
          update.mutate(
            { memberId: member._id, type: Number(e.target.value) as TTeamMember['type'] },
            { onError: (err) => toast.error(errorMessage(err)) },
          )
        }
        slotProps={{ htmlInput: { 'aria-label': `Role of ${member.email}` } }}
        sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
      >
        {ROLE_OPTIONS.map((r) => (
          <MenuItem key={r} value={r}>
            {ROLE_LABELS[r]}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', gap: 0.5, gridRow: { xs: '1 / 3', sm: 'auto' } }}>
        {!member._manager && (
          <Tooltip title="Resend invitation">
            <span>
              <IconButton
                aria-label={`Resend invitation to ${member.email}`}
                onClick={resend}
                disabled={!canManage || invite.isPending}
              >
                <Send fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        )}
        <Tooltip title="Remove from job">
          <span>
            <IconButton
              aria-label={`Remove ${member.email}`}
              onClick={() => setConfirmRemove(true)}
              disabled={!canManage || remove.isPending}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <ConfirmDialog
        open={confirmRemove}
        title="Remove team member?"
        confirmLabel="Remove"
        destructive
        onConfirm={() => remove.mutate(member._id, { onError: (err) => toast.error(errorMessage(err)) })}
        onClose={() => setConfirmRemove(false)}
      >
        {member.email} will no longer have access to this job.
      </ConfirmDialog>
    </Box>
  );
}
