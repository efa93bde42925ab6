import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { inviteMessages } from '@hirecast/domain/company-team';
import { ROLES, type TRole } from '@hirecast/domain/constants';
import { JOB_LIMITS } from '@hirecast/domain/job';
import { zInviteEmail } from '@hirecast/domain/team';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import type { TInviteAnswer, TMutationHandlers } from './mutation-handlers.ts';
import { RoleSelect } from './role-select.tsx';

type TProps = {
  /** The emails already in the team, lowercased. */
  existing: string[];
  disabled: boolean;
  sending: boolean;
  onInvite: (invite: { email: string; type: TRole }, handlers: TMutationHandlers<TInviteAnswer>) => void;
  /** A role shown but not offered to this user. */
  isRoleDisabled?: (role: TRole) => boolean;
  /** The server's refusal (400 bad email, 409 already a member) also stands under the email field. */
  showRefusalOnField?: boolean;
  /** 'small' in the job editor's dense tab; 'medium' in settings, with a large button as tall as the fields. */
  size: 'small' | 'medium';
};

// Email, role and Send invite, for the company team and a job team. spec 1 §5, spec 2 §5 Team invite email:
// at most 40 characters, valid, trimmed and lowercased; an email already in the list is refused.
export function InviteMemberForm({
  existing,
  disabled,
  sending,
  onInvite,
  isRoleDisabled,
  showRefusalOnField = false,
  size,
}: TProps) {
  const [email, setEmail] = useState('');
  const [type, setType] = useState<TRole>(ROLES.viewer);
  const [error, setError] = useState<string | null>(null);
  const small = size === 'small';

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
    onInvite(
      { email: parsed.data, type },
      {
        onSuccess: (answer) => {
          toast.success(answer.message || inviteMessages.sent(parsed.data));
          setEmail('');
        },
        onError: (err) => {
          if (showRefusalOnField && err instanceof ApiError && (err.status === 409 || err.status === 400)) {
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
        size={size}
      />
      <RoleSelect
        label="Role"
        value={type}
        onChange={setType}
        isRoleDisabled={isRoleDisabled}
        disabled={disabled}
        size={size}
      />
      <Button
        type="submit"
        variant="contained"
        size={small ? undefined : 'large'}
        disabled={disabled}
        loading={sending}
        sx={small ? undefined : { height: 56 }}
      >
        Send invite
      </Button>
    </Box>
  );
}
