import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { AuthTextField } from './auth-text-field.tsx';
import { usePasswordToggle } from './password-toggle.tsx';

type TProps<T extends FieldValues, TOut> = {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  autoComplete: 'current-password' | 'new-password';
};

export function PasswordField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  autoComplete,
}: TProps<T, TOut>) {
  const toggle = usePasswordToggle();
  return (
    <AuthTextField control={control} name={name} label={label} autoComplete={autoComplete} {...toggle} />
  );
}
