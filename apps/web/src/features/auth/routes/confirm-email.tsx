import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useLogOut } from '../../../components/layout/use-log-out.ts';
import { useMe, useSignedIn } from '../../../lib/me.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { ResendVerificationButton } from '../components/resend-verification-button.tsx';
import { VerifyEmailToken } from '../components/verify-email-token.tsx';

// /confirm-email (spec 1 §2): with ?verify-token= confirms the address; without, asks for confirmation
// (the guard sends unverified viewers here). Open to signed-in and anonymous users.
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('verify-token');
  return (
    <AuthLayout title={token ? 'Confirm your email' : 'Please confirm your email'}>
      {token ? <VerifyEmailToken token={token} /> : <ConfirmEmailPrompt />}
    </AuthLayout>
  );
}

function ConfirmEmailPrompt() {
  const signedIn = useSignedIn() === true;
  const me = useMe();
  const logOut = useLogOut();
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        We sent a confirmation link to {me.data ? <strong>{me.data.email}</strong> : 'your email address'}.
        Open it to confirm your address and continue to Hirecast. The link is valid for 72 hours.
      </Typography>
      {signedIn ? (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <ResendVerificationButton variant="contained" />
          <Button variant="text" component={RouterLink} to="/jobs">
            I've confirmed it
          </Button>
          {/* No shell header on this page: a viewer who is sent here can still leave. */}
          <Button variant="text" color="inherit" onClick={() => void logOut()}>
            Log out
          </Button>
        </Box>
      ) : (
        <Button variant="contained" component={RouterLink} to="/sign-in">
          Sign in
        </Button>
      )}
    </Box>
  );
}
