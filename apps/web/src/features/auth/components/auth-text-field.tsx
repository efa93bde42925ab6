import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type TProps<T extends FieldValues, TOut> = {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  hint?: ReactNode;
  endAdornment?: ReactNode;
};

// The auth pages' text field: the parts MUI's TextField is made of, without its select mode (TextField pulls
// Select, Menu, Popover and Modal into the sign-in page's JavaScript; issue 17 item 10). Looks and reads the
// same: a label tied to the input, the error or hint under it and announced with it.
export function AuthTextField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  type = 'text',
  autoComplete,
  autoFocus,
  hint,
  endAdornment,
}: TProps<T, TOut>) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message ?? hint;
        return (
          <FormControl fullWidth variant="outlined" error={Boolean(fieldState.error)}>
            <InputLabel htmlFor={id}>{label}</InputLabel>
            <OutlinedInput
              id={id}
              label={label}
              name={field.name}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              type={type}
              autoComplete={autoComplete}
              autoFocus={autoFocus}
              endAdornment={endAdornment}
              inputProps={message ? { 'aria-describedby': `${id}-helper-text` } : undefined}
            />
            {message && <FormHelperText id={`${id}-helper-text`}>{message}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
