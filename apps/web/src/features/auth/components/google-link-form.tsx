import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '@hirecast/domain/messages';
import { checkSignIn } from '@hirecast/domain/sign-in-rules';
import { errorMessage } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';
import { useLinkGoogle } from '../api/link-google.ts';
import { AuthErrorNote } from './auth-error-note.tsx';
import { PasswordField } from './password-field.tsx';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

type TValues = { password: string };

// The sign-in form's password rules (spec 1 §5).
const resolver: Resolver<TValues> = async (values): Promise<ResolverResult<TValues>> => {
  const message = checkSignIn({ email: '', password: values.password }).errors.password;
  if (!message) return { values, errors: {} };
  return { values: {}, errors: { password: { type: 'validate', message } } };
};

/**
 * Issue 27 (decision 030): Google proved an address whose Hirecast account is verified. The Google account is
 * linked only when the person enters that account's password here; a wrong password links nothing.
 */
export function GoogleLinkForm({ code }: { code: string }) {
  const { control, handleSubmit } = useForm<TValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { password: '' },
  });
  const link = useLinkGoogle();
  const completeSignIn = useCompleteSignIn();
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = handleSubmit(({ password }) => {
    setFailure(null);
    link.mutate(
      { code, password },
      {
        onSuccess: ({ manager }) => {
          if (session.getInvite()) {
            session.clearInvite();
            if (manager._company) session.setCompanyId(manager._company);
          }
          void completeSignIn(manager);
        },
        onError: (err) => setFailure(errorMessage(err)),
      },
    );
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        <Box role="status" sx={{ typography: 'body1' }}>
          {messages.socialLinkConfirm}
        </Box>
        <PasswordField control={control} name="password" label="Password" autoComplete="current-password" />
        {failure && <AuthErrorNote>{failure}</AuthErrorNote>}
        <Button type="submit" variant="contained" size="large" fullWidth loading={link.isPending}>
          Link Google and sign in
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          <Link component={RouterLink} to="/forgot-password">
            Forgot password?
          </Link>
          {' · '}
          <Link component={RouterLink} to="/sign-in" replace>
            Cancel
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}
