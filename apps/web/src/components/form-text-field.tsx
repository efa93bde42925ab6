import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type TProps<T extends FieldValues, TOut> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'helperText'
> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  // spec 1 §5: a field with a maximum blocks typing and pasting beyond it and shows 'n/max'.
  max?: number;
  hint?: ReactNode;
};

// A MUI text field bound to react-hook-form: error text from the schema, an optional hint and counter.
// Identical copies live in the auth, company and contact features (features do not import each other).
export function FormTextField<T extends FieldValues, TOut>({
  control,
  name,
  max,
  hint,
  slotProps,
  ...rest
}: TProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        const message = fieldState.error?.message ?? hint;
        const helper =
          max === undefined ? (
            message
          ) : (
            <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <span>{message}</span>
              <Box component="span" sx={{ flexShrink: 0 }} aria-hidden="true">
                {value.length}/{max}
              </Box>
            </Box>
          );
        return (
          <TextField
            {...rest}
            name={field.name}
            value={value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(fieldState.error)}
            helperText={helper}
            fullWidth
            slotProps={{
              ...slotProps,
              htmlInput: {
                ...(slotProps?.htmlInput as object | undefined),
                ...(max === undefined ? {} : { maxLength: max }),
              },
            }}
          />
        );
      }}
    />
  );
}
