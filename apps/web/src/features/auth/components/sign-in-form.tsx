import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useForm, type Resolver } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { checkSignIn, type TSignInValues } from '@hirecast/domain/sign-in-rules';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSignIn } from '../api/sign-in.ts';
import { AuthErrorNote } from './auth-error-note.tsx';
import { AuthTextField } from './auth-text-field.tsx';
import { PasswordField } from './password-field.tsx';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

// The same rules as ZSignInRequest (a domain test keeps them equal), without zod in the sign-in page's bundle.
const resolver: Resolver<TSignInValues> = async (input) => {
  const { values, errors } = checkSignIn(input);
  const entries = Object.entries(errors);
  return entries.length === 0
    ? { values, errors: {} }
    : {
        values: {},
        errors: Object.fromEntries(entries.map(([key, message]) => [key, { type: 'validate', message }])),
      };
};

export function SignInForm() {
  const { control, handleSubmit } = useForm<TSignInValues>({
    resolver,
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
      onSuccess: (auth) => void completeSignIn(auth.manager),
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
        <AuthTextField
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
        {failure && <AuthErrorNote>{failure}</AuthErrorNote>}
        <Button type="submit" variant="contained" size="large" fullWidth loading={signIn.isPending}>
          Sign in
        </Button>
      </Stack>
    </Box>
  );
}
