import { Link as RouterLink, useSearchParams } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { AuthLayout } from '../components/auth-layout.tsx';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';
import { ResetPasswordForm } from '../components/reset-password-form.tsx';

// /forgot-password, and with ?reset-token= the new-password form (spec 1 §2 Reset password).
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('reset-token');
  return (
    <AuthLayout
      title={token ? 'Set a new password' : 'Forgot your password?'}
      subtitle={
        token
          ? 'Choose a new password of at least 6 characters.'
          : "Enter the email you signed up with and we'll send you a link to reset your password."
      }
    >
      {token ? <ResetPasswordForm token={token} /> : <ForgotPasswordForm />}
      <Typography variant="body2" sx={{ mt: 4, textAlign: 'center' }}>
        <Link component={RouterLink} to="/sign-in">
          Return to Sign In
        </Link>
      </Typography>
    </AuthLayout>
  );
}
