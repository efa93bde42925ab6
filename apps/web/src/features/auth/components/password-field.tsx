import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { AuthTextField } from './auth-text-field.tsx';

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
  const [visible, setVisible] = useState(false);
  return (
    <AuthTextField
      control={control}
      name={name}
      label={label}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={visible ? 'Hide password' : 'Show password'}
            onClick={() => setVisible((v) => !v)}
            edge="end"
          >
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
