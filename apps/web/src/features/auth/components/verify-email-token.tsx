import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { messages } from '@hirecast/domain/messages';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSignedIn } from '../../../lib/me.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { ResendVerificationButton } from './resend-verification-button.tsx';

// /confirm-email?verify-token=: confirms once on mount and shows the outcome.
export function VerifyEmailToken({ token }: { token: string }) {
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const started = useRef<string | null>(null);
  const signedIn = useSignedIn() === true;

  useEffect(() => {
    // StrictMode mounts effects twice; the token is single use, so it is sent once.
    if (started.current === token) return;
    started.current = token;
    mutate({ token });
  }, [token, mutate]);

  if (verify.isSuccess) {
    return (
      <Box>
        <Alert severity="success" sx={{ mb: 3 }}>
          {messages.emailVerified}
        </Alert>
        <Button
          variant="contained"
          size="large"
          component={RouterLink}
          to={signedIn ? '/jobs' : '/sign-in'}
          replace
        >
          Continue
        </Button>
      </Box>
    );
  }
  if (verify.isError) {
    return (
      <Box>
        <Alert severity="error" sx={{ mb: 3 }}>
          {errorMessage(verify.error, messages.verifyTokenInvalid)}
        </Alert>
        {signedIn ? (
          <ResendVerificationButton variant="contained" />
        ) : (
          <Button variant="contained" component={RouterLink} to="/sign-in">
            Sign in to get a new link
          </Button>
        )}
      </Box>
    );
  }
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <CircularProgress size={24} />
      <Typography>Confirming your email address…</Typography>
    </Box>
  );
}
