import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ROLE_LABELS, ROLES, type TRole } from '@hirecast/domain/constants';
import { JOB_LIMITS } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { zInviteEmail } from '@hirecast/domain/team';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useInviteJobTeam } from '../../api/invite-job-team.ts';

const ROLE_OPTIONS = [ROLES.viewer, ROLES.jobManager, ROLES.admin] as const;

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
  const [email, setEmail] = useState('');
  const [type, setType] = useState<TRole>(ROLES.viewer);
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = zInviteEmail.safeParse(email.trim().toLowerCase());
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'This does not look like a valid email');
      return;
    }
    if (existing.includes(parsed.data)) {
      setError(jobMessages.duplicateEmail);
      return;
    }
    setError(null);
    invite.mutate([{ email: parsed.data, type }], {
      onSuccess: (answer) => {
        toast.success(answer.message || jobMessages.inviteSent(parsed.data));
        setEmail('');
      },
      onError: (err) => toast.error(errorMessage(err)),
    });
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
        fullWidth
        size="small"
      />
      <TextField
        select
        label="Role"
        value={type}
        onChange={(e) => setType(Number(e.target.value) as TRole)}
        disabled={disabled}
        size="small"
      >
        {ROLE_OPTIONS.map((r) => (
          <MenuItem key={r} value={r}>
            {ROLE_LABELS[r]}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" disabled={disabled} loading={invite.isPending}>
        Send invite
      </Button>
    </Box>
  );
}
