import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { Controller, type Control } from 'react-hook-form';
import type { TJobForm } from './job-form.ts';

export type TBoolPath =
  | 'preLaunch'
  | 'showOtherJobs'
  | 'showAdditionalVideos'
  | 'hideLocation'
  | 'isAgencyIncluded'
  | 'redirect.enabled'
  | 'redirect.atsValidation'
  | `aiSettings.${Exclude<keyof TJobForm['aiSettings'], 'score'>}`;

type TProps = {
  control: Control<TJobForm>;
  name: TBoolPath;
  label: string;
  hint?: ReactNode;
  disabled?: boolean;
  error?: string;
  // Lets a switch change other values together with its own (the AI cascade, the redirect rules).
  onToggle?: (checked: boolean) => void;
};

// A labelled switch bound to the form; saving happens in the autosave hook (switches save at once).
export function SwitchRow({ control, name, label, hint, disabled, error, onToggle }: TProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Box>
          <FormControlLabel
            label={label}
            disabled={disabled}
            control={
              <Switch
                checked={field.value === true}
                onChange={(_, checked) => (onToggle ? onToggle(checked) : field.onChange(checked))}
                slotProps={{ input: { name: field.name } }}
              />
            }
          />
          {(error ?? hint) && (
            <FormHelperText error={Boolean(error)} sx={{ mt: -0.5, ml: 6.5 }}>
              {error ?? hint}
            </FormHelperText>
          )}
        </Box>
      )}
    />
  );
}
