import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { ZSignInRequest } from '@hirecast/domain/auth';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSignIn } from '../api/sign-in.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { PasswordField } from './password-field.tsx';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

type TInput = z.input<typeof ZSignInRequest>;
type TOutput = z.output<typeof ZSignInRequest>;

export function SignInForm() {
  const { control, handleSubmit } = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(ZSignInRequest),
    // A keyboard user tabbing past the autofocused email sees no error before typing: check on submit,
    // then on every change.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '' },
  });
  const signIn = useSignIn();
  const completeSignIn = useCompleteSignIn();
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    signIn.mutate(values, {
      onSuccess: (auth) => completeSignIn(auth.manager),
      onError: (err) => {
        // spec 1 §8: the server says which of the two sign-in failures applies; it shows once, under the
        // form (an alert, so screen readers hear it), not again as a toast.
        setFailure(errorMessage(err));
      },
    });
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
        />
        <PasswordField control={control} name="password" label="Password" autoComplete="current-password" />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: '8px !important' }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            Forgot password?
          </Link>
        </Box>
        {failure && <Alert severity="error">{failure}</Alert>}
        <Button type="submit" variant="contained" size="large" fullWidth loading={signIn.isPending}>
          Sign in
        </Button>
      </Stack>
    </Box>
  );
}
