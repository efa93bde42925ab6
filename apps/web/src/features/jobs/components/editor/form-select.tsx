import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control } from 'react-hook-form';
import type { TJobForm } from './job-form.ts';

type TSelectPath = 'employmentType' | 'locationType' | 'salary.currency' | 'salary.unit';

// A select bound to the form; selects save at once (spec 1 §9 debounces apply to typing only).
export function FormSelect({
  control,
  name,
  label,
  options,
  disabled,
}: {
  control: Control<TJobForm>;
  name: TSelectPath;
  label: string;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          label={label}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          name={field.name}
          disabled={disabled}
          fullWidth
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

export const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
