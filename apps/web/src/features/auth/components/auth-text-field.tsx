import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { AuthInput } from './auth-input.tsx';

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

// `AuthInput` as a react-hook-form field (the auth forms other than sign-in).
export function AuthTextField<T extends FieldValues, TOut>({ control, name, ...rest }: TProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <AuthInput
          {...rest}
          name={field.name}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
