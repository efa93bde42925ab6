import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { ROLE_LABELS, ROLES, type TRole } from '@hirecast/domain/constants';

// spec 1 §6: the three member types, lowest first.
const ROLE_OPTIONS = [ROLES.viewer, ROLES.jobManager, ROLES.admin] as const;

type TProps = Omit<TextFieldProps, 'select' | 'value' | 'onChange' | 'children'> & {
  value: TRole;
  onChange: (role: TRole) => void;
  /** Names the select when it has no visible label (a member's row: 'Role of ann@acme.com'). */
  ariaLabel?: string;
  /** A role shown but not offered (a job manager invites Viewers only, spec 2 §6). */
  isRoleDisabled?: (role: TRole) => boolean;
};

// The role of a team member or of an invitation, in the company team and in a job team.
export function RoleSelect({ value, onChange, ariaLabel, isRoleDisabled, slotProps, ...rest }: TProps) {
  return (
    <TextField
      {...rest}
      select
      value={value}
      onChange={(e) => onChange(Number(e.target.value) as TRole)}
      slotProps={
        ariaLabel === undefined
          ? slotProps
          : {
              ...slotProps,
              htmlInput: { ...(slotProps?.htmlInput as object | undefined), 'aria-label': ariaLabel },
            }
      }
    >
      {ROLE_OPTIONS.map((r) => (
        <MenuItem key={r} value={r} disabled={isRoleDisabled?.(r)}>
          {ROLE_LABELS[r]}
        </MenuItem>
      ))}
    </TextField>
  );
}
