import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { canInviteMember, inviteMessages } from '@hirecast/domain/company-team';
import { ROLE_LABELS, ROLES, type TRole } from '@hirecast/domain/constants';
import { JOB_LIMITS } from '@hirecast/domain/job';
import { zInviteEmail } from '@hirecast/domain/team';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useInviteCompanyMember } from '../api/invite-company-member.ts';

const ROLE_OPTIONS = [ROLES.viewer, ROLES.jobManager, ROLES.admin] as const;

// spec 2 §5 Team invite email: at most 40 characters, valid, trimmed and lowercased; an email already in the
// list is refused. Admins invite with any role, job managers Viewers only (spec 2 §6).
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
  const [email, setEmail] = useState('');
  const [type, setType] = useState<TRole>(ROLES.viewer);
  const [error, setError] = useState<string | null>(null);
  const disabled = role < ROLES.jobManager;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = zInviteEmail.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'This does not look like a valid email');
      return;
    }
    if (existing.includes(parsed.data)) {
      setError(inviteMessages.duplicate);
      return;
    }
    setError(null);
    invite.mutate(
      { email: parsed.data, type },
      {
        onSuccess: (answer) => {
          toast.success(answer.message || inviteMessages.sent(parsed.data));
          setEmail('');
        },
        onError: (err) => {
          if (err instanceof ApiError && (err.status === 409 || err.status === 400)) {
            setError(err.fields.email ?? err.message);
          }
          toast.error(errorMessage(err));
        },
      },
    );
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-label="Invite a team member"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 180px auto' },
        gap: 2,
        alignItems: 'start',
      }}
    >
      <TextField
        label="Email"
        type="email"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value.slice(0, JOB_LIMITS.inviteEmailMax));
          setError(null);
        }}
        error={Boolean(error)}
        helperText={error ?? `${email.length}/${JOB_LIMITS.inviteEmailMax}`}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: JOB_LIMITS.inviteEmailMax } }}
        fullWidth
      />
      <TextField
        select
        label="Role"
        value={type}
        onChange={(e) => setType(Number(e.target.value) as TRole)}
        disabled={disabled}
      >
        {ROLE_OPTIONS.map((r) => (
          <MenuItem key={r} value={r} disabled={!canInviteMember({ role, type: r })}>
            {ROLE_LABELS[r]}
          </MenuItem>
        ))}
      </TextField>
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={disabled}
        loading={invite.isPending}
        sx={{ height: 56 }}
      >
        Send invite
      </Button>
    </Box>
  );
}
